import * as z from 'zod/mini';
import {
  NAME_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  TASK_TEXT_MAX_LENGTH,
  TIME_RESTRICTION_MAX_S,
  TIME_RESTRICTION_MIN_S,
} from './constants.js';
import { IsoDateTimeSchema } from './content.js';
import {
  CONTENT_STATUSES,
  CONTENT_TYPES,
  ContentConfigurationSchema,
  type ContentStatus,
  ContentStatusSchema,
  ContentTypeSchema,
  hasForm,
  isChoiceQuestion,
  MediaTypeSchema,
  QuestionTypeSchema,
  RepeatSchema,
} from './enums.js';
import { csv, IdSchema, IdStringSchema, pageQuery } from './envelope.js';
import { AttemptSchema } from './forms.js';
import { tenantScope } from './people.js';

// Authoring content (spec point 7, "Content"): the staff list, the one body that describes a whole
// item, and the rules each type's body must keep. The server and the console's editor check the same.

export const CONTENT_PAGE_SIZE = 20;
export const CONTENT_DESCRIPTION_MAX_LENGTH = 1000;
export const MATERIAL_TEXT_MAX_LENGTH = 20_000;
export const CATEGORY_MAX_LENGTH = 60;
export const QUESTION_TITLE_MAX_LENGTH = 500;
export const ANSWER_TITLE_MAX_LENGTH = 300;
export const QUESTIONS_MAX = 100;
export const ANSWERS_MAX = 20;
export const MEDIA_MAX = 30;
/** Spec point 3, creation hints: a task's reminder 15/30/45/60 minutes, 1 day, 2 days or 1 week before. */
export const REMINDER_MINUTES = [15, 30, 45, 60, 1440, 2880, 10_080] as const;
/** A LINEAR question's scale: its five points are made by the server, labelled 1 to 5. */
export const LINEAR_POINTS = ['1', '2', '3', '4', '5'] as const;

/** The staff list's orders; the default shows the latest publication first. */
export const CONTENT_SORTS = ['-publishAt', 'publishAt', 'name', '-name', '-updatedAt', 'updatedAt'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

/** A recognised video link: the provider and its video id (embedded in the materials screen). */
export type VideoLink = { provider: 'youtube' | 'vimeo'; id: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{6,12}$/;

/** The YouTube or Vimeo video a link shows (watch, share, embed, shorts, live, player); null for anything else. */
export function parseVideoLink(link: string): VideoLink | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music|player)\./, '');
  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? url.pathname.split('/')[1]
        : url.pathname === '/watch'
          ? url.searchParams.get('v')
          : url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/]+)/)?.[1];
    return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'vimeo.com') {
    const id = url.pathname.match(/^\/(?:video\/)?([0-9]+)\/?$/)?.[1];
    return id && VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null;
  }
  return null;
}

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

const required = { error: 'validation.required' } as const;
const text = (max: number, error = 'validation.tooLong') => z.string().check(z.trim(), z.maxLength(max, { error }));
const requiredText = (max: number) => z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max));
/** Required once the item is published (contentIssues): a draft may keep it empty while it is written. */
const draftText = (max: number) => z.string(required).check(z.trim(), z.maxLength(max));
const FileIdSchema = z.uuid({ error: 'validation.invalid' });

export const AnswerBodySchema = z.object({
  title: draftText(ANSWER_TITLE_MAX_LENGTH),
  isCorrect: z._default(z.boolean(), false),
});

export const QuestionBodySchema = z.object({
  title: draftText(QUESTION_TITLE_MAX_LENGTH),
  type: QuestionTypeSchema,
  /** SINGLE and MULTIPLE only: TEXT has none and LINEAR's five points are made by the server. */
  answers: z._default(z.array(AnswerBodySchema).check(z.maxLength(ANSWERS_MAX, { error: 'validation.tooMany' })), []),
});
export type QuestionBody = z.infer<typeof QuestionBodySchema>;

export const SettingsBodySchema = z.object({
  timeRestriction: z._default(
    z.nullable(
      z
        .int({ error: 'validation.invalid' })
        .check(
          z.minimum(TIME_RESTRICTION_MIN_S, { error: 'validation.timeLimitRange' }),
          z.maximum(TIME_RESTRICTION_MAX_S, { error: 'validation.timeLimitRange' }),
        ),
    ),
    null,
  ),
  /** 0..1; null passes every attempt. */
  passingScore: z._default(
    z.nullable(
      z
        .number({ error: 'validation.invalid' })
        .check(
          z.minimum(0, { error: 'validation.passingScoreRange' }),
          z.maximum(1, { error: 'validation.passingScoreRange' }),
        ),
    ),
    null,
  ),
  comments: z._default(z.boolean(), false),
});

