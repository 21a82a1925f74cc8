import { APP_TIME_ZONE, type ContentType, UNSENT_STATUSES } from '@kanal/contract';
import { and, asc, between, count, desc, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { reachOfItem } from '../../db/reach.js';
import {
  activityDay,
  appUser,
  content,
  groupReach,
  personRecentDays,
  pointsLedger,
  statsSnapshot,
  task,
  userGroup,
} from '../../db/schema/index.js';

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
/** Sent and due: published, or scheduled with its time come (archived items are no longer live). */
const live = (now: Date) =>
  and(inArray(content.status, ['published', 'scheduled']), sql`${content.publishAt} <= ${at(now)}`);
/** Items out in `first`–`last` (days in the app's time zone, both included), archived since or not. */
const publishedIn = (first: string, last: string) =>
  and(
    notInArray(content.status, [...UNSENT_STATUSES]),
    sql`${content.publishAt} >= (${first}::date::timestamp AT TIME ZONE ${APP_TIME_ZONE})`,
    sql`${content.publishAt} < ((${last}::date + 1)::timestamp AT TIME ZONE ${APP_TIME_ZONE})`,
  );

/**
 * A tenant's figures across its items and people, read from the counters the database keeps
 * (activity_day, content_reach) and, for what no counter holds, from the tables themselves: those reads
 * go into stats_snapshot and are served from there for a while (stats.service.ts).
 */
export const createStatsRepository = (db: DbOrTx) => ({
  /** The tenant's activity per day and content type from `first` to `last`, days that had any (summed over slots). */
  activityDays: (tenantId: number, first: string, last: string) =>
    db
      .select({
        day: activityDay.day,
        type: activityDay.type,
        viewed: sql<number>`sum(${activityDay.viewed})::int`.mapWith(Number),
        finished: sql<number>`sum(${activityDay.finished})::int`.mapWith(Number),
        attempts: sql<number>`sum(${activityDay.attempts})::int`.mapWith(Number),
      })
      .from(activityDay)
      .where(and(eq(activityDay.tenantId, tenantId), between(activityDay.day, first, last)))
      .groupBy(activityDay.day, activityDay.type),

  /** Graded attempts and the sum of their marks from `first` to `last`. */
  async marks(tenantId: number, first: string, last: string) {
    const [row] = await db
      .select({
        graded: sql<number>`coalesce(sum(${activityDay.graded}), 0)`.mapWith(Number),
        sum: sql<number>`coalesce(sum(${activityDay.markSum}), 0)`.mapWith(Number),
      })
      .from(activityDay)
      .where(and(eq(activityDay.tenantId, tenantId), between(activityDay.day, first, last)));
    return row ?? { graded: 0, sum: 0 };
  },

  /**
   * People who used the app in each range (YYYY-MM-DD, both included), one row per person for all of them
   * (person_recent_days): a range may reach 63 days before today.
   */
  async activePeople(tenantId: number, ranges: { first: string; last: string }[]): Promise<number[]> {
    const earliest = ranges.map((r) => r.first).sort()[0];
    if (earliest === undefined) return [];
    const counts = ranges.map(
      (r, i) =>
        sql`count(*) FILTER (WHERE kanal_used_between(${personRecentDays.days}, ${personRecentDays.lastDay}, ${r.first}::date, ${r.last}::date))::int AS ${sql.identifier(`r${i}`)}`,
    );
    const [row = {}] = rowsOf<Record<string, number | string>>(
      await db.execute(
        sql`SELECT ${sql.join(counts, sql`, `)} FROM ${personRecentDays}
          WHERE ${personRecentDays.tenantId} = ${tenantId} AND ${personRecentDays.lastDay} >= ${earliest}`,
      ),
    );
    return ranges.map((_, i) => Number(row[`r${i}`] ?? 0));
  },

  /** The tenant's active accounts: not deactivated, and not an invitation never accepted (no password yet). */
  async people(tenantId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(appUser)
      .where(and(eq(appUser.tenantId, tenantId), eq(appUser.active, true), isNotNull(appUser.passwordHash)));
    return row?.n ?? 0;
  },

  /** Items published from `first` to `last`, and their audience and finishes. */
  async publishedReach(tenantId: number, first: string, last: string) {
    const [row] = await db
      .select({
        items: count(),
        audience: sql<number>`coalesce(sum(${reachOfItem.audience}), 0)`.mapWith(Number),
        finished: sql<number>`coalesce(sum(${reachOfItem.finished}), 0)`.mapWith(Number),
      })
      .from(content)
      .innerJoinLateral(reachOfItem, sql`true`)
      .where(and(eq(content.tenantId, tenantId), publishedIn(first, last)));
    return row ?? { items: 0, audience: 0, finished: 0 };
  },

  /** Live items per type, with their audience and finishes. */
  liveByType: (tenantId: number, now: Date) =>
    db
      .select({
        type: content.type,
        items: count(),
        audience: sql<number>`coalesce(sum(${reachOfItem.audience}), 0)`.mapWith(Number),
        finished: sql<number>`coalesce(sum(${reachOfItem.finished}), 0)`.mapWith(Number),
      })
      .from(content)
      .innerJoinLateral(reachOfItem, sql`true`)
      .where(and(eq(content.tenantId, tenantId), live(now)))
      .groupBy(content.type),

  /**
   * Live items whose deadline (a task's, a form's due date) has passed with people who have not finished them,
   * most such people first. Overdue is who had the item before its deadline: someone who joined its audience since had no time. From
   * the item's counters (unfinishedByDeadline), not its inbox.
   */
  overdueItems: (tenantId: number, now: Date) =>
    db
      .select({
        id: content.id,
        name: content.name,
        deadline: sql<string>`${task.deadline}`.mapWith((v) => new Date(v).toISOString()),
        audience: reachOfItem.audience,
        unfinished: reachOfItem.unfinishedByDeadline,
      })
      .from(content)
      .innerJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
      .innerJoinLateral(reachOfItem, sql`true`)
      .where(
        and(
          eq(content.tenantId, tenantId),
          live(now),
          sql`${task.deadline} < ${at(now)}`,
          gt(reachOfItem.unfinishedByDeadline, 0),
        ),
      )
      .orderBy(desc(reachOfItem.unfinishedByDeadline), asc(task.deadline), asc(content.id)),

  /**
   * Each group's active members, and of the live items in their inboxes how many rows there are and how
   * many are finished (a person in two groups counts in each), from the counters the database keeps
   * (group_reach): the rows whose publication time has come, summed over their slots.
   */
  groupCompletion: (tenantId: number, now: Date) =>
    db
      .select({
        id: userGroup.id,
        name: userGroup.name,
        members: sql<number>`coalesce(sum(${groupReach.members}), 0)::int`.mapWith(Number),
        received: sql<number>`coalesce(sum(${groupReach.received}), 0)::int`.mapWith(Number),
        finished: sql<number>`coalesce(sum(${groupReach.finished}), 0)::int`.mapWith(Number),
      })
      .from(userGroup)
      .leftJoin(
        groupReach,
        and(
          eq(groupReach.tenantId, userGroup.tenantId),
          eq(groupReach.groupId, userGroup.id),
          sql`${groupReach.dueFrom} <= ${at(now)}`,
        ),
      )
      .where(eq(userGroup.tenantId, tenantId))
      .groupBy(userGroup.id, userGroup.name)
      .orderBy(sql`kanal_fold(${userGroup.name})`, asc(userGroup.id)),

  /** The five people with the most points, by dense rank (ties share a rank), then by name. */
  async topPeople(tenantId: number) {
    const points = sql`sum(${pointsLedger.points})`;
    return db
      .select({
        id: appUser.id,
        name: appUser.name,
        points: sql<number>`${points}`.mapWith(Number),
        rank: sql<number>`dense_rank() OVER (ORDER BY ${points} DESC)`.mapWith(Number),
      })
      .from(pointsLedger)
      .innerJoin(appUser, and(eq(appUser.tenantId, pointsLedger.tenantId), eq(appUser.id, pointsLedger.userId)))
      .where(eq(pointsLedger.tenantId, tenantId))
      .groupBy(appUser.id, appUser.name, appUser.searchText)
      .orderBy(sql`${points} DESC`, appUser.searchText, appUser.id)
      .limit(5);
  },

  /** The five live items finished by the largest share of their audience (then the larger audience). */
  topItems: (tenantId: number, now: Date) =>
    db
      .select({
        id: content.id,
        name: content.name,
        type: sql<ContentType>`${content.type}`,
        audience: reachOfItem.audience,
        finished: reachOfItem.finished,
      })
      .from(content)
      .innerJoinLateral(reachOfItem, sql`true`)
      .where(and(eq(content.tenantId, tenantId), live(now), gt(reachOfItem.audience, 0)))
      .orderBy(
        sql`${reachOfItem.finished}::float8 / ${reachOfItem.audience} DESC`,
        sql`${reachOfItem.audience} DESC`,
        asc(content.id),
      )
      .limit(5),

  async readSnapshot(tenantId: number, kind: string) {
    const [row] = await db
      .select({ computedAt: statsSnapshot.computedAt, body: statsSnapshot.body })
      .from(statsSnapshot)
      .where(and(eq(statsSnapshot.tenantId, tenantId), eq(statsSnapshot.kind, kind)));
    return row;
  },

  /** Holds the tenant's snapshot of this kind until the transaction ends: one process computes it at a time. */
  async lockSnapshot(tenantId: number, kind: string) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`stats_snapshot:${kind}`}), ${tenantId})`);
  },

  async writeSnapshot(tenantId: number, kind: string, computedAt: Date, body: unknown) {
    await db
      .insert(statsSnapshot)
      .values({ tenantId, kind, computedAt, body })
      .onConflictDoUpdate({ target: [statsSnapshot.tenantId, statsSnapshot.kind], set: { computedAt, body } });
  },
});
export type StatsRepository = ReturnType<typeof createStatsRepository>;
