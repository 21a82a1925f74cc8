import type { ActivityItem, ContentType } from '@kanal/contract';
import { and, eq, isNotNull, lte, type SQLWrapper, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import {
  attempt,
  comment,
  content,
  contentInteraction,
  groupMember,
  pointsLedger,
  userGroup,
} from '../../db/schema/index.js';
import { sameItem, visibleTo } from '../../db/visibility.js';

/** What the profile panel shows of the user: counts of what they see and finished, points, rank, groups. */
type ActivityRow = {
  kind: ActivityItem['kind'];
  at: Date | string;
  content_id: number;
  name: string;
  type: ContentType;
  final_mark: number | null;
  passing_score: number | null;
  text: string | null;
};

export const createProfileRepository = (db: DbOrTx) => ({
  async interactionTotals(tenantId: number, userId: number, now: Date) {
    const [row] = await db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        finished: sql<number>`count(${contentInteraction.finishedAt})`.mapWith(Number),
      })
      .from(contentInteraction)
      .innerJoin(content, sameItem)
      .where(visibleTo(tenantId, userId, now));
    return { total: row?.total ?? 0, finished: row?.finished ?? 0 };
  },

  finishedByType: (tenantId: number, userId: number, now: Date) =>
    db
      .select({ type: content.type, count: sql<number>`count(*)`.mapWith(Number) })
      .from(contentInteraction)
      .innerJoin(content, sameItem)
      .where(and(visibleTo(tenantId, userId, now), isNotNull(contentInteraction.finishedAt)))
      .groupBy(content.type),

  async attemptTotals(tenantId: number, userId: number) {
    const [row] = await db
      .select({
        correct: sql<number>`coalesce(sum(${attempt.correct}), 0)`.mapWith(Number),
        total: sql<number>`coalesce(sum(${attempt.total}), 0)`.mapWith(Number),
      })
      .from(attempt)
      // An INQUIRY attempt is not graded (final_mark NULL): it is no answer right or wrong.
      .where(and(eq(attempt.tenantId, tenantId), eq(attempt.userId, userId), isNotNull(attempt.finalMark)));
    return { correct: row?.correct ?? 0, total: row?.total ?? 0 };
  },

  /** The user's points (the ledger's sum) and dense rank by points within the tenant, if any. */
  async pointsStanding(tenantId: number, userId: number) {
    const sum = sql`sum(${pointsLedger.points})`;
    const ranked = db
      .select({
        userId: pointsLedger.userId,
        points: sql<number>`${sum}`.mapWith(Number).as('points'),
        rank: sql<number>`dense_rank() OVER (ORDER BY ${sum} DESC)`.mapWith(Number).as('rank'),
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.tenantId, tenantId))
      .groupBy(pointsLedger.userId)
      .as('ranked');
    const [row] = await db
      .select({ points: ranked.points, rank: ranked.rank })
      .from(ranked)
      .where(eq(ranked.userId, userId));
    return row ? { points: Number(row.points), rank: Number(row.rank) } : { points: 0, rank: null };
  },

  /**
   * A person's timeline for their admin: items opened and finished, attempts with their marks, and
   * comments, newest first, a page at a time, with how many there are.
   */
  async activity(tenantId: number, userId: number, limit: number, offset: number) {
    const events = sql`
      SELECT 'viewed' AS kind, ci.viewed_at AS at, ci.content_id, NULL::real AS final_mark, NULL::text AS text
        FROM content_interaction ci
        WHERE ci.tenant_id = ${tenantId} AND ci.user_id = ${userId} AND ci.viewed_at IS NOT NULL
      UNION ALL
      SELECT 'finished', ci.finished_at, ci.content_id, NULL, NULL
        FROM content_interaction ci
        WHERE ci.tenant_id = ${tenantId} AND ci.user_id = ${userId} AND ci.finished_at IS NOT NULL
      UNION ALL
      SELECT 'attempt', a.created_at, a.content_id, a.final_mark, NULL
        FROM attempt a WHERE a.tenant_id = ${tenantId} AND a.user_id = ${userId}
      UNION ALL
      SELECT 'comment', cm.created_at, cm.content_id, NULL, cm.text
        FROM comment cm WHERE cm.tenant_id = ${tenantId} AND cm.user_id = ${userId}`;
    const counted = await db.execute(sql`SELECT count(*)::int AS count FROM (${events}) e`);
    const page = await db.execute(sql`
      SELECT e.kind, e.at, e.content_id, c.name, c.type, e.final_mark, e.text,
             (c.settings ->> 'passingScore')::real AS passing_score
      FROM (${events}) e
      JOIN content c ON c.tenant_id = ${tenantId} AND c.id = e.content_id
      ORDER BY e.at DESC, e.kind, e.content_id
      LIMIT ${limit} OFFSET ${offset}`);
    return { count: rowsOf<{ count: number }>(counted)[0]?.count ?? 0, rows: rowsOf<ActivityRow>(page) };
  },

  /**
   * Everything the product holds of what a person did (their access export): items, attempts, comments,
   * points. An item counts as received once it is out (a scheduled one is not yet), at the later of its
   * publication and the person's joining its audience.
   */
  async personalData(tenantId: number, userId: number, now: Date) {
    const received = sql<Date>`greatest(${contentInteraction.publishAt}, ${contentInteraction.receivedAt})`.mapWith(
      contentInteraction.publishAt,
    );
    const item = { name: content.name, type: content.type };
    const ofItem = (contentId: SQLWrapper) => and(eq(content.tenantId, tenantId), eq(content.id, contentId));
    const [items, attempts, comments, points] = await Promise.all([
      db
        .select({
          ...item,
          received,
          viewedAt: contentInteraction.viewedAt,
          finishedAt: contentInteraction.finishedAt,
        })
        .from(contentInteraction)
        .innerJoin(content, ofItem(contentInteraction.contentId))
        .where(
          and(
            eq(contentInteraction.tenantId, tenantId),
            eq(contentInteraction.userId, userId),
            lte(contentInteraction.publishAt, now),
          ),
        )
        .orderBy(received),
      db
        .select({
          ...item,
          at: attempt.createdAt,
          finalMark: attempt.finalMark,
          correct: attempt.correct,
          total: attempt.total,
        })
        .from(attempt)
        .innerJoin(content, ofItem(attempt.contentId))
        .where(and(eq(attempt.tenantId, tenantId), eq(attempt.userId, userId)))
        .orderBy(attempt.createdAt),
      db
        .select({ ...item, at: comment.createdAt, text: comment.text })
        .from(comment)
        .innerJoin(content, ofItem(comment.contentId))
        .where(and(eq(comment.tenantId, tenantId), eq(comment.userId, userId)))
        .orderBy(comment.createdAt),
      db
        .select({
          name: content.name,
          at: pointsLedger.createdAt,
          points: pointsLedger.points,
          reason: pointsLedger.reason,
        })
        .from(pointsLedger)
        .leftJoin(content, and(eq(content.tenantId, pointsLedger.tenantId), eq(content.id, pointsLedger.contentId)))
        .where(and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.userId, userId)))
        .orderBy(pointsLedger.createdAt),
    ]);
    return { items, attempts, comments, points };
  },

  listGroupsOf: (tenantId: number, userId: number) =>
    db
      .select({ id: userGroup.id, name: userGroup.name })
      .from(groupMember)
      .innerJoin(userGroup, and(eq(userGroup.tenantId, groupMember.tenantId), eq(userGroup.id, groupMember.groupId)))
      .where(and(eq(groupMember.tenantId, tenantId), eq(groupMember.userId, userId))),
});
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
