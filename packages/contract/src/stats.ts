import * as z from 'zod/mini';
import { SEARCH_MAX_LENGTH } from './constants.js';
import { IsoDateTimeSchema } from './content.js';
import { QuestionTypeSchema } from './enums.js';
import { IdStringSchema, pageQuery } from './envelope.js';
import { tenantScope, USER_PAGE_SIZE } from './people.js';

/**
 * Shares of an item's audience, in whole per cent (0 without an audience). The audience is the people
 * the item is in the inbox of: aimed at now, and those no longer aimed at (moved, deactivated) who had
 * opened it, whose history stays. Each person is counted once, however many of the item's groups they are in.
 */
const PercentSchema = z.int().check(z.minimum(0), z.maximum(100));

/** GET /content/{id}/info: how far an item got. */
export const ContentInfoSchema = z.object({
  audience: z.int(),
  viewed: z.int(),
  finished: z.int(),
  /** EDUCATION only: the people with an attempt at or above the pass mark. */
  passed: z.nullable(z.int()),
  /** The mean of each person's best final mark (0–1), EDUCATION only; null before the first graded attempt. */
  averageMark: z.nullable(z.number()),
  /** Submissions: every attempt of an education or inquiry, each respondent of a poll. */
  attempts: z.int(),
  comments: z.int(),
  percent: z.object({ viewed: PercentSchema, finished: PercentSchema, passed: z.nullable(PercentSchema) }),
});
export type ContentInfo = z.infer<typeof ContentInfoSchema>;

/** One day of GET /content/{id}/reach: the people who first opened and who finished the item that day. */
export const ReachDaySchema = z.object({ date: z.iso.date(), viewed: z.int(), finished: z.int() });
export type ReachDay = z.infer<typeof ReachDaySchema>;

/** GET /content/{id}/reach: every day (Europe/Zagreb) from the day it was published to today, or none yet. */
export const ContentReachSchema = z.object({ days: z.array(ReachDaySchema) });
export type ContentReach = z.infer<typeof ContentReachSchema>;

/** A group's share of an item: its members in the audience, and how many of them opened and finished it. */
export const GroupReachSchema = z.object({
  id: z.int(),
  name: z.string(),
  audience: z.int(),
  viewed: z.int(),
  finished: z.int(),
  percent: z.object({ viewed: PercentSchema, finished: PercentSchema }),
});
export type GroupReach = z.infer<typeof GroupReachSchema>;

/** GET /content/{id}/groups-reach: each group with members in the audience, by name. */
export const GroupReachListSchema = z.object({ items: z.array(GroupReachSchema) });
export type GroupReachList = z.infer<typeof GroupReachListSchema>;

/**
 * Where a person of the audience is with an item: not opened, opened, finished, or (an education) tried and
 * not passed yet.
 */
export const AUDIENCE_STATES = ['notViewed', 'viewed', 'finished', 'failed'] as const;
export const AudienceStateSchema = z.enum(AUDIENCE_STATES);
export type AudienceState = z.infer<typeof AudienceStateSchema>;

/** GET /content/{id}/users: the audience, searched by name, e-mail or username, filtered by state, paged. */
export const ContentUsersQuerySchema = z.object({
  ...tenantScope,
  ...pageQuery(USER_PAGE_SIZE),
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  state: z.optional(AudienceStateSchema),
});
export type ContentUsersQuery = z.infer<typeof ContentUsersQuerySchema>;

/** A person of the audience and their way through the item; a poll's marks are never kept, so null. */
export const AudienceMemberSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.nullable(z.string()),
  username: z.nullable(z.string()),
  active: z.boolean(),
  state: AudienceStateSchema,
  viewedAt: z.nullable(IsoDateTimeSchema),
  finishedAt: z.nullable(IsoDateTimeSchema),
  attempts: z.int(),
  bestMark: z.nullable(z.number()),
  lastMark: z.nullable(z.number()),
});
export type AudienceMember = z.infer<typeof AudienceMemberSchema>;
export const AudienceMemberListSchema = z.object({ count: z.int(), items: z.array(AudienceMemberSchema) });
export type AudienceMemberList = z.infer<typeof AudienceMemberListSchema>;

/** One answer of a question in GET /content/{id}/results: how many picked it, of those who answered. */
export const AnswerResultSchema = z.object({
  id: z.int(),
  title: z.string(),
  isCorrect: z.boolean(),
  count: z.int(),
  percent: PercentSchema,
});

/** A free-text answer of an inquiry, with whose it is (inquiries are named). */
export const TextAnswerSchema = z.object({
  user: z.object({ id: z.int(), name: z.string() }),
  text: z.string(),
  at: IsoDateTimeSchema,
});

export const QuestionResultSchema = z.object({
  id: z.int(),
  title: z.string(),
  type: QuestionTypeSchema,
  /** Submissions that answered it. */
  answered: z.int(),
  answers: z.array(AnswerResultSchema),
  /** An inquiry's free-text answers, newest first (at most TEXT_ANSWERS_SHOWN); empty for other items. */
  texts: z.array(TextAnswerSchema),
});

/** How many free-text answers of a question the results list. */
export const TEXT_ANSWERS_SHOWN = 100;

/**
 * GET /content/{id}/results: each question's answers counted over every submission (every attempt of an
 * education, each attempt of an inquiry, each respondent of a poll). A poll below
 * POLL_RESULTS_MIN_RESPONDENTS shows nothing (`hidden`), so no one's answer can be told from the counts,
 * and never its free texts.
 */
export const ContentResultsSchema = z.object({
  respondents: z.int(),
  hidden: z.boolean(),
  questions: z.array(QuestionResultSchema),
});
export type ContentResults = z.infer<typeof ContentResultsSchema>;

/** GET /content/{id}/attempts and /content/{id}/users/{userId}/attempts: newest first, paged. */
export const ContentAttemptsQuerySchema = z.object({ ...tenantScope, ...pageQuery(USER_PAGE_SIZE) });
export type ContentAttemptsQuery = z.infer<typeof ContentAttemptsQuerySchema>;
export const ContentUserParamsSchema = z.object({ id: IdStringSchema, userId: IdStringSchema });
export const ContentAttemptParamsSchema = z.object({
  id: IdStringSchema,
  userId: IdStringSchema,
  attemptId: IdStringSchema,
});

/** Whole per cent of `part` in `whole`; 0 of nothing. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