export const TaskBodySchema = z.object({
  deadline: z.nullable(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })),
  repeat: z._default(RepeatSchema, 'NO_REPEAT'),
  /** Minutes before the deadline (REMINDER_MINUTES); null for no reminder. */
  reminderMinutes: z._default(z.nullable(z.literal(REMINDER_MINUTES, { error: 'validation.invalid' })), null),
});

/** Everyone in the tenant, or the groups and people chosen (both may be given). */
export const AudienceBodySchema = z.object({
  everyone: z._default(z.boolean(), false),
  groups: z._default(z.array(IdSchema).check(z.maxLength(500)), []),
  people: z._default(z.array(IdSchema).check(z.maxLength(5000)), []),
});
export type AudienceBody = z.infer<typeof AudienceBodySchema>;

/** Publish now, at a later time (scheduled), or keep as a draft. */
export const PUBLISH_MODES = ['draft', 'now', 'schedule'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];
export const PublishBodySchema = z.object({
  mode: z.enum(PUBLISH_MODES),
  /** `schedule` only: when the item appears to its audience. */
  at: z._default(z.nullable(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })), null),
});
export type PublishBody = z.infer<typeof PublishBodySchema>;

const MaterialBodySchema = z.object({
  /** A YouTube or Vimeo link. */
  link: z._default(z.nullable(text(500)), null),
  text: z._default(z.nullable(text(MATERIAL_TEXT_MAX_LENGTH)), null),
});

/** Everything but the type, without defaults: what PATCH /content/{id} may change, each field optional there. */
const contentFields = {
  configuration: ContentConfigurationSchema,
  name: requiredText(NAME_MAX_LENGTH),
  /** A TASK's description is its text, at most TASK_TEXT_MAX_LENGTH characters. */
  description: text(CONTENT_DESCRIPTION_MAX_LENGTH),
  /** The cover picture: a file of the tenant's (POST /files). */
  image: z.nullable(FileIdSchema),
  category: z.nullable(text(CATEGORY_MAX_LENGTH)),
  settings: SettingsBodySchema,
  material: MaterialBodySchema,
  /** In their order; each a file of the tenant's, its kind (image, video, document) read from the file. */
  media: z
    .array(z.object({ fileId: FileIdSchema, name: requiredText(NAME_MAX_LENGTH) }))
    .check(z.maxLength(MEDIA_MAX, { error: 'validation.tooMany' })),
  questions: z.array(QuestionBodySchema).check(z.maxLength(QUESTIONS_MAX, { error: 'validation.tooMany' })),
  /** TASK only. */
  task: z.nullable(TaskBodySchema),
  audience: AudienceBodySchema,
  publish: PublishBodySchema,
};

const ContentFieldsSchema = z.object({
  type: ContentTypeSchema,
  name: contentFields.name,
  configuration: z._default(contentFields.configuration, 'COMMUNICATION'),
  description: z._default(contentFields.description, ''),
  image: z._default(contentFields.image, null),
  category: z._default(contentFields.category, null),
  settings: z._default(contentFields.settings, { timeRestriction: null, passingScore: null, comments: false }),
  material: z._default(contentFields.material, { link: null, text: null }),
  media: z._default(contentFields.media, []),
  questions: z._default(contentFields.questions, []),
  task: z._default(contentFields.task, null),
  audience: z._default(contentFields.audience, { everyone: false, groups: [], people: [] }),
  publish: z._default(contentFields.publish, { mode: 'draft', at: null }),
});
export type ContentBody = z.infer<typeof ContentFieldsSchema>;

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules that tie a body's parts to its type (spec point 3; issue 13): what a quiz, a poll and a task
 * need and may not have. Each issue names its field. The questions need to be complete (a text, two
 * answers, a correct one) only for people to answer them: a draft keeps them half-written (issue 29).
 * The time-dependent rule (a schedule in the past) is the server's.
 */
