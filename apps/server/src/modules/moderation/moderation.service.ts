import {
  type CommentChangeBody,
  type CommentQueueQuery,
  may,
  mayChangeItem,
  mayReadItemStats,
  type StaffComment,
  type StaffCommentList,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Author } from '../authoring/authoring.service.js';
import type { CommentFilter, CommentRow, ModerationRepository } from './moderation.repository.js';

/** The content module's writes of comments (it owns the table), bound to moderation's transaction. */
type CommentWrites = {
  deleteComment(tenantId: number, contentId: number, commentId: number): Promise<boolean>;
  changeComment(
    tenantId: number,
    contentId: number,
    commentId: number,
    changes: {
      reply?: string | null;
      repliedAt?: Date | null;
      hiddenReason?: string | null;
      hiddenAt?: Date | null;
      handledAt?: Date | null;
    },
  ): Promise<{ userId: number; hadReply: boolean } | undefined>;
};

type Deps = {
  repo: ModerationRepository;
  /** An item's creator, undefined when the tenant has no such item (from the authoring module). */
  creatorOf: (tenantId: number, contentId: number) => Promise<number | undefined>;
  /** Runs `fn` in one transaction with the comments' writes, the audit log and the reply's notice bound to it. */
  transaction: <T>(
    fn: (repos: {
      comments: CommentWrites;
      audit: AuditLog;
      /** Tells a comment's writer of the reply (the authoring schedule's notice to one person). */
      tellReply: (reply: { tenantId: number; contentId: number; to: number; by: number; at: Date }) => Promise<void>;
    }) => Promise<T>,
  ) => Promise<T>;
  clock: Clock;
};

/**
 * Comments as staff see and moderate them (spec point 7, "Content"): an item's list, and one queue of the
 * organisation's comments across items, where staff reply, hide with a reason, mark handled or remove.
 */
export const createModeration = ({ repo, creatorOf, transaction, clock }: Deps) => {
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

  /** A CREATOR changes only what they made; an ANALYST nothing (the rule the console shows too). */
  async function changeable(author: Author, contentId: number): Promise<void> {
    const creatorId = await creator(author, contentId);
    if (!mayChangeItem({ role: author.role, id: author.userId }, creatorId)) throw new AppError('Forbidden');
  }

  async function one(author: Author, contentId: number, commentId: number): Promise<StaffComment> {
    const { rows } = await repo.comments(author.tenantId, { contentId, commentId }, { limit: 1, offset: 0 });
    const [row] = rows;
    if (!row) throw notFound();
    return toComment(row);
  }

  return {
    async comments(
      author: Author,
      contentId: number,
      page: { limit: number; offset: number },
    ): Promise<StaffCommentList> {
      await readableResponses(author, contentId);
      const { count, rows } = await repo.comments(author.tenantId, { contentId }, page);
      return { count, items: rows.map(toComment) };
    },

    /** The queue: those who read every item's figures see every comment, a CREATOR those on their own items. */
    async queue(author: Author, query: CommentQueueQuery): Promise<StaffCommentList> {
      const filter: CommentFilter = {
        contentId: query.content,
        userId: query.user,
        state: query.state,
        creatorId: may(author.role, 'stats.read') ? undefined : author.userId,
      };
      const { count, rows } = await repo.comments(author.tenantId, filter, query);
      return { count, items: rows.map(toComment) };
    },

    async comment(author: Author, contentId: number, commentId: number): Promise<StaffComment> {
      await readableResponses(author, contentId);
      return one(author, contentId, commentId);
    },

    /**
     * A reply (its writer is told of the first), hiding with a reason or showing again, marking handled or new: each
     * written with its audit entry in one transaction. A reply or hiding handles the comment, unless the
     * same call says otherwise.
     */
    async change(author: Author, contentId: number, commentId: number, body: CommentChangeBody): Promise<StaffComment> {
      await changeable(author, contentId);
      const now = clock.now();
      const { tenantId, userId } = author;
      const entry = { tenantId, userId };
      await transaction(async ({ comments, audit, tellReply }) => {
        const handles = Boolean(body.reply) || Boolean(body.hidden);
        const handled = body.handled ?? (handles ? true : undefined);
        const changed = await comments.changeComment(tenantId, contentId, commentId, {
          ...(body.reply === undefined ? {} : { reply: body.reply, repliedAt: body.reply ? now : null }),
          ...(body.hidden === undefined
            ? {}
            : { hiddenReason: body.hidden?.reason ?? null, hiddenAt: body.hidden ? now : null }),
          ...(handled === undefined ? {} : { handledAt: handled ? now : null }),
        });
        if (!changed) throw notFound();
        const details = { contentId, commentId, by: userId };
        if (body.reply !== undefined) {
          await audit.record({ ...entry, event: 'comment.replied', details: { ...details, withdrawn: !body.reply } });
          // Told of a reply once: a reply put right later is read where it stands, without another notice.
          if (body.reply && !changed.hadReply) {
            await tellReply({ tenantId, contentId, to: changed.userId, by: userId, at: now });
          }
        }
        if (body.hidden !== undefined) {
          await audit.record({
            ...entry,
            event: 'comment.hidden',
            details: { ...details, reason: body.hidden?.reason ?? null },
          });
        }
        if (handled !== undefined) {
          await audit.record({ ...entry, event: 'comment.handled', details: { ...details, handled } });
        }
      });
      return one(author, contentId, commentId);
    },

    /** Comments on a promotion's copy are its organisation's people's, moderated there like any other. */
    async deleteComment(author: Author, contentId: number, commentId: number): Promise<{ deleted: number }> {
      await changeable(author, contentId);
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

function toComment(row: CommentRow): StaffComment {
  return {
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    user: { id: row.userId, name: row.userName },
    content: { id: row.contentId, name: row.contentName, creatorId: row.creatorId },
    reply: row.reply && row.repliedAt ? { text: row.reply, at: row.repliedAt.toISOString() } : null,
    hidden: row.hiddenReason && row.hiddenAt ? { reason: row.hiddenReason, at: row.hiddenAt.toISOString() } : null,
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}
