import type { ContentStatus, ContentType } from '@kanal/contract';
import type { InboxRepository } from './inbox.repository.js';

/**
 * What an item's inbox rows follow: its status, its type (tasks come first), a task's deadline (tasks
 * in deadline order) and its publication time.
 */
export type InboxItem = {
  status: ContentStatus;
  type: ContentType;
  publishAt: Date;
  deadline: Date | null;
  /** A repeating task's occurrence that the next one replaced: out of the feeds, its rows kept as they are. */
  supersededAt: Date | null;
};

/**
 * The users' inboxes (content_interaction): an item sent to a user is a row, new → viewed → finished.
 * This module is the only writer of those rows; content marks them, forms finish them, authoring keeps
 * them in line with each item's audience, each through the inbox it is handed (bound to its transaction
 * where it needs one).
 */
export const createInbox = ({ repo }: { repo: InboxRepository }) => ({
  /** Viewed (and, with `finish`, finished) now, unless already; undefined when the item is not the user's. */
  mark: repo.mark,
  /** The user's row of an item, share-locked for the caller's transaction (forms' answer checks). */
  lockShared: repo.lockShared,
  /**
   * The lock and finish steps on a user's row, for another module's statement that finishes the item
   * in the same statement (forms' submission): this module writes the SQL that changes inbox rows.
   */
  finishingSteps: repo.finishingSteps,
  /** Who has the item in their feed and has not finished it: a query for a notice's recipients. */
  unfinishedAudience: repo.unfinishedAudience,
  /** Back to unfinished, when what finished the item is gone (an attempt deleted by an admin). */
  reopen: repo.reopen,

  /**
   * Brings an item's rows in line with its audience and status, inside the caller's transaction — the
   * one that changed the item, so readers never see one without the other. Live (published or
   * scheduled): every audience member gets a row; rows of users who left the audience go unless viewed
   * or finished. Draft: untouched rows go. Archived: no row goes (they stay as history). Every remaining
   * row carries the item's publish_at, task flag, deadline and liveness, which is all the home feed reads to pick,
   * order and count. Set-based: at most three statements whatever the audience size.
   */
  /** Brings users' rows in line with what is aimed at them, inside the caller's transaction (the admin's change). */
  syncUsers: repo.syncUsers,

  async sync(tenantId: number, contentId: number, item: InboxItem): Promise<void> {
    const live = item.status === 'published' || item.status === 'scheduled';
    const isTask = item.type === 'TASK';
    const copies = { publishAt: item.publishAt, isTask, deadline: item.deadline };
    if (item.supersededAt) {
      await repo.refreshCopies(tenantId, contentId, { ...copies, live: false });
      return;
    }
    if (item.status !== 'archived') await repo.removeUntouched(tenantId, contentId, !live);
    if (live) await repo.addMissing(tenantId, contentId, copies);
    await repo.refreshCopies(tenantId, contentId, { ...copies, live });
  },
});
export type Inbox = ReturnType<typeof createInbox>;
