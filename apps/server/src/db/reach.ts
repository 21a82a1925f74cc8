import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import { content, contentReach } from './schema/index.js';

// An item's reach as the counters keep it: summed over the slots its writers spread it on (ADR 0052), for every
// module that shows it (the staff list and item, the item's statistics, the dashboard).

const sums = {
  audience: sql<number>`coalesce(sum(${contentReach.audience}), 0)::int`.mapWith(Number).as('audience'),
  viewed: sql<number>`coalesce(sum(${contentReach.viewed}), 0)::int`.mapWith(Number).as('viewed'),
  finished: sql<number>`coalesce(sum(${contentReach.finished}), 0)::int`.mapWith(Number).as('finished'),
  unfinishedByDeadline: sql<number>`coalesce(sum(${contentReach.unfinishedByDeadline}), 0)::int`
    .mapWith(Number)
    .as('unfinished_by_deadline'),
};

const ofItem = (tenantId: SQLWrapper | number, contentId: SQLWrapper | number) =>
  and(eq(contentReach.tenantId, tenantId), eq(contentReach.contentId, contentId));

/**
 * The reach of the `content` row a query reads: joined LATERAL (`.innerJoinLateral(reachOfItem, sql\`true\`)`),
 * one row per item, zeros for an item no one has received yet.
 */
export const reachOfItem = new QueryBuilder({ casing: 'snake_case' })
  .select(sums)
  .from(contentReach)
  .where(ofItem(content.tenantId, content.id))
  .as('reach');

/** One item's reach, in a query of its own. */
export async function reachOf(db: DbOrTx, tenantId: number, contentId: number) {
  const [row] = await db.select(sums).from(contentReach).where(ofItem(tenantId, contentId));
  return row ?? { audience: 0, viewed: 0, finished: 0, unfinishedByDeadline: 0 };
}
