import { LIVE_STATUSES } from '@kanal/contract';
import { and, eq, inArray, lte, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { content, contentInteraction } from './schema/index.js';

// What a user may see, for every module that reads items through the inbox: one rule, one spelling.

/** Joins an inbox row to its item. */
export const sameItem = and(
  eq(content.tenantId, contentInteraction.tenantId),
  eq(content.id, contentInteraction.contentId),
);

/**
 * The caller can see an item: it is live (LIVE_STATUSES) and due, and it was sent to them (they have an
 * inbox row). A scheduled item's time is checked on the interaction's copy of publish_at (the column the
 * feed index holds).
 */
export const visibleTo = (tenantId: number | SQLWrapper, userId: number | SQLWrapper, now: Date | Placeholder) =>
  and(
    eq(contentInteraction.tenantId, tenantId),
    eq(contentInteraction.userId, userId),
    lte(contentInteraction.publishAt, now),
    inArray(content.status, [...LIVE_STATUSES]),
  );
