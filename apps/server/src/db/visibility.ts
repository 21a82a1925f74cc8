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
 * feed index holds) and on the item's own: after an edit moves a large item's time later, the fill job
 * brings the copies in line a batch at a time, and until then no stale copy may show the item early.
 */
export const visibleTo = (tenantId: number | SQLWrapper, userId: number | SQLWrapper, now: Date | Placeholder) =>
  and(
    eq(contentInteraction.tenantId, tenantId),
    eq(contentInteraction.userId, userId),
    lte(contentInteraction.publishAt, now),
    lte(content.publishAt, now),
    inArray(content.status, [...LIVE_STATUSES]),
  );
