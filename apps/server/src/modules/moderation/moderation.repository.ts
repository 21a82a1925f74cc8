import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, comment } from '../../db/schema/index.js';

/** An item's comments as its staff read them (the content module writes and deletes them). */
export const createModerationRepository = (db: DbOrTx) => ({
  /** An item's comments for moderation, newest first, with their authors. */
  async comments(
    tenantId: number,
    contentId: number,
    { limit, offset, commentId }: { limit: number; offset: number; commentId?: number },
  ) {
    const where = and(
      eq(comment.tenantId, tenantId),
      eq(comment.contentId, contentId),
      commentId === undefined ? undefined : eq(comment.id, commentId),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: comment.id,
          text: comment.text,
          createdAt: comment.createdAt,
          userId: appUser.id,
          userName: appUser.name,
        })
        .from(comment)
        .innerJoin(appUser, and(eq(appUser.tenantId, comment.tenantId), eq(appUser.id, comment.userId)))
        .where(where)
        .orderBy(desc(comment.createdAt), desc(comment.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(comment)
        .where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  },
});
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
