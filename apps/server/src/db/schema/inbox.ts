import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { content } from './content.js';
import { appUser } from './users.js';

/**
 * The user's inbox. A row is written for every user in an item's audience when the item is
 * published (the inbox module's sync; beyond its first batch, by the inbox's fill job), carrying copies
 * of publish_at, the task flag and whether the item is live (published or scheduled), so the home feed
 * is one index range over the caller's own rows — no audience resolution (all / groups / people) and no
 * look at the item itself to count or order them, however many groups and items a tenant has. The same
 * row records viewed → finished.
 */
export const contentInteraction = pgTable(
  'content_interaction',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    contentId: integer().notNull(),
    publishAt: timestamp({ withTimezone: true }).notNull(),
    isTask: boolean().notNull(),
    /** Copy of task.deadline (null for other items and tasks without one): tasks are listed soonest first. */
    deadline: timestamp({ withTimezone: true }),
    /** Copy of content.status IN (published, scheduled); false keeps an archived or withdrawn item's history. */
    live: boolean().notNull().default(true),
    viewedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * When the person joined the item's audience (the row was made): whoever joins a task after its
     * deadline is not overdue on it. Null for rows made before it was kept (migration 0032): from the start.
     */
    receivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.contentId] }),
    // The home feed: the caller's unfinished rows of live items, tasks first by deadline, then newest
    // first (content.repository.ts). The count and the page are index-only scans of it: viewed_at
    // rides last (content_id is unique per user, so it never changes the order), so a page of 50
    // reads no inbox row from the table — 50 random heap pages per request at 20 M rows.
    index('content_interaction_feed_idx')
      .on(
        t.tenantId,
        t.userId,
        t.isTask.desc(),
        t.deadline.asc().nullsLast(),
        t.publishAt.desc(),
        t.contentId.desc(),
        t.viewedAt,
      )
      .where(sql`${t.finishedAt} IS NULL AND ${t.live}`),
    // The archive: the caller's finished rows, latest first (content.repository.ts, finishedList).
    index('content_interaction_finished_idx')
      .on(t.tenantId, t.userId, t.finishedAt.desc(), t.contentId.desc())
      .where(sql`${t.finishedAt} IS NOT NULL`),
    // The inbox's sync: the rows of one item.
    index('content_interaction_content_idx').on(t.tenantId, t.contentId),
    foreignKey({
      name: 'content_interaction_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'content_interaction_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
  ],
);
