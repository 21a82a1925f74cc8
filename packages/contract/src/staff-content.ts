import * as z from 'zod/mini';
import { StoredRuleSchema } from './audience-rules.js';
import {
  CATEGORY_MAX_LENGTH,
  CONTENT_PAGE_SIZE,
  CONTENT_SORTS,
  type ContentBody,
  type PublishMode,
  REMINDER_MINUTES,
} from './authoring.js';
import { COMMENT_MAX_LENGTH, SEARCH_MAX_LENGTH } from './constants.js';
import { ContentSettingsSchema, IsoDateTimeSchema } from './content.js';
import {
  CONTENT_STATUSES,
  CONTENT_TYPES,
  ContentConfigurationSchema,
  ContentStatusSchema,
  ContentTypeSchema,
  isChoiceQuestion,
  MediaTypeSchema,
  QuestionTypeSchema,
  RepeatSchema,
} from './enums.js';
import { csv, IdSchema, IdStringSchema, pageQuery } from './envelope.js';
import { AttemptSchema } from './forms.js';
import { tenantScope } from './people.js';
import { RichDocShape } from './rich-text.js';

// Content as the staff read it (spec point 7, "Content"): the tenant's list, one item as its editor shows
// it, and that item turned back into the body that would save it.

/** GET /content: search, filters, an order and a page of the tenant's content. */
export const StaffContentQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  type: csv(ContentTypeSchema, CONTENT_TYPES.length),
  status: csv(ContentStatusSchema, CONTENT_STATUSES.length),
  category: z.optional(z.string().check(z.trim(), z.maxLength(CATEGORY_MAX_LENGTH))),
  creator: z.optional(IdStringSchema),
  configuration: z.optional(ContentConfigurationSchema),
  /** Published from this day on (YYYY-MM-DD, in the app's time zone), and up to and including `to`; no drafts. */
  from: z.optional(z.iso.date({ error: 'validation.invalidDate' })),
  to: z.optional(z.iso.date({ error: 'validation.invalidDate' })),
  sort: z._default(z.enum(CONTENT_SORTS), '-publishAt'),
  ...pageQuery(CONTENT_PAGE_SIZE),
  ...tenantScope,
});
export type StaffContentQuery = z.infer<typeof StaffContentQuerySchema>;

/** How many an item was sent to, and of them how many opened and finished it. */
export const ReachCountsSchema = z.object({ audience: z.int(), viewed: z.int(), finished: z.int() });
export type ReachCounts = z.infer<typeof ReachCountsSchema>;

const PersonRefSchema = z.object({ id: z.int(), name: z.string() });

/**
 * One row of the staff list. `status` is as people see it: a scheduled item whose time has come reads
 * `published`.
 */
export const StaffContentRowSchema = z.object({
  id: z.int(),
  type: ContentTypeSchema,
  configuration: ContentConfigurationSchema,
  status: ContentStatusSchema,
  name: z.string(),
  category: z.nullable(z.string()),
  image: z.nullable(z.string()),
  publishAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  creator: PersonRefSchema,
  counts: ReachCountsSchema,
  /** Its audience's inboxes are still being filled (a large audience, in the background): `counts.audience` grows. */
  delivering: z.boolean(),
  /**
   * A task's deadline and, when it repeats, which occurrence this is (0 the first) and whether the next
   * has replaced it.
   */
  task: z.nullable(
    z.object({
      deadline: z.nullable(IsoDateTimeSchema),
      repeat: RepeatSchema,
      occurrence: z.int(),
      replaced: z.boolean(),
    }),
  ),
});
export type StaffContentRow = z.infer<typeof StaffContentRowSchema>;

export const StaffContentListSchema = z.object({ count: z.int(), items: z.array(StaffContentRowSchema) });
export type StaffContentList = z.infer<typeof StaffContentListSchema>;

/** GET /content/{id}/simple. */
export const SimpleContentSchema = z.object({
  id: z.int(),
  name: z.string(),
  type: ContentTypeSchema,
  status: ContentStatusSchema,
});
export type SimpleContent = z.infer<typeof SimpleContentSchema>;

export const CategoryListSchema = z.array(z.string());
export type CategoryList = z.infer<typeof CategoryListSchema>;
export const StaffQuestionSchema = z.object({
  id: z.int(),
  title: z.string(),
  type: QuestionTypeSchema,
  answers: z.array(z.object({ id: z.int(), title: z.string(), isCorrect: z.boolean() })),
});

export const StaffMediaSchema = z.object({
  id: z.int(),
  fileId: z.string(),
  name: z.string(),
  type: MediaTypeSchema,
  mime: z.string(),
  size: z.int(),
  url: z.string(),
});
export type StaffMedia = z.infer<typeof StaffMediaSchema>;

