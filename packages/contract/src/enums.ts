import * as z from 'zod/mini';

// The domain's names, once: the schemas here, the database's enums (apps/server/src/db/schema) and
// the web app all take their values from these lists.

export const ROLES = ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST', 'USER'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const CONTENT_TYPES = ['EDUCATION', 'POLL', 'INQUIRY', 'INFORMATION', 'TASK'] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentTypeSchema>;

/** The types answered through a form: questions, a submission, attempts (the others are read or done). */
export const FORM_TYPES = ['EDUCATION', 'POLL', 'INQUIRY'] as const satisfies readonly ContentType[];
export const hasForm = (type: ContentType): boolean => (FORM_TYPES as readonly ContentType[]).includes(type);

/** The order in which screens list content types (spec point 2, the profile panel; the archive's filter). */
export const CONTENT_TYPE_DISPLAY_ORDER = [
  'EDUCATION',
  'INFORMATION',
  'POLL',
  'TASK',
  'INQUIRY',
] as const satisfies readonly ContentType[];

export const CONTENT_CONFIGURATIONS = ['COMMUNICATION', 'PROMOTION'] as const;
export const ContentConfigurationSchema = z.enum(CONTENT_CONFIGURATIONS);
export type ContentConfiguration = z.infer<typeof ContentConfigurationSchema>;

/**
 * Draft, in review (a CREATOR's item where the organisation reviews before publishing: not out until
 * approved), scheduled (published once its time comes), published, archived (kept as history).
 */
export const CONTENT_STATUSES = ['draft', 'review', 'scheduled', 'published', 'archived'] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatusSchema>;
/**
 * The statuses of an item its audience may have: published, or scheduled (published once its time comes,
 * which the reader's side checks on its own copy of the time, so publishing on time needs no job).
 */
export const LIVE_STATUSES = ['published', 'scheduled'] as const satisfies readonly ContentStatus[];
export const isLive = (status: string): status is (typeof LIVE_STATUSES)[number] =>
  (LIVE_STATUSES as readonly string[]).includes(status);
/** The statuses of an item never sent: a draft, or one waiting for review. It was published on no day. */
export const UNSENT_STATUSES = ['draft', 'review'] as const satisfies readonly ContentStatus[];
export const isUnsent = (status: string): boolean => (UNSENT_STATUSES as readonly string[]).includes(status);

export const QUESTION_TYPES = ['SINGLE', 'MULTIPLE', 'TEXT', 'LINEAR'] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;
/** The questions answered by picking among written choices (one or several); the others have none. */
export const CHOICE_QUESTION_TYPES = ['SINGLE', 'MULTIPLE'] as const satisfies readonly QuestionType[];
export const isChoiceQuestion = (type: string | undefined): type is (typeof CHOICE_QUESTION_TYPES)[number] =>
  (CHOICE_QUESTION_TYPES as readonly (string | undefined)[]).includes(type);

export const REPEATS = ['NO_REPEAT', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export const RepeatSchema = z.enum(REPEATS);
export type Repeat = z.infer<typeof RepeatSchema>;

export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const MediaTypeSchema = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof MediaTypeSchema>;

export const APPLICATIONS = ['web', 'mobile', 'admin'] as const;
export const ApplicationSchema = z.enum(APPLICATIONS);
export type Application = z.infer<typeof ApplicationSchema>;
