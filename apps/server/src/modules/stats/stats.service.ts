import {
  CONTENT_TYPES,
  type GroupCompletionList,
  OVERVIEW_OVERDUE_SHOWN,
  OVERVIEW_PERIOD_DAYS,
  type Overview,
  type PeriodQuery,
  percentOf,
  STATS_SNAPSHOT_TTL_MS,
  type TenantActivity,
  type TopFive,
} from '@kanal/contract';
import type { DbOrTx } from '../../db/client.js';
import { addDays, appDay, type Clock } from '../../lib/clock.js';
import { periodsOf, sumByPeriod } from '../../lib/periods.js';
import { createStatsRepository, type StatsRepository } from './stats.repository.js';

type Deps = {
  repo: StatsRepository;
  /** Runs `fn` in one transaction, handed the transaction's database. */
  transaction: <T>(fn: (tx: DbOrTx) => Promise<T>) => Promise<T>;
  /** Where a snapshot computed under its lock in `tx` reads its figures: a replica, or `tx` itself. */
  readsWithin: (tx: DbOrTx) => DbOrTx;
  clock: Clock;
};

const meanOf = ({ graded, sum }: { graded: number; sum: number }) => (graded === 0 ? null : sum / graded);

/**
 * A tenant's statistics (spec point 7: GET /content/info/activity, /stats/dashboard/overview,
 * /tenant/info/groups, /tenant/top-five/{id}). The caller has chosen the tenant (its own, or a
 * SUPERADMIN's `?tenant=`).
 */
export const createStatsService = ({ repo, transaction, readsWithin, clock }: Deps) => {
  /**
   * Figures too costly to compute on every request, computed at most once per `ttlMs`: a fresh snapshot is
   * read; otherwise one process computes it (`compute`, reading from where the heavy reads go) under the
   * snapshot's lock while the others wait for it and read what it wrote.
   */
  async function snapshot<T>(
    tenantId: number,
    kind: string,
    ttlMs: number,
    compute: (from: DbOrTx, now: Date) => Promise<T>,
  ): Promise<{ body: T; computedAt: string }> {
    const fresh = (row: Awaited<ReturnType<StatsRepository['readSnapshot']>>, now: Date) =>
      row && now.getTime() - row.computedAt.getTime() < ttlMs
        ? { body: row.body as T, computedAt: row.computedAt.toISOString() }
        : undefined;
    const found = fresh(await repo.readSnapshot(tenantId, kind), clock.now());
    if (found) return found;
    return transaction(async (tx) => {
      const r = createStatsRepository(tx);
      await r.lockSnapshot(tenantId, kind);
      const now = clock.now();
      const written = fresh(await r.readSnapshot(tenantId, kind), now);
      if (written) return written;
      const body = await compute(readsWithin(tx), now);
      await r.writeSnapshot(tenantId, kind, now, body);
      return { body, computedAt: now.toISOString() };
    });
  }
  /** A tenant-wide snapshot, with when it was computed beside its figures. */
  const tenantSnapshot = async <T>(
    tenantId: number,
    kind: string,
    compute: (r: StatsRepository, now: Date) => Promise<T>,
  ) => {
    const { body, computedAt } = await snapshot(tenantId, kind, STATS_SNAPSHOT_TTL_MS, (from, now) =>
      compute(createStatsRepository(from), now),
    );
    return { ...body, computedAt };
  };

  return {
    /** GET /content/info/activity: the tenant's first openings, finishes and submissions per period and type. */
    async activity(tenantId: number, query: PeriodQuery): Promise<TenantActivity> {
      const { starts, first, last } = periodsOf(query, clock.now());
      // A poll keeps no attempt with a name: each respondent's finish is their submission.
      const days = (await repo.activityDays(tenantId, first, last)).map((d) => ({
        ...d,
        attempts: d.type === 'POLL' ? d.finished : d.attempts,
      }));
      const perType = CONTENT_TYPES.map((type) =>
        sumByPeriod(
          starts,
          query.granularity,
          days.filter((d) => d.type === type),
        ),
      );
      return {
        granularity: query.granularity,
        periods: sumByPeriod(starts, query.granularity, days).map((period, i) => ({
          ...period,
          types: CONTENT_TYPES.map((type, t) => {
            const of = perType[t]?.[i];
            return { type, viewed: of?.viewed ?? 0, finished: of?.finished ?? 0, attempts: of?.attempts ?? 0 };
          }),
        })),
      };
    },

    /**
     * GET /stats/dashboard/overview: the last OVERVIEW_PERIOD_DAYS days (today's included) against the
     * ones before, and what stands now.
     */
    overview: (tenantId: number): Promise<Overview> =>
      tenantSnapshot(tenantId, 'overview', async (r, now) => {
        const today = appDay(now);
        const back = (days: number) => addDays(today, -days);
        const period = { first: back(OVERVIEW_PERIOD_DAYS - 1), last: today };
        const before = { first: back(2 * OVERVIEW_PERIOD_DAYS - 1), last: back(OVERVIEW_PERIOD_DAYS) };
        const [people, active, published, publishedBefore, marks, marksBefore, byType, overdue] = await Promise.all([
          r.people(tenantId),
          r.activePeople(tenantId, [
            { first: back(6), last: today },
            { first: back(13), last: back(7) },
            period,
            before,
          ]),
          r.publishedReach(tenantId, period.first, period.last),
          r.publishedReach(tenantId, before.first, before.last),
          r.marks(tenantId, period.first, period.last),
          r.marks(tenantId, before.first, before.last),
          r.liveByType(tenantId, now),
          r.overdueItems(tenantId, now),
        ]);
        const [week = 0, weekBefore = 0, month = 0, monthBefore = 0] = active;
        const completion = (p: { audience: number; finished: number }) =>
          p.audience === 0 ? null : percentOf(p.finished, p.audience);
        return {
          people,
          activeWeek: { value: week, previous: weekBefore },
          activeMonth: { value: month, previous: monthBefore },
          published: { value: published.items, previous: publishedBefore.items },
          completion: { value: completion(published), previous: completion(publishedBefore) },
          averageMark: { value: meanOf(marks), previous: meanOf(marksBefore) },
          byType: CONTENT_TYPES.flatMap((type) => {
            const row = byType.find((b) => b.type === type);
            return row ? [{ ...row, percent: percentOf(row.finished, row.audience) }] : [];
          }),
          overdue: {
            tasks: overdue.length,
            people: overdue.reduce((sum, o) => sum + o.unfinished, 0),
            items: overdue.slice(0, OVERVIEW_OVERDUE_SHOWN),
          },
        };
      }),

    /**
     * GET /tenant/info/groups: each group's members and how far they got with the live items they received,
     * read from counters as they stand (no snapshot to wait for).
     */
    async groups(tenantId: number): Promise<GroupCompletionList> {
      const now = clock.now();
      const groups = await repo.groupCompletion(tenantId, now);
      return {
        computedAt: now.toISOString(),
        items: groups.map((g) => ({ ...g, percent: percentOf(g.finished, g.received) })),
      };
    },

    /** GET /tenant/top-five/{id}: the caller has checked who may read this tenant's. */
    async topFive(tenantId: number): Promise<TopFive> {
      const [people, items] = await Promise.all([repo.topPeople(tenantId), repo.topItems(tenantId, clock.now())]);
      return { people, items: items.map((i) => ({ ...i, percent: percentOf(i.finished, i.audience) })) };
    },

    snapshot,
  };
};
export type StatsService = ReturnType<typeof createStatsService>;
