import { mayChangeItem, mayReadItemStats, type StaffComment, type StaffCommentList } from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Author } from '../authoring/authoring.service.js';
import type { ModerationRepository } from './moderation.repository.js';

type Deps = {
  repo: ModerationRepository;
  /** An item's creator, undefined when the tenant has no such item (from the authoring module). */
  creatorOf: (tenantId: number, contentId: number) => Promise<number | undefined>;
  /** Runs `fn` in one transaction with the content module's comment removal and the audit log bound to it. */
  transaction: <T>(
    fn: (repos: {
      comments: { deleteComment(tenantId: number, contentId: number, commentId: number): Promise<boolean> };
      audit: AuditLog;
    }) => Promise<T>,
  ) => Promise<T>;
};

/** An item's comments as its staff see and remove them (spec point 7, "Content": moderation). */
export const createModeration = ({ repo, creatorOf, transaction }: Deps) => {
  /** The item's creator; 404 when it is not the tenant's. */
  async function creator(author: Author, contentId: number): Promise<number> {
    const creatorId = await creatorOf(author.tenantId, contentId);
    if (creatorId === undefined) throw notFound();
    return creatorId;
  }

  /** What people wrote on an item is read by those who read its figures: a CREATOR's own items only. */
  async function readableResponses(author: Author, contentId: number): Promise<void> {
    const creatorId = await creator(author, contentId);
    if (!mayReadItemStats({ role: author.role, id: author.userId }, creatorId)) throw new AppError('Forbidden');
  }

  return {
    async comments(
      author: Author,
      contentId: number,
      page: { limit: number; offset: number },
    ): Promise<StaffCommentList> {
      await readableResponses(author, contentId);
      const { count, rows } = await repo.comments(author.tenantId, contentId, page);
      return { count, items: rows.map(toComment) };
    },

    async comment(author: Author, contentId: number, commentId: number): Promise<StaffComment> {
      await readableResponses(author, contentId);
      const { rows } = await repo.comments(author.tenantId, contentId, { limit: 1, offset: 0, commentId });
      const [row] = rows;
      if (!row) throw notFound();
      return toComment(row);
    },

    /** Comments on a promotion's copy are its organisation's people's, moderated there like any other. */
    async deleteComment(author: Author, contentId: number, commentId: number): Promise<{ deleted: number }> {
      const creatorId = await creator(author, contentId);
      // A CREATOR changes only what they made; an ANALYST nothing (the rule the console shows too).
      if (!mayChangeItem({ role: author.role, id: author.userId }, creatorId)) throw new AppError('Forbidden');
      const entry = { event: 'comment.deleted' as const, tenantId: author.tenantId, userId: author.userId };
      const removed = await transaction(async ({ comments, audit }) => {
        const gone = await comments.deleteComment(author.tenantId, contentId, commentId);
        if (gone) await audit.record({ ...entry, details: { contentId, commentId, by: entry.userId } });
        return gone;
      });
      if (!removed) throw notFound();
      return { deleted: 1 };
    },
  };
};
export type Moderation = ReturnType<typeof createModeration>;

function toComment(row: { id: number; text: string; createdAt: Date; userId: number; userName: string }): StaffComment {
  return {
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    user: { id: row.userId, name: row.userName },
  };
}
