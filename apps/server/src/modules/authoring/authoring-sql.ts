import type { ContentStatus } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { appUser, content, contentReach } from '../../db/schema/index.js';

/* SQL pieces the staff's reads share (authoring.repository.ts, authoring-list.ts). */

export const timeParam = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The status as people see it: a scheduled item whose time has come reads `published`. */
export const shownStatus = (now: Date) =>
  sql<ContentStatus>`CASE WHEN ${content.status} = 'scheduled' AND ${content.publishAt} <= ${timeParam(now)}
    THEN 'published' ELSE ${content.status}::text END`;

export const reachColumns = {
  audience: sql<number>`coalesce(${contentReach.audience}, 0)`.mapWith(Number),
  viewed: sql<number>`coalesce(${contentReach.viewed}, 0)`.mapWith(Number),
  finished: sql<number>`coalesce(${contentReach.finished}, 0)`.mapWith(Number),
};
export const reachOf = and(eq(contentReach.tenantId, content.tenantId), eq(contentReach.contentId, content.id));
export const creatorOf = and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId));
export const oneItem = (tenantId: number, contentId: number) =>
  and(eq(content.tenantId, tenantId), eq(content.id, contentId));
