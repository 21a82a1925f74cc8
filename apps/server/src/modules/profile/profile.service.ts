import {
  type ActivityPage,
  CONTENT_TYPE_DISPLAY_ORDER,
  type ContentStats,
  type CountByType,
  type Group,
  type UserStats,
} from '@kanal/contract';
import type { Clock } from '../../lib/clock.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { ProfileRepository } from './profile.repository.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId'>;
const byName = new Intl.Collator('hr');

/** The profile panel (spec point 2): what the user finished of what they see, their points and rank, their groups. */
export const createProfileService = ({ repo, clock }: { repo: ProfileRepository; clock: Clock }) => ({
  /** What a person did, for their access export (GET /export/user/{id}); the caller checks who may read it. */
  personalData: repo.personalData,

  /** A person's timeline, newest first (GET /user/{id}/activity); the caller has checked who may read it. */
  async activity(tenantId: number, userId: number, page: { limit: number; offset: number }): Promise<ActivityPage> {
    const { count, rows } = await repo.activity(tenantId, userId, page.limit, page.offset);
    return {
      count,
      items: rows.map((row) => ({
        kind: row.kind,
        at: new Date(row.at).toISOString(),
        content: { id: row.content_id, name: row.name, type: row.type },
        finalMark: row.final_mark,
        passed: row.final_mark === null || row.passing_score === null ? null : row.final_mark >= row.passing_score,
        text: row.text,
      })),
    };
  },

  async stats(ctx: Ctx): Promise<ContentStats> {
    const { total, finished } = await repo.interactionTotals(ctx.tenantId, ctx.userId, clock.now());
    return { finishedContent: finished, totalContent: total };
  },

  /** Finished items per type, every type present, in the profile panel's order. */
  async countByType(ctx: Ctx): Promise<CountByType> {
    const rows = await repo.finishedByType(ctx.tenantId, ctx.userId, clock.now());
    const byType = new Map(rows.map((r) => [r.type, r.count]));
    return CONTENT_TYPE_DISPLAY_ORDER.map((type) => ({ type, count: byType.get(type) ?? 0 }));
  },

  /** Accuracy over graded answers (DESIGN.md §5), points, and a rank once there are points. */
  async userStats(ctx: Ctx): Promise<UserStats> {
    const [attempts, standing] = await Promise.all([
      repo.attemptTotals(ctx.tenantId, ctx.userId),
      repo.pointsStanding(ctx.tenantId, ctx.userId),
    ]);
    const accuracy = attempts.total > 0 ? Math.round((100 * attempts.correct) / attempts.total) : 0;
    return { accuracy, points: standing.points, rank: standing.points > 0 ? standing.rank : null };
  },

  async groups(ctx: Ctx): Promise<Group[]> {
    const rows = await repo.listGroupsOf(ctx.tenantId, ctx.userId);
    return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  },
});
export type ProfileService = ReturnType<typeof createProfileService>;
