import * as z from 'zod/mini';

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

/** Whole per cent of `part` in `whole`; 0 of nothing. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
