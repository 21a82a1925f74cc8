import type { Role } from '@kanal/contract';
import { and, asc, desc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, content, contentReview, contentReviewer, reviewPolicy } from '../../db/schema/index.js';

/**
 * Whether an organisation reviews and who reviews (this module's tables), and the items in review with
 * their histories as reviewers read them (authoring writes those with the items).
 */
export const createReviewRepository = (db: DbOrTx) => ({
  async required(tenantId: number): Promise<boolean> {
    const [row] = await db
      .select({ required: reviewPolicy.required })
      .from(reviewPolicy)
      .where(eq(reviewPolicy.tenantId, tenantId));
    return row?.required ?? false;
  },

  /** The CREATORs named reviewers, by name. */
  named: (tenantId: number) =>
    db
      .select({ id: appUser.id, name: appUser.name })
      .from(contentReviewer)
      .innerJoin(appUser, and(eq(appUser.tenantId, contentReviewer.tenantId), eq(appUser.id, contentReviewer.userId)))
      .where(eq(contentReviewer.tenantId, tenantId))
      .orderBy(asc(appUser.name), asc(appUser.id)),

  async isNamed(tenantId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: contentReviewer.userId })
      .from(contentReviewer)
      .where(and(eq(contentReviewer.tenantId, tenantId), eq(contentReviewer.userId, userId)));
    return row !== undefined;
  },

  /** Who hears that an item awaits review: the organisation's active admins and named reviewers. */
  async reviewers(tenantId: number): Promise<number[]> {
    const rows = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(
        and(
          eq(appUser.tenantId, tenantId),
          eq(appUser.active, true),
          or(
            eq(appUser.role, 'ADMIN'),
            and(
              eq(appUser.role, 'CREATOR'),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(contentReviewer)
                  .where(and(eq(contentReviewer.tenantId, appUser.tenantId), eq(contentReviewer.userId, appUser.id))),
              ),
            ),
          ),
        ),
      );
    return rows.map((r) => r.id);
  },

  /** The roles of the organisation's people among these ids (the rest are no one's here). */
  rolesOf: (tenantId: number, ids: number[]): PromiseLike<{ id: number; role: Role }[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: appUser.id, role: appUser.role })
          .from(appUser)
          .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, ids))),

  /** The organisation's choice and its named reviewers, written as a whole (in the caller's transaction). */
  async setPolicy(tenantId: number, required: boolean, reviewers: number[]): Promise<void> {
    await db
      .insert(reviewPolicy)
      .values({ tenantId, required })
      .onConflictDoUpdate({ target: reviewPolicy.tenantId, set: { required, updatedAt: sql`now()` } });
    await db.delete(contentReviewer).where(eq(contentReviewer.tenantId, tenantId));
    if (reviewers.length) await db.insert(contentReviewer).values(reviewers.map((userId) => ({ tenantId, userId })));
  },

  /** The items in review, the longest waiting first (only `creatorId`'s when given), with their number. */
  async queue(tenantId: number, creatorId: number | undefined, { limit, offset }: { limit: number; offset: number }) {
    const where = and(
      eq(content.tenantId, tenantId),
      eq(content.status, 'review'),
      creatorId === undefined ? undefined : eq(content.creatorId, creatorId),
    );
    // When it was last sent: the newest step, which in review is its submission.
    const submittedAt = sql<Date>`(
      SELECT max(${contentReview.createdAt}) FROM ${contentReview}
      WHERE ${contentReview.tenantId} = ${content.tenantId} AND ${contentReview.contentId} = ${content.id}
        AND ${contentReview.action} = 'submitted')`.mapWith((value) => new Date(value));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: content.id,
          name: content.name,
          type: content.type,
          publishAt: content.publishAt,
          creatorId: content.creatorId,
          creatorName: appUser.name,
          submittedAt,
        })
        .from(content)
        .innerJoin(appUser, and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId)))
        .where(where)
        .orderBy(asc(submittedAt), asc(content.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(content)
        .where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  },

  /** An item's review steps, newest first, with who took each. */
  history: (tenantId: number, contentId: number) =>
    db
      .select({
        id: contentReview.id,
        action: contentReview.action,
        userId: appUser.id,
        userName: appUser.name,
        comment: contentReview.comment,
        at: contentReview.createdAt,
      })
      .from(contentReview)
      .leftJoin(appUser, and(eq(appUser.tenantId, contentReview.tenantId), eq(appUser.id, contentReview.userId)))
      .where(and(eq(contentReview.tenantId, tenantId), eq(contentReview.contentId, contentId)))
      .orderBy(desc(contentReview.id)),
});
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
