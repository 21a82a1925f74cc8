import { and, eq, inArray, lte, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { content, contentInteraction } from './schema/index.js';

// What a user may see, for every module that reads items through the inbox: one rule, one spelling.

/**
 * 'scheduled' counts as published once its time has come, so publishing on time needs no job; the
 * time is checked on the interaction's copy of publish_at (the column the feed index holds).
 */
export const LIVE_STATUSES: ('published' | 'scheduled')[] = ['published', 'scheduled'];

/** Joins an inbox row to its item. */
export const sameItem = and(
  eq(content.tenantId, contentInteraction.tenantId),
  eq(content.id, contentInteraction.contentId),
);

/** The caller can see an item: it is live and due, and it was sent to them (they have an inbox row). */
export const visibleTo = (tenantId: number | SQLWrapper, userId: number | SQLWrapper, now: Date | Placeholder) =>
  and(
    eq(contentInteraction.tenantId, tenantId),
    eq(contentInteraction.userId, userId),
    lte(contentInteraction.publishAt, now),
    inArray(content.status, LIVE_STATUSES),
  );
