import type { CommentState } from '@kanal/contract';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, comment, content } from '../../db/schema/index.js';

/** Which comments a moderation list shows; every filter is optional but the organisation. */
export type CommentFilter = {
  contentId?: number;
  userId?: number;
  commentId?: number;
  state?: CommentState;
  /** Only the items this person made (a CREATOR's queue). */
  creatorId?: number;
};

/** Comments as their staff read them, with their authors and items (the content module writes and deletes them). */
export const createModerationRepository = (db: DbOrTx) => ({
  /** Comments for moderation, newest first. */
  async comments(tenantId: number, filter: CommentFilter, { limit, offset }: { limit: number; offset: number }) {
    const conditions: (SQL | undefined)[] = [
      eq(comment.tenantId, tenantId),
      filter.contentId === undefined ? undefined : eq(comment.contentId, filter.contentId),
      filter.userId === undefined ? undefined : eq(comment.userId, filter.userId),
      filter.commentId === undefined ? undefined : eq(comment.id, filter.commentId),
      filter.state === 'new' ? isNull(comment.handledAt) : undefined,
      filter.state === 'handled' ? isNotNull(comment.handledAt) : undefined,
      filter.creatorId === undefined ? undefined : eq(content.creatorId, filter.creatorId),
    ];
    const where = and(...conditions);
    const ofItem = and(eq(content.tenantId, comment.tenantId), eq(content.id, comment.contentId));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: comment.id,
          text: comment.text,
          createdAt: comment.createdAt,
          reply: comment.reply,
          repliedAt: comment.repliedAt,
          hiddenReason: comment.hiddenReason,
          hiddenAt: comment.hiddenAt,
          handledAt: comment.handledAt,
          userId: appUser.id,
          userName: appUser.name,
          contentId: content.id,
          contentName: content.name,
          creatorId: content.creatorId,
        })
        .from(comment)
        .innerJoin(appUser, and(eq(appUser.tenantId, comment.tenantId), eq(appUser.id, comment.userId)))
        .innerJoin(content, ofItem)
        .where(where)
        .orderBy(desc(comment.createdAt), desc(comment.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(comment)
        .innerJoin(content, ofItem)
        .where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  },
});
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
export type CommentRow = Awaited<ReturnType<ModerationRepository['comments']>>['rows'][number];