export function contentIssues(body: ContentBody): Issue[] {
  const issues: Issue[] = [];
  const form = hasForm(body.type);
  const graded = body.type === 'EDUCATION';
  const published = body.publish.mode !== 'draft';
  if (published && form && body.questions.length === 0) {
    issues.push({ path: ['questions'], message: 'validation.needsQuestion' });
  }
  if (!form && body.questions.length > 0) issues.push({ path: ['questions'], message: 'validation.noQuestions' });
  for (const [q, question] of body.questions.entries()) {
    const at = ['questions', q, 'answers'];
    const choice = isChoiceQuestion(question.type);
    if (published && question.title === '') {
      issues.push({ path: ['questions', q, 'title'], message: 'validation.required' });
    }
    if (!choice) {
      if (question.answers.length > 0) issues.push({ path: at, message: 'validation.noAnswers' });
      continue;
    }
    for (const [a, answer] of question.answers.entries()) {
      if (published && answer.title === '') issues.push({ path: [...at, a, 'title'], message: 'validation.required' });
    }
    if (published && question.answers.length < 2) issues.push({ path: at, message: 'validation.twoAnswers' });
    const correct = question.answers.filter((a) => a.isCorrect).length;
    if (!graded && correct > 0) issues.push({ path: at, message: 'validation.noCorrectAnswers' });
    if (published && graded && correct === 0) issues.push({ path: at, message: 'validation.markCorrect' });
    if (graded && question.type === 'SINGLE' && correct > 1)
      issues.push({ path: at, message: 'validation.oneCorrect' });
  }
  if (!graded && body.settings.passingScore !== null) {
    issues.push({ path: ['settings', 'passingScore'], message: 'validation.onlyEducation' });
  }
  if (!form && body.settings.timeRestriction !== null) {
    issues.push({ path: ['settings', 'timeRestriction'], message: 'validation.onlyWithQuestions' });
  }
  if (body.type === 'TASK') {
    if (body.task?.deadline == null) issues.push({ path: ['task', 'deadline'], message: 'validation.required' });
    if (body.description.length > TASK_TEXT_MAX_LENGTH) {
      issues.push({ path: ['description'], message: 'validation.taskTextTooLong' });
    }
  } else if (body.task !== null) {
    issues.push({ path: ['task'], message: 'validation.onlyTask' });
  }
  if (body.material.link && !parseVideoLink(body.material.link)) {
    issues.push({ path: ['material', 'link'], message: 'validation.videoLink' });
  }
  if (body.publish.mode === 'schedule' && body.publish.at === null) {
    issues.push({ path: ['publish', 'at'], message: 'validation.required' });
  }
  // A promotion goes to the client organisations it is sent to (PATCH /promotion/{id}); people of the
  // provider's own organisation get it only when an audience there is chosen as well.
  const { everyone, groups, people } = body.audience;
  const homeless = !everyone && groups.length === 0 && people.length === 0;
  if (body.publish.mode !== 'draft' && body.configuration !== 'PROMOTION' && homeless) {
    issues.push({ path: ['audience'], message: 'validation.audienceEmpty' });
  }
  return issues;
}

/** POST /content and POST /mobile/content: one whole item. */
export const ContentBodySchema = ContentFieldsSchema.check(
  z.superRefine((body, ctx) => {
    for (const issue of contentIssues(body)) ctx.addIssue({ code: 'custom', input: body, ...issue });
  }),
);

/**
 * PATCH /content/{id}: the fields given replace the item's (`questions` the whole list, `audience` and
 * `publish` as a whole); the result is held to the same rules as a new item. An item that has been
 * answered keeps its questions and answers (409 ContentLocked: copy it instead). `publish` on an archived
 * item un-archives it: back to a draft, or out again now or at a time.
 */
export const UpdateContentBodySchema = z.partial(z.object(contentFields));
export type UpdateContentBody = z.infer<typeof UpdateContentBodySchema>;

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
  settings: z.object({
    timeRestriction: z.nullable(z.int()),
    passingScore: z.nullable(z.number()),
    comments: z.boolean(),
  }),
  material: z.object({ link: z.nullable(z.string()), text: z.nullable(z.string()) }),
  media: z.array(StaffMediaSchema),
  questions: z.array(StaffQuestionSchema),
  task: z.nullable(
    z.object({ deadline: z.nullable(IsoDateTimeSchema), repeat: RepeatSchema, reminderMinutes: z.nullable(z.int()) }),
  ),
  audience: z.object({
    everyone: z.boolean(),
    groups: z.array(PersonRefSchema),
    people: z.array(PersonRefSchema),
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

/** The publish choice an item's status stands for: kept as a draft, scheduled, or out already. */
export const publishModeOf = (status: ContentStatus): PublishMode =>
  status === 'draft' ? 'draft' : status === 'scheduled' ? 'schedule' : 'now';

/**
 * An item as the body that would create it: what the server lays an edit's changes over (and copies),
 * and what the console's editor starts its form from.
 */
export function bodyOfItem(item: StaffContent): ContentBody {
  const mode = publishModeOf(item.status);
  return {
    type: item.type,
    configuration: item.configuration,
    name: item.name,
    description: item.description,
    image: item.image,
    category: item.category,
    settings: item.settings,
    material: item.material,
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
export const StaffCommentSchema = z.object({
  id: z.int(),
  text: z.string(),
  createdAt: IsoDateTimeSchema,
  user: PersonRefSchema,
});
export type StaffComment = z.infer<typeof StaffCommentSchema>;
export const StaffCommentListSchema = z.object({ count: z.int(), items: z.array(StaffCommentSchema) });
export type StaffCommentList = z.infer<typeof StaffCommentListSchema>;
export const CommentParamsSchema = z.object({ id: IdStringSchema, commentId: IdStringSchema });

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
