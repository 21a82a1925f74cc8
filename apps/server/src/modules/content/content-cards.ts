import { and, eq, isNull, lte, type Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type CallerRow, callerColumns, callerPlaceholders, liveCaller } from '../../db/caller.js';
import type { DbOrTx } from '../../db/client.js';
import { driverRows, preparedFor } from '../../db/prepared.js';
import { appUser, content, contentInteraction, task } from '../../db/schema/index.js';
import { sameItem } from '../../db/visibility.js';

// A content card's columns and row, and the home feed's statement: the caller's session check, their
// feed total and a page of cards in one round trip (issue 5), mapped by hand from the driver's rows.

/** The fields of a content card (ContentItem), read with the caller's own interaction. */
export const itemColumns = {
  id: content.id,
  type: content.type,
  configuration: content.configuration,
  name: content.name,
  description: content.description,
  image: content.image,
  category: content.category,
  publishAt: contentInteraction.publishAt,
  settings: content.settings,
  creatorName: appUser.name,
  taskDeadline: task.deadline,
  taskRepeat: task.repeat,
  viewedAt: contentInteraction.viewedAt,
  finishedAt: contentInteraction.finishedAt,
};

/** A content card's row: what the feed, the detail and the archive read for toItem. */
export type ItemRow = {
  id: number;
  type: (typeof content.type.enumValues)[number];
  configuration: (typeof content.configuration.enumValues)[number];
  name: string;
  description: string;
  image: string | null;
  category: string | null;
  publishAt: Date;
  settings: (typeof content.settings)['_']['data'];
  creatorName: string;
  taskDeadline: Date | null;
  taskRepeat: (typeof task.repeat.enumValues)[number] | null;
  viewedAt: Date | null;
  finishedAt: Date | null;
};

/**
 * The caller's unfinished inbox rows of live, due items: exactly the entries of the partial index
 * content_interaction_feed_idx (tenant_id, user_id, is_task DESC, deadline, publish_at DESC, content_id DESC)
 * WHERE finished_at IS NULL AND live, so neither picking nor counting looks at the items themselves
 * (the inbox's sync keeps the rows' live / publish_at / is_task / deadline copies right: an item leaving the feeds in
 * its own transaction; a live item's edit a batch there and the rest by the fill job, the page checking the item's
 * own time meanwhile, and each card showing the task's own deadline).
 */
const inboxOf = (tenantId: SQLWrapper, userId: SQLWrapper, now: Placeholder) =>
  and(
    eq(contentInteraction.tenantId, tenantId),
    eq(contentInteraction.userId, userId),
    lte(contentInteraction.publishAt, now),
    isNull(contentInteraction.finishedAt),
    // Spelled as the index predicate, not `live = $n`: a generic plan of the prepared statement can only
    // use the partial index when the predicate is there literally.
    sql`${contentInteraction.live}`,
  );

// Tasks first, soonest deadline first (none last), then newest first: the feed index's order.
const feedOrder = [
  sql`${contentInteraction.isTask} DESC NULLS LAST`,
  sql`${contentInteraction.deadline} ASC NULLS LAST`,
  sql`${contentInteraction.publishAt} DESC NULLS LAST`,
  sql`${contentInteraction.contentId} DESC NULLS LAST`,
];

/**
 * A page of the caller's feed: the first `limit` entries of their feed index range, in the index's
 * order (the ORDER BY spells NULLS LAST to match it, so there is no sort and the scan stops after the
 * page), each joined to its item, creator and task. Joined LATERAL to the caller's session row, so
 * the columns that share a name are aliased, and the page keeps its position for the outer order.
 * Every column it takes from the inbox row is in the index (finished_at is null by the index's own
 * predicate, so it is not selected), which makes the scan index-only.
 */
const { finishedAt: _unfinished, ...feedItemColumns } = itemColumns;
const feedPage = new QueryBuilder({ casing: 'snake_case' })
  .select({
    ...feedItemColumns,
    creatorName: sql<string>`${appUser.name}`.as('creator_name'),
    position: sql<number>`row_number() OVER (ORDER BY ${sql.join(feedOrder, sql`, `)})`.as('position'),
  })
  .from(contentInteraction)
  .innerJoin(content, sameItem)
  .innerJoin(appUser, and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId)))
  .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
  // The item's own time too: an edit that moved it later leaves copies behind for the fill job (inbox.service.ts).
  .where(
    and(
      inboxOf(liveCaller.tenantId, liveCaller.userId, callerPlaceholders.now),
      lte(content.publishAt, callerPlaceholders.now),
    ),
  )
  .orderBy(...feedOrder)
  .limit(sql.placeholder('limit'))
  .offset(sql.placeholder('offset'))
  .as('feed_page');

