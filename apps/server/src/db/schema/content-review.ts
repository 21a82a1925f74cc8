import { REVIEW_ACTIONS } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { content } from './content.js';
import { appUser } from './users.js';

/**
 * An item's review history (ADR 0065): each time its author sent it for review, and each approval or
 * return with the reviewer's comment. Written with the item's change, in its transaction.
 */
export const contentReview = pgTable(
  'content_review',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    action: text({ enum: REVIEW_ACTIONS }).notNull(),
    /** Who sent, approved or returned it; null once their account is deleted. */
    userId: integer(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // An item's history, newest first, and the queue's time each item was sent.
    index('content_review_content_idx').on(t.tenantId, t.contentId, t.id),
    check('content_review_action_check', sql`${t.action} IN ('submitted', 'approved', 'returned')`),
    foreignKey({
      name: 'content_review_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
    // Deleting the person clears user_id only (drizzle/0053: ON DELETE SET NULL ("user_id")).
    foreignKey({
      name: 'content_review_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('set null'),
  ],
);