/** GET /content/{id}: the whole item as its editor shows it. */
export const StaffContentSchema = z.object({
  id: z.int(),
  type: ContentTypeSchema,
  configuration: ContentConfigurationSchema,
  status: ContentStatusSchema,
  name: z.string(),
  description: z.string(),
  image: z.nullable(z.string()),
  category: z.nullable(z.string()),
  settings: ContentSettingsSchema,
  /** The text as the editor's document, and as the audience's HTML (content.ts, MaterialSchema). */
  material: z.object({
    link: z.nullable(z.string()),
    doc: z.nullable(RichDocShape),
    html: z.nullable(z.string()),
  }),
  media: z.array(StaffMediaSchema),
  questions: z.array(StaffQuestionSchema),
  task: z.nullable(
    z.object({ deadline: z.nullable(IsoDateTimeSchema), repeat: RepeatSchema, reminderMinutes: z.nullable(z.int()) }),
  ),
  audience: z.object({
    everyone: z.boolean(),
    groups: z.array(PersonRefSchema),
    people: z.array(PersonRefSchema),
    rules: z.array(StoredRuleSchema),
    /** The groups and people the rules name, by name (one deleted since is not among them). */
    ruleRefs: z.object({ groups: z.array(PersonRefSchema), people: z.array(PersonRefSchema) }),
  }),
  publishAt: IsoDateTimeSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  creator: PersonRefSchema,
  counts: ReachCountsSchema,
  /** Its audience's inboxes are still being filled (a large audience, in the background): `counts.audience` grows. */
  delivering: z.boolean(),
  /** Answered already: its questions and answers can no longer change (copy it instead). */
  locked: z.boolean(),
  /** Whether the caller may change it (a CREATOR only their own, an ANALYST nothing). */
  editable: z.boolean(),
});
export type StaffContent = z.infer<typeof StaffContentSchema>;

/**
 * The publish choice an item stands for: kept as a draft, scheduled, or out already; in review, what its
 * author asked for (a time still to come, or as soon as it is approved).
 */
const publishModeOf = ({ status, publishAt }: Pick<StaffContent, 'status' | 'publishAt'>): PublishMode => {
  if (status === 'review') return Date.parse(publishAt) > Date.now() ? 'schedule' : 'now';
  return status === 'draft' ? 'draft' : status === 'scheduled' ? 'schedule' : 'now';
};

/**
 * An item as the body that would create it: what the server lays an edit's changes over (and copies),
 * and what the console's editor starts its form from.
 */
export function bodyOfItem(item: StaffContent): ContentBody {
  const mode = publishModeOf(item);
  return {
    type: item.type,
    configuration: item.configuration,
    name: item.name,
    description: item.description,
    image: item.image,
    category: item.category,
    settings: item.settings,
    material: { link: item.material.link, doc: item.material.doc },
    media: item.media.map((m) => ({ fileId: m.fileId, name: m.name })),
    questions: item.questions.map((q) => ({
      title: q.title,
      type: q.type,
      answers: isChoiceQuestion(q.type) ? q.answers.map((a) => ({ title: a.title, isCorrect: a.isCorrect })) : [],
    })),
    task: item.task && {
      ...item.task,
      reminderMinutes: REMINDER_MINUTES.find((minutes) => minutes === item.task?.reminderMinutes) ?? null,
    },
    audience: {
      everyone: item.audience.everyone,
      groups: item.audience.groups.map((g) => g.id),
      people: item.audience.people.map((p) => p.id),
      rules: item.audience.rules,
    },
    publish: { mode, at: mode === 'now' ? null : item.publishAt },
  };
}

/** POST /content/{id}/notify: how many of the audience, not finished yet, the notice was queued for. */
/**
 * POST /content/{id}/notify: the notice queued and how many it goes to. With everyone finished nothing is
 * queued (`id` null, 0 recipients), and the hour until the next notice does not start.
 */
export const NoticeQueuedSchema = z.object({ id: z.nullable(z.int()), recipients: z.int() });
export type NoticeQueued = z.infer<typeof NoticeQueuedSchema>;

/** The comments of an item, for moderation (GET /content/{id}/comment). */
export const CommentQuerySchema = z.object({ ...pageQuery(CONTENT_PAGE_SIZE), ...tenantScope });
/** A comment is new until its staff reply to it, hide it or mark it handled. */
export const COMMENT_STATES = ['new', 'handled'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];
/** GET /comments: the organisation's comments across items, newest first, by item, person and state. */
export const CommentQueueQuerySchema = z.object({
  ...pageQuery(CONTENT_PAGE_SIZE),
  ...tenantScope,
  content: z.optional(IdStringSchema),
  user: z.optional(IdStringSchema),
  state: z.optional(z.enum(COMMENT_STATES)),
});
export type CommentQueueQuery = z.infer<typeof CommentQueueQuerySchema>;
export const StaffCommentSchema = z.object({
  id: z.int(),
  text: z.string(),
  createdAt: IsoDateTimeSchema,
  user: PersonRefSchema,
  /** The item commented on; its creator decides who may moderate (`mayChangeItem`). */
  content: z.object({ id: z.int(), name: z.string(), creatorId: z.int() }),
  reply: z.nullable(z.object({ text: z.string(), at: IsoDateTimeSchema })),
  hidden: z.nullable(z.object({ reason: z.string(), at: IsoDateTimeSchema })),
  /** When it stopped being new: replied to, hidden or marked handled. */
  handledAt: z.nullable(IsoDateTimeSchema),
});
export type StaffComment = z.infer<typeof StaffCommentSchema>;
export const StaffCommentListSchema = z.object({ count: z.int(), items: z.array(StaffCommentSchema) });
export type StaffCommentList = z.infer<typeof StaffCommentListSchema>;
export const CommentParamsSchema = z.object({ id: IdStringSchema, commentId: IdStringSchema });
/** Why a comment was hidden: a sentence its writer reads. */
export const HIDE_REASON_MAX_LENGTH = 200;
/**
 * PATCH /content/{id}/comment/{commentId}: what staff do with a comment. A reply (null takes it back) and
 * hiding it (null shows it again) each mark it handled; `handled` marks it so, or new again, on its own.
 */