/** The caller's feed total: an index-only count over their feed index entries, joined LATERAL so it runs once. */
const feedTotal = new QueryBuilder({ casing: 'snake_case' })
  .select({ total: sql<number>`count(*)::int`.as('total') })
  .from(contentInteraction)
  .where(inboxOf(liveCaller.tenantId, liveCaller.userId, callerPlaceholders.now))
  .as('feed_total');

/**
 * The home feed, the hottest read, in one round trip: the caller's session check, their feed total
 * and the page. A live session always gives a row (the page is LEFT JOINed, so a page past the end
 * still carries the total); no row means no live session. Read with `all()` and mapped by
 * feedRowOf: drizzle's own mapping resolves every field's decoder on every row, which costs about
 * 0.15 µs a field for a subquery's aliased columns — a fifth of the feed's CPU at 50 rows.
 */
/** A feed row as the driver returns it from `all()`: named as the statement's columns, timestamps as text. */
type FeedDriverRow = {
  caller_session_id: number;
  caller_tenant_id: number;
  caller_user_id: number;
  caller_role: CallerRow['role'];
  caller_remember_me: boolean;
  caller_last_seen_at: string;
  total: number;
  // The page's columns: all null on the one row of a page past the end.
  id: number | null;
  type: ItemRow['type'];
  configuration: ItemRow['configuration'];
  name: string;
  description: string;
  image: string | null;
  category: string | null;
  publish_at: string;
  settings: ItemRow['settings'];
  creator_name: string;
  deadline: string | null;
  repeat: ItemRow['taskRepeat'];
  viewed_at: string | null;
};

// As drizzle's timestamp columns decode them.
const dateOf = (text: string) => new Date(text);
const dateOrNull = (text: string | null) => (text === null ? null : new Date(text));

function feedRowOf(row: FeedDriverRow): { caller: CallerRow; total: number; item: ItemRow | null } {
  const caller: CallerRow = {
    sessionId: row.caller_session_id,
    tenantId: row.caller_tenant_id,
    userId: row.caller_user_id,
    role: row.caller_role,
    rememberMe: row.caller_remember_me,
    lastSeenAt: dateOf(row.caller_last_seen_at),
  };
  const item: ItemRow | null =
    row.id === null
      ? null
      : {
          id: row.id,
          type: row.type,
          configuration: row.configuration,
          name: row.name,
          description: row.description,
          image: row.image,
          category: row.category,
          publishAt: dateOf(row.publish_at),
          settings: row.settings,
          creatorName: row.creator_name,
          taskDeadline: dateOrNull(row.deadline),
          taskRepeat: row.repeat,
          viewedAt: dateOrNull(row.viewed_at),
          finishedAt: null,
        };
  return { caller, total: row.total, item };
}

const feedNew = preparedFor((db) =>
  db
    .select({
      caller: callerColumns,
      total: feedTotal.total,
      item: {
        id: feedPage.id,
        type: feedPage.type,
        configuration: feedPage.configuration,
        name: feedPage.name,
        description: feedPage.description,
        image: feedPage.image,
        category: feedPage.category,
        publishAt: feedPage.publishAt,
        settings: feedPage.settings,
        creatorName: feedPage.creatorName,
        taskDeadline: feedPage.taskDeadline,
        taskRepeat: feedPage.taskRepeat,
        viewedAt: feedPage.viewedAt,
      },
    })
    .from(liveCaller)
    .innerJoinLateral(feedTotal, sql`true`)
    .leftJoinLateral(feedPage, sql`true`)
    .orderBy(feedPage.position)
    .prepare('content_feed_new'),
);

/** The caller's feed page with their session check: no rows when the session is not live. */
export async function readFeed(
  db: DbOrTx,
  params: { tenantId: number; tokenHash: string; now: Date; limit: number; offset: number },
) {
  const rows = await driverRows<FeedDriverRow>(feedNew(db), params);
  return rows.map(feedRowOf);
}
