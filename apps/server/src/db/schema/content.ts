import type { SubmissionResult } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { file } from './files.js';
import { tenant } from './tenants.js';
import { appUser, userGroup } from './users.js';

export const contentType = pgEnum('content_type', ['EDUCATION', 'POLL', 'INQUIRY', 'INFORMATION', 'TASK']);
export const contentConfiguration = pgEnum('content_configuration', ['COMMUNICATION', 'PROMOTION']);
/** 'scheduled' with a publish_at in the past reads as published: no job has to flip it on time. */
export const contentStatus = pgEnum('content_status', ['draft', 'scheduled', 'published', 'archived']);
export const mediaType = pgEnum('media_type', ['IMAGE', 'VIDEO', 'DOCUMENT']);
export const questionType = pgEnum('question_type', ['SINGLE', 'MULTIPLE', 'TEXT', 'LINEAR']);
export const repeat = pgEnum('repeat', ['NO_REPEAT', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);

/** Spec point 3: timeRestriction in seconds per question, passingScore 0..1. */
export type StoredContentSettings = { timeRestriction: number | null; passingScore: number | null; comments: boolean };

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const content = pgTable(
  'content',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    settings: jsonb()
      .$type<StoredContentSettings>()
      .notNull()
      .default({ timeRestriction: null, passingScore: null, comments: false }),
    /** Aimed at every active user of the tenant; otherwise at the groups and people listed. */
    audienceAll: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique('content_tenant_id_id_key').on(t.tenantId, t.id),
    // A user who authored content, or a file it shows, cannot be deleted out from under it (deactivate
    // a user instead), yet a tenant can be deleted whole: these three references are DEFERRABLE INITIALLY
    // DEFERRED (drizzle/0004_content_deferred_fks.sql; drizzle cannot say so — redo it if one is recreated).
    foreignKey({
      name: 'content_creator_fk',
      columns: [t.tenantId, t.creatorId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }),
    foreignKey({ name: 'content_image_fk', columns: [t.tenantId, t.image], foreignColumns: [file.tenantId, file.id] }),
    index('content_tenant_creator_idx').on(t.tenantId, t.creatorId),
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
    primaryKey({ columns: [t.contentId, t.groupId] }),
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
    primaryKey({ columns: [t.contentId, t.userId] }),
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

/** What there is to view before the questions: a (video) link, a text, and the media below. */
export const material = pgTable(
  'material',
  {
    contentId: integer().primaryKey(),
    tenantId: integer().notNull(),
    link: text(),
    text: text(),
  },
  (t) => [
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    type: mediaType().notNull(),
    fileId: uuid().notNull(),
    name: text().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    // The material screen lists an item's media in order.
    index('media_content_position_idx').on(t.tenantId, t.contentId, t.position),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    /** Zero-based (spec point 3, Form: "order (zero-based)"). */
    position: integer().notNull(),
    title: text().notNull(),
    type: questionType().notNull(),
  },
  (t) => [
    unique('question_tenant_id_id_key').on(t.tenantId, t.id),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    questionId: integer().notNull(),
    position: integer().notNull(),
    title: text().notNull(),
    isCorrect: boolean().notNull().default(false),
  },
  (t) => [
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
    contentId: integer().primaryKey(),
    tenantId: integer().notNull(),
    deadline: timestamp({ withTimezone: true }),
    repeat: repeat().notNull().default('NO_REPEAT'),
    /** Minutes before the deadline (15, 30, 45, 60, 1 day, 2 days, 1 week); null for none. */
    reminderMinutes: integer(),
  },
  (t) => [
    foreignKey({
      name: 'task_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The user's inbox. A row is written for every user in an item's audience when the item is
 * published (syncAudience), carrying copies of publish_at, the task flag and whether the item is live
 * (published or scheduled), so the home feed is one index range over the caller's own rows — no
 * audience resolution (all / groups / people) and no look at the item itself to count or order them,
 * however many groups and items a tenant has. The same row records viewed → finished.
 */
export const contentInteraction = pgTable(
  'content_interaction',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    contentId: integer().notNull(),
    publishAt: timestamp({ withTimezone: true }).notNull(),
    isTask: boolean().notNull(),
    /** Copy of content.status IN (published, scheduled); false keeps an archived or withdrawn item's history. */
    live: boolean().notNull().default(true),
    viewedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    // The home feed: the caller's unfinished rows of live items, tasks first, newest first
    // (content.repository.ts). The count is an index-only scan of it; a page reads 50 entries.
    index('content_interaction_feed_idx')
      .on(t.tenantId, t.userId, t.isTask.desc(), t.publishAt.desc(), t.contentId.desc())
      .where(sql`${t.finishedAt} IS NULL AND ${t.live}`),
    // The archive: the caller's finished rows, latest first (content.repository.ts, finishedList).
    index('content_interaction_finished_idx')
      .on(t.tenantId, t.userId, t.finishedAt.desc(), t.contentId.desc())
      .where(sql`${t.finishedAt} IS NOT NULL`),
    // syncAudience: the rows of one item.
    index('content_interaction_content_idx').on(t.tenantId, t.contentId),
    foreignKey({
      name: 'content_interaction_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'content_interaction_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

export const comment = pgTable(
  'comment',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    userId: integer().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The detail screen lists the caller's own comments on an item.
    index('comment_content_user_idx').on(t.tenantId, t.contentId, t.userId, t.createdAt),
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
 * A named submission (EDUCATION, INQUIRY). Polls never get one: they are anonymous. An INQUIRY attempt is
 * not graded, so its final_mark and correct are NULL (and both are, or neither).
 */
export const attempt = pgTable(
  'attempt',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    contentId: integer().notNull(),
    finalMark: real(),
    correct: integer(),
    total: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('attempt_tenant_id_id_key').on(t.tenantId, t.id),
    // Profile accuracy sums one user's attempts; the attempts screens list them per item; the archive
    // reads one user's latest attempt at an item (LIMIT 1 in this order, no sort).
    index('attempt_user_content_idx').on(t.tenantId, t.userId, t.contentId, t.createdAt.desc(), t.id.desc()),
    index('attempt_content_idx').on(t.tenantId, t.contentId),
    check('attempt_final_mark_range', sql`${t.finalMark} BETWEEN 0 AND 1`),
    check('attempt_counts', sql`${t.total} >= 0 AND ${t.correct} >= 0 AND ${t.correct} <= ${t.total}`),
    check('attempt_graded_whole', sql`(${t.finalMark} IS NULL) = (${t.correct} IS NULL)`),
    foreignKey({
      name: 'attempt_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attempt_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

/**
 * What an attempt answered: one row per chosen answer, or one row with the text, or one empty row for
 * a question left unanswered (the time ran out), so the review shows every question. `correct` is the
 * question's result as scored at submission (NULL when not graded), kept so that later edits of the
 * item do not rewrite history.
 */
export const attemptAnswer = pgTable(
  'attempt_answer',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    attemptId: integer().notNull(),
    questionId: integer().notNull(),
    answerId: integer(),
    text: text(),
    correct: boolean(),
  },
  (t) => [
    index('attempt_answer_attempt_idx').on(t.tenantId, t.attemptId),
    foreignKey({
      name: 'attempt_answer_attempt_fk',
      columns: [t.tenantId, t.attemptId],
      foreignColumns: [attempt.tenantId, attempt.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attempt_answer_question_fk',
      columns: [t.tenantId, t.questionId],
      foreignColumns: [question.tenantId, question.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One poll answer. Polls are anonymous (DESIGN.md §4), so this must hold in the database too: no user
 * id, a random id (a sequence would order rows as people answered, next to their finished_at), and a
 * date, not a time. Participation is only the user's content_interaction. One row per chosen answer,
 * one per text, and one empty row (no answer, no text) per question left unanswered.
 */
export const pollResponse = pgTable(
  'poll_response',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    questionId: integer().notNull(),
    answerId: integer(),
    text: text(),
    responseDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    // Results count one poll's rows by question and answer.
    index('poll_response_content_idx').on(t.tenantId, t.contentId, t.questionId, t.answerId),
    foreignKey({
      name: 'poll_response_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'poll_response_question_fk',
      columns: [t.tenantId, t.questionId],
      foreignColumns: [question.tenantId, question.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A submission's idempotency key (header Idempotency-Key) and what it answered, so a retry stores
 * nothing new and answers the same. The result is the SubmissionResult, which never holds answers: a
 * poll's key row must not tie the user to what they answered.
 */
export const submissionKey = pgTable(
  'submission_key',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    key: text().notNull(),
    contentId: integer().notNull(),
    result: jsonb().$type<SubmissionResult>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    foreignKey({
      name: 'submission_key_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'submission_key_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);

/** Points are a ledger, never a counter: every award (or correction) is a row with its reason. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    /** The item the points came from; null for a correction not tied to one. */
    contentId: integer(),
    points: integer().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Profile points and the tenant's rank are sums per user of one tenant.
    index('points_ledger_user_idx').on(t.tenantId, t.userId),
    index('points_ledger_content_idx').on(t.tenantId, t.contentId),
    // A passed education pays once per user and item, however many submissions race.
    uniqueIndex('points_ledger_education_passed_key')
      .on(t.tenantId, t.userId, t.contentId)
      .where(sql`${t.reason} = 'education_passed'`),
    foreignKey({
      name: 'points_ledger_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'points_ledger_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);
