import * as z from 'zod/mini';
import { SEARCH_MAX_LENGTH } from './constants.js';
import { IsoDateTimeSchema } from './content.js';
import { ContentTypeSchema, QuestionTypeSchema } from './enums.js';
import { IdStringSchema, pageQuery } from './envelope.js';
import { NoticeReachSchema } from './notifications.js';
import { tenantScope, USER_PAGE_SIZE } from './people.js';

/**
 * Shares of an item's audience, in per cent as percentOf gives them (0 without an audience). The audience is the people
 * the item is in the inbox of: aimed at now, and those no longer aimed at (moved, deactivated) who had
 * opened it, whose history stays. Each person is counted once, however many of the item's groups they are in.
 */
const PercentSchema = z.number().check(z.minimum(0), z.maximum(100));

/**
 * An item's figures are computed for each request up to this audience; beyond it, /info, /groups-reach and
 * /results come from a snapshot at most ITEM_SNAPSHOT_TTL_MS old, which their `computedAt` dates.
 */
export const STATS_LIVE_MAX_AUDIENCE = 1000;
export const ITEM_SNAPSHOT_TTL_MS = 60_000;
/** When a large item's figures were computed; null when they were computed for this request. */
const ComputedAtSchema = z.nullable(IsoDateTimeSchema);

/** GET /content/{id}/info: how far an item got. */
export const ContentInfoSchema = z.object({
  computedAt: ComputedAtSchema,
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
  /** Its notices: the people notified, and those whose browser or phone reported one received and opened. */
  notices: NoticeReachSchema,
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
export const GroupReachListSchema = z.object({ computedAt: ComputedAtSchema, items: z.array(GroupReachSchema) });
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
  /** The free-text answers with their authors, newest first (at most TEXT_ANSWERS_SHOWN); never a poll's. */
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
  computedAt: ComputedAtSchema,
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

/**
 * Whole per cent of `part` in `whole`; 0 of nothing. A share under 1 % is kept to a tenth (0.1 at
 * least): one person of 300 is not no one, and the console says "<1 %".
 */
export const percentOf = (part: number, whole: number) => {
  const share = whole === 0 ? 0 : (100 * part) / whole;
  return share > 0 && share < 1 ? Math.max(0.1, Math.round(share * 10) / 10) : Math.round(share);
};

// Activity over time, for one item (GET /content/{id}/info/activity) and the tenant (GET /content/info/activity).

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export const GranularitySchema = z.enum(GRANULARITIES);
export type Granularity = z.infer<typeof GranularitySchema>;

/** The days an activity call covers when it names none: the last 30, today's included. */
export const ACTIVITY_DEFAULT_DAYS = 30;

/**
 * From `from` to `to` (YYYY-MM-DD in Europe/Zagreb, both included; by default the last
 * ACTIVITY_DEFAULT_DAYS), in periods of a day, a week (from Monday) or a month. Periods are whole: the first
 * starts on the period holding `from`, the last ends with the period holding `to`.
 */
export const PeriodQuerySchema = z.object({
  ...tenantScope,
  from: z.optional(z.iso.date({ error: 'validation.invalidDate' })),
  to: z.optional(z.iso.date({ error: 'validation.invalidDate' })),
  granularity: z._default(GranularitySchema, 'day'),
});
export type PeriodQuery = z.infer<typeof PeriodQuerySchema>;

/** One period: the people who first opened and who finished something, and the submissions. */
export const ActivityCountsSchema = z.object({ viewed: z.int(), finished: z.int(), attempts: z.int() });
export type ActivityCounts = z.infer<typeof ActivityCountsSchema>;
export const ActivityPeriodSchema = z.object({ start: z.iso.date(), ...ActivityCountsSchema.shape });
export type ActivityPeriod = z.infer<typeof ActivityPeriodSchema>;

/** GET /content/{id}/info/activity: every period of the range, those without any as zeros. */
export const ContentActivitySchema = z.object({
  granularity: GranularitySchema,
  periods: z.array(ActivityPeriodSchema),
});
export type ContentActivity = z.infer<typeof ContentActivitySchema>;

/** GET /content/info/activity: the tenant's periods, each also split by content type (every type, in order). */
export const TenantActivitySchema = z.object({
  granularity: GranularitySchema,
  periods: z.array(
    z.object({
      ...ActivityPeriodSchema.shape,
      types: z.array(z.object({ type: ContentTypeSchema, ...ActivityCountsSchema.shape })),
    }),
  ),
});
export type TenantActivity = z.infer<typeof TenantActivitySchema>;

// The tenant's dashboard (GET /stats/dashboard/overview), its groups (GET /tenant/info/groups) and its
// best (GET /tenant/top-five/{id}).

/** How long the figures that scan a whole tenant are served before they are computed again. */
export const STATS_SNAPSHOT_TTL_MS = 5 * 60_000;
/** The dashboard's period: its figures over the last 30 days, against the 30 days before. */
export const OVERVIEW_PERIOD_DAYS = 30;

/** A figure now, and over the period before (null where there is none to compare, e.g. no marks). */
const trend = <T extends z.ZodMiniType>(value: T) => z.object({ value, previous: value });

export const OverviewSchema = z.object({
  /** When these figures were computed; they are at most STATS_SNAPSHOT_TTL_MS old. */
  computedAt: IsoDateTimeSchema,
  /** Active accounts in the tenant. */
  people: z.int(),
  /** People who used the app in the last 7 and 30 days (against the 7 and 30 before). */
  activeWeek: trend(z.int()),
  activeMonth: trend(z.int()),
  /** Items published in the period. */
  published: trend(z.int()),
  /** Of the items published in the period, the share of their audience who finished them (null: none sent). */
  completion: trend(z.nullable(PercentSchema)),
  /** The mean mark of graded attempts made in the period, 0–1. */
  averageMark: trend(z.nullable(z.number())),
  /** Live items by type: how many, their audience and the share who finished. */
  byType: z.array(
    z.object({ type: ContentTypeSchema, items: z.int(), audience: z.int(), finished: z.int(), percent: PercentSchema }),
  ),
  /**
   * Live items past their deadline (a task's, or a form's due date) that some of their people have not finished,
   * most such people first; `tasks` counts them all (its name is the API's since before forms had due dates).
   */
  overdue: z.object({
    tasks: z.int(),
    people: z.int(),
    items: z.array(
      z.object({ id: z.int(), name: z.string(), deadline: IsoDateTimeSchema, audience: z.int(), unfinished: z.int() }),
    ),
  }),
});
export type Overview = z.infer<typeof OverviewSchema>;
/** How many overdue items the overview names. */
export const OVERVIEW_OVERDUE_SHOWN = 5;

/** GET /tenant/info/groups: each group's active members and how far they got with the live items sent to them. */
export const GroupCompletionListSchema = z.object({
  computedAt: IsoDateTimeSchema,
  items: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      members: z.int(),
      /** Inbox rows of live, published items of the members, and how many of them are finished. */
      received: z.int(),
      finished: z.int(),
      percent: PercentSchema,
    }),
  ),
});
export type GroupCompletionList = z.infer<typeof GroupCompletionListSchema>;

/** GET /tenant/top-five/{id}: the five people with the most points (dense rank) and the five items finished by the largest share. */
export const TopFiveSchema = z.object({
  people: z.array(z.object({ id: z.int(), name: z.string(), points: z.int(), rank: z.int() })),
  items: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      type: ContentTypeSchema,
      audience: z.int(),
      finished: z.int(),
      percent: PercentSchema,
    }),
  ),
});
export type TopFive = z.infer<typeof TopFiveSchema>;
