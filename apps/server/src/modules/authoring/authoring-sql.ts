import type { ContentStatus } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { reachOfItem } from '../../db/reach.js';
import { appUser, content } from '../../db/schema/index.js';

/* SQL pieces the staff's reads share (authoring.repository.ts, authoring-list.ts). */

export const timeParam = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The status as people see it: a scheduled item whose time has come reads `published`. */
export const shownStatus = (now: Date) =>
  sql<ContentStatus>`CASE WHEN ${content.status} = 'scheduled' AND ${content.publishAt} <= ${timeParam(now)}
    THEN 'published' ELSE ${content.status}::text END`;

/** The item's reach: with `reachOfItem` joined LATERAL. */
export const reachColumns = {
  audience: reachOfItem.audience,
  viewed: reachOfItem.viewed,
  finished: reachOfItem.finished,
};
export const creatorOf = and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId));
export const oneItem = (tenantId: number, contentId: number) =>
  and(eq(content.tenantId, tenantId), eq(content.id, contentId));