export const CommentChangeBodySchema = z.object({
  reply: z.optional(
    z.nullable(
      z
        .string({ error: 'validation.required' })
        .check(
          z.trim(),
          z.minLength(1, { error: 'validation.replyEmpty' }),
          z.maxLength(COMMENT_MAX_LENGTH, { error: 'validation.tooLong' }),
        ),
    ),
  ),
  hidden: z.optional(
    z.nullable(
      z.object({
        reason: z
          .string({ error: 'validation.required' })
          .check(
            z.trim(),
            z.minLength(1, { error: 'validation.reasonEmpty' }),
            z.maxLength(HIDE_REASON_MAX_LENGTH, { error: 'validation.tooLong' }),
          ),
      }),
    ),
  ),
  handled: z.optional(z.boolean()),
});
export type CommentChangeBody = z.infer<typeof CommentChangeBodySchema>;

/** GET /userAnswer: named attempts (education, inquiry) of the tenant, by item and person, newest first. */
export const UserAnswerQuerySchema = z.object({
  content: z.optional(IdStringSchema),
  user: z.optional(IdStringSchema),
  ...pageQuery(CONTENT_PAGE_SIZE),
  ...tenantScope,
});
export type UserAnswerQuery = z.infer<typeof UserAnswerQuerySchema>;

/** One attempt as staff read it: whose, at which item, and what was answered. */
export const StaffAttemptSchema = z.extend(AttemptSchema, {
  user: PersonRefSchema,
  content: z.object({ id: z.int(), name: z.string(), type: ContentTypeSchema }),
  passed: z.nullable(z.boolean()),
});
export type StaffAttempt = z.infer<typeof StaffAttemptSchema>;
export const StaffAttemptListSchema = z.object({
  count: z.int(),
  items: z.array(z.omit(StaffAttemptSchema, { userAnswers: true })),
});
export type StaffAttemptList = z.infer<typeof StaffAttemptListSchema>;

/** DELETE /userAnswer/{id}: what the person has after the attempt went. */
export const AttemptDeletedSchema = z.object({ points: z.int(), finished: z.boolean() });
export type AttemptDeleted = z.infer<typeof AttemptDeletedSchema>;

/** A PROMOTION item of the provider's and the organisations it is sent to. */
export const PromotionSchema = z.object({
  id: z.int(),
  name: z.string(),
  type: ContentTypeSchema,
  status: ContentStatusSchema,
  publishAt: IsoDateTimeSchema,
  tenants: z.array(PersonRefSchema),
});
export type Promotion = z.infer<typeof PromotionSchema>;
export const PromotionListSchema = z.object({ count: z.int(), items: z.array(PromotionSchema) });
export type PromotionList = z.infer<typeof PromotionListSchema>;
export const PromotionListQuerySchema = z.object({ ...pageQuery(CONTENT_PAGE_SIZE) });
/** PATCH /promotion/{id}: the organisations it goes to, as a whole. */
export const UpdatePromotionBodySchema = z.object({ tenantIds: z.array(IdSchema).check(z.maxLength(1000)) });
export type UpdatePromotionBody = z.infer<typeof UpdatePromotionBodySchema>;

/**
 * POST /content/info/fix-media: media whose bytes are gone from the store (reported: only a person can
 * replace them) or whose kind disagrees with their file (repaired). Run twice, the second finds no
 * mistyped ones.
 */
export const MediaFixSchema = z.object({
  found: z.array(
    z.object({
      tenantId: z.int(),
      contentId: z.int(),
      mediaId: z.int(),
      problem: z.enum(['missing', 'mistyped']),
      repaired: z.boolean(),
    }),
  ),
});
export type MediaFix = z.infer<typeof MediaFixSchema>;

/** POST /content/info/fix-points: every points ledger that disagreed with the attempts, and now agrees. */
export const PointsFixSchema = z.object({
  repaired: z.array(z.object({ tenantId: z.int(), userId: z.int(), contentId: z.int(), was: z.int(), is: z.int() })),
});
export type PointsFix = z.infer<typeof PointsFixSchema>;
