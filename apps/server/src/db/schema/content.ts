import {
  type AudienceRule,
  CONTENT_CONFIGURATIONS,
  CONTENT_STATUSES,
  CONTENT_TYPES,
  MEDIA_TYPES,
  NOTICE_KINDS,
  QUESTION_TYPES,
  REPEATS,
  type RichDoc,
} from '@kanal/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { file, tenant } from './tenants.js';
import { appUser, userGroup } from './users.js';

export const contentType = pgEnum('content_type', CONTENT_TYPES);
export const contentConfiguration = pgEnum('content_configuration', CONTENT_CONFIGURATIONS);
/** 'scheduled' with a publish_at in the past reads as published: no job has to flip it on time. */
export const contentStatus = pgEnum('content_status', CONTENT_STATUSES);
export const mediaType = pgEnum('media_type', MEDIA_TYPES);
export const questionType = pgEnum('question_type', QUESTION_TYPES);
export const repeat = pgEnum('repeat', REPEATS);

/** Spec point 3: timeRestriction in seconds per question, passingScore 0..1. */
export type StoredContentSettings = {
  timeRestriction: number | null;
  passingScore: number | null;
  comments: boolean;
  certificate: boolean;
  questionsPerAttempt: number | null;
};

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const content = pgTable(
  'content',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    type: contentType().notNull(),
    configuration: contentConfiguration().notNull().default('COMMUNICATION'),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** The cover picture, a file of this tenant's. */
    image: uuid(),
    category: text(),
    creatorId: integer().notNull(),
    publishAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: contentStatus().notNull().default('draft'),
    settings: jsonb().$type<StoredContentSettings>().notNull().default({
      timeRestriction: null,
      passingScore: null,
      comments: false,
      certificate: false,
      questionsPerAttempt: null,
    }),
    /** Aimed at every active user of the tenant; otherwise at the groups and people listed. */
    audienceAll: boolean().notNull().default(false),
    ...timestamps,
    /** Name and category folded for the staff search (kanal_fold, as app_user.search_text). */
    searchText: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`kanal_fold(${content.name} || ' ' || coalesce(${content.category}, ''))`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // A user who authored content, or a file it shows, cannot be deleted out from under it (deactivate
    // a user instead), yet a tenant can be deleted whole: these three references are DEFERRABLE INITIALLY
    // DEFERRED (drizzle/0004_content_deferred_fks.sql, again in 0012_tenant_keys.sql; drizzle cannot say
    // so — redo it if one is recreated).
    foreignKey({
      name: 'content_creator_fk',
      columns: [t.tenantId, t.creatorId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }),
    foreignKey({ name: 'content_image_fk', columns: [t.tenantId, t.image], foreignColumns: [file.tenantId, file.id] }),
    index('content_tenant_creator_idx').on(t.tenantId, t.creatorId),
    // Which items show a file as their cover, when a user asks for it (content.showsFile).
    index('content_image_idx').on(t.tenantId, t.image).where(sql`${t.image} IS NOT NULL`),
    // The staff list's default order, a page at a time (authoring.repository, list).
    index('content_publish_idx').on(t.tenantId, t.publishAt.desc(), t.id.desc()),
    // The staff search: any part of a word of the name or category (trigrams, pg_trgm), within the tenant.
    // The tenant is a key of the same GIN index (btree_gin), so a search is one bitmap scan of this tenant's
    // matches; on the trigrams alone it read every tenant's matches and then dropped the other tenants'. The
    // type is one too: a search filtered by type then reads only that type's rows, not every match's (a
    // fourth of them for one type of five, bench:content).
    index('content_search_idx').using('gin', t.tenantId, t.type, t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * How many inbox rows an item has, and how many of them are viewed and finished: kept by statement
 * triggers on content_interaction (migrations 0017, 0041), so the staff list shows each row's reach without
 * counting an audience of 100,000 per row. Each statement adds its net change once, whatever its size, to
 * the slot of its database session (COUNTER_SLOTS of them per item): people opening and finishing the same
 * item at once add to different rows instead of queueing for one (ADR 0052). An item's figures are the sum
 * of its slots (`reachOfItem`).
 */
export const contentReach = pgTable(
  'content_reach',
  {
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    slot: smallint().notNull(),
    audience: integer().notNull().default(0),
    viewed: integer().notNull().default(0),
    finished: integer().notNull().default(0),
    /**
     * Unfinished rows of people who had the item before its deadline (the rows' copy of it): once the deadline
     * has passed, the task's overdue people, counted without reading its inbox (the dashboard).
     */
    unfinishedByDeadline: integer().notNull().default(0),
  },
  (t) => [
    // No foreign key to the item: its check would lock the item's row whenever a session's first write makes
    // its slot's row. The item's deletion deletes its rows (migration 0042's trigger).
    primaryKey({ columns: [t.tenantId, t.contentId, t.slot] }),
  ],
);

/**
 * A notice about an item to its audience who have not finished it: asked for by staff (POST
 * /content/{id}/notify), or sent by the item's own schedule when it appears (`published`) and before a
 * task's deadline (`reminder`). Each automatic kind happens once per item; the notifications module
 * hands it to each recipient's channels.
 */
export const contentNotice = pgTable(
  'content_notice',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    kind: text({ enum: NOTICE_KINDS }).notNull().default('manual'),
    /** Who asked (manual only); not a foreign key, so that deleting the person keeps the notice (the audit log names them too). */
    requestedBy: integer(),
    recipients: integer().notNull(),
    status: text({ enum: ['queued', 'sent'] })
      .notNull()
      .default('queued'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Also the hourly limit's lookup of an item's latest manual notice.
    index('content_notice_content_idx').on(t.tenantId, t.contentId, t.createdAt),
    // Whatever the number of processes that run the item's schedule, it announces and reminds once.
    uniqueIndex('content_notice_once_idx')
      .on(t.tenantId, t.contentId, t.kind)
      .where(sql`${t.kind} IN ('published', 'reminder')`),
    foreignKey({
      name: 'content_notice_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

export const contentAudienceGroup = pgTable(
  'content_audience_group',
  {
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    groupId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId, t.groupId] }),
    // Re-syncing every item aimed at a group when its members change.
    index('content_audience_group_group_idx').on(t.tenantId, t.groupId),
    foreignKey({
      name: 'content_audience_group_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'content_audience_group_group_fk',
      columns: [t.tenantId, t.groupId],
      foreignColumns: [userGroup.tenantId, userGroup.id],
    }).onDelete('cascade'),
  ],
);

export const contentAudienceUser = pgTable(
  'content_audience_user',
  {
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    userId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId, t.userId] }),
    index('content_audience_user_user_idx').on(t.tenantId, t.userId),
    foreignKey({
      name: 'content_audience_user_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'content_audience_user_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * An item's audience by rule (issue 31, ADR 0051): its rules as the contract's body gives them, alternatives
 * to each other and to the item's groups and people. One row per item that has rules. Read whole (the inbox
 * and the statistics compile them to a predicate over app_user, db/audience-rules.ts), never searched
 * inside, so jsonb rather than rows: a group or manager a rule names is not a foreign key, and one deleted
 * since matches nobody.
 */
export const contentAudienceRule = pgTable(
  'content_audience_rule',
  {
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    rules: jsonb().$type<AudienceRule[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId] }),
    foreignKey({
      name: 'content_audience_rule_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

/**
 * What there is to view before the questions: a (video) link, a text, and the media below. The text is
 * the editor's document (`doc`, ADR 0068); `text` is its words alone, written with it, for the spec's
 * `text`, for whether an item has material, and for search.
 */
export const material = pgTable(
  'material',
  {
    contentId: integer().notNull(),
    tenantId: integer().notNull(),
    link: text(),
    text: text(),
    doc: jsonb().$type<RichDoc>(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId] }),
    foreignKey({
      name: 'material_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

export const media = pgTable(
  'media',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    type: mediaType().notNull(),
    fileId: uuid().notNull(),
    name: text().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The material screen lists an item's media in order.
    index('media_content_position_idx').on(t.tenantId, t.contentId, t.position),
    // Which items show a file, when a user asks for it (content.showsFile).
    index('media_file_idx').on(t.tenantId, t.fileId),
    foreignKey({
      name: 'media_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
    // A file in use by content cannot be deleted (deferred, see content_creator_fk).
    foreignKey({ name: 'media_file_fk', columns: [t.tenantId, t.fileId], foreignColumns: [file.tenantId, file.id] }),
  ],
);

export const question = pgTable(
  'question',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    /** Zero-based (spec point 3, Form: "order (zero-based)"). */
    position: integer().notNull(),
    title: text().notNull(),
    type: questionType().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('question_content_position_idx').on(t.tenantId, t.contentId, t.position),
    foreignKey({
      name: 'question_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

export const answer = pgTable(
  'answer',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    questionId: integer().notNull(),
    position: integer().notNull(),
    title: text().notNull(),
    isCorrect: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('answer_question_position_idx').on(t.tenantId, t.questionId, t.position),
    foreignKey({
      name: 'answer_question_fk',
      columns: [t.tenantId, t.questionId],
      foreignColumns: [question.tenantId, question.id],
    }).onDelete('cascade'),
  ],
);

export const task = pgTable(
  'task',
  {
    contentId: integer().notNull(),
    tenantId: integer().notNull(),
    deadline: timestamp({ withTimezone: true }),
    repeat: repeat().notNull().default('NO_REPEAT'),
    /** Minutes before the deadline (15, 30, 45, 60, 1 day, 2 days, 1 week); null for none. */
    reminderMinutes: integer(),
    /**
     * A repeating task's first deadline and which occurrence this is: occurrence n is due n periods after
     * the anchor, in Europe/Zagreb wall time (a monthly task due on the 31st keeps returning to the 31st).
     */
    anchor: timestamp({ withTimezone: true }),
    occurrence: integer().notNull().default(0),
    /** When the next occurrence replaced this one: it leaves the home, keeps its state and its history. */
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId] }),
    foreignKey({
      name: 'task_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

export const comment = pgTable(
  'comment',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    userId: integer().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The organisation's answer, which its writer reads under the comment. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    /** Why staff hid it; its writer reads that it was hidden, and why. */
    hiddenReason: text(),
    hiddenAt: timestamp({ withTimezone: true }),
    /** When it left the moderation queue's new ones. */
    handledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The moderation queue: the organisation's comments, newest first.
    index('comment_queue_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // The detail screen lists the caller's own comments on an item.
    index('comment_content_user_idx').on(t.tenantId, t.contentId, t.userId, t.createdAt),
    // A person's timeline for their admin (GET /user/{id}/activity) reads their comments across items.
    index('comment_user_idx').on(t.tenantId, t.userId, t.createdAt),
    foreignKey({
      name: 'comment_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'comment_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A promotion's copy in an organisation it is sent to (issue 13): the provider's PROMOTION item is
 * materialised as an item of the receiving tenant, aimed at all its people, so every end-user read stays
 * within one tenant. `source_tenant_id`/`source_id` name the provider's item without referencing it (a
 * reference into another tenant; the content module deletes copies with their source). `sent` false: the
 * organisation was taken off the promotion, and the copy is archived, keeping its people's history.
 */
export const promotionCopy = pgTable(
  'promotion_copy',
  {
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    sourceTenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    sourceId: integer().notNull(),
    sent: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId] }),
    // One copy of a promotion per organisation.
    unique('promotion_copy_source_key').on(t.tenantId, t.sourceTenantId, t.sourceId),
    // A promotion's copies in every organisation, when it is listed or changed.
    index('promotion_copy_source_idx').on(t.sourceTenantId, t.sourceId),
    foreignKey({
      name: 'promotion_copy_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);
