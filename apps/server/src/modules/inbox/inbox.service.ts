import { type ContentStatus, type ContentType, isLive } from '@kanal/contract';
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Jobs } from '../jobs/jobs.service.js';
import { createInboxRepository, type InboxRepository } from './inbox.repository.js';

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
 * An item's inbox rows are added a batch (`fillBatch`, INBOX_FILL_BATCH) a statement: the first with the
 * change that publishes it, the rest by this queue's job, a batch a transaction. Publishing to a tenant
 * of 100,000 in one transaction took 7–19 s on PostgreSQL (bench:content), holding the item locked all
 * along and the WAL busy for everyone's reads (issue 13).
 */
export const INBOX_FILL_BATCH = 2000;
export const INBOX_FILL_QUEUE = 'inbox.fill';
/** The fill job's key: one per item, whatever the changes that asked for it. */
export const inboxFillKey = (tenantId: number, contentId: number) => `${INBOX_FILL_QUEUE}:${tenantId}:${contentId}`;
/**
 * The key of the same queue's other job per item: bringing the rows' copies in line after an edit. Its own
 * job, so that a fill that follows no edit never looks for stale copies.
 */
const inboxCopiesKey = (tenantId: number, contentId: number) => `${INBOX_FILL_QUEUE}:copies:${tenantId}:${contentId}`;

/**
 * The queue's payload: the item, and either the user id the fill's next step starts above, or `copies`
 * for the job that brings the rows' copies in line.
 */
export type InboxFill = { tenantId: number; contentId: number; after: number; copies?: true };

/** The job queue, bound to the inbox's transaction (the jobs module's repository). */
type FillJobs = {
  scheduleOnce(job: {
    queue: string;
    key: string;
    payload: Record<string, unknown>;
    runAt: Date;
    tenantId: number;
  }): Promise<void>;
  waitingPayloads(tenantId: number, queue: string): Promise<Record<string, unknown>[]>;
};

/**
 * The users' inboxes (content_interaction): an item sent to a user is a row, new → viewed → finished.
 * This module is the only writer of those rows; content marks them, forms finish them, authoring keeps
 * them in line with each item's audience, each through the inbox it is handed (bound to its transaction
 * where it needs one).
 */
export const createInbox = ({
  repo,
  jobs,
  clock,
  fillBatch = INBOX_FILL_BATCH,
}: {
  repo: InboxRepository;
  jobs: FillJobs;
  clock: Clock;
  fillBatch?: number;
}) => {
  const copiesOf = (item: InboxItem) => ({
    publishAt: item.publishAt,
    isTask: item.type === 'TASK',
    deadline: item.deadline,
  });
  /** The next batch of an item's missing rows above `after`: the last id when there may be more, else null. */
  const addBatch = async (tenantId: number, contentId: number, item: InboxItem, after: number) => {
    const { added, last } = await repo.addMissing(tenantId, contentId, copiesOf(item), {
      limit: fillBatch,
      after,
      now: clock.now(),
    });
    return added === fillBatch ? last : null;
  };

  return {
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
    /** Brings users' rows in line with what is aimed at them, inside the caller's transaction (the admin's change). */
    syncUsers: (tenantId: number, userIds: number[]) => repo.syncUsers(tenantId, userIds, clock.now()),

    /**
     * Brings an item's rows in line with its audience and status, inside the caller's transaction — the
     * one that changed the item, so readers never see one without the other. Live (published or
     * scheduled): every audience member gets a row (beyond the first batch, by the fill job, which
     * starts once this transaction commits); rows of users who left the audience go unless viewed or
     * finished. Draft: untouched rows go. Archived: no row goes (they stay as history). Every remaining
     * row carries the item's publish_at, task flag, deadline and liveness, which is all the home feed
     * reads to pick, order and count: a live item's first batch of them here, the rest by the fill job
     * (moving a filled item's time or deadline would otherwise rewrite every row inside the edit); an item
     * leaving the feeds has all of them here, so no feed shows it a moment longer. The caller holds the
     * item's lock, as the fill job does, so the two take turns.
     */
    async sync(tenantId: number, contentId: number, item: InboxItem): Promise<void> {
      const live = isLive(item.status) && !item.supersededAt;
      const copies = { ...copiesOf(item), live };
      if (!live) {
        if (item.status !== 'archived' && !item.supersededAt) await repo.removeUntouched(tenantId, contentId, true);
        await repo.refreshCopies(tenantId, contentId, copies);
        return;
      }
      await repo.removeUntouched(tenantId, contentId, false);
      const schedule = (key: string, payload: InboxFill) =>
        jobs.scheduleOnce({ queue: INBOX_FILL_QUEUE, key, payload, runAt: clock.now(), tenantId });
      if ((await repo.refreshCopies(tenantId, contentId, copies, fillBatch)) === fillBatch) {
        // One waiting or running reads the item as this change leaves it: it takes the item's lock first.
        await schedule(inboxCopiesKey(tenantId, contentId), { tenantId, contentId, after: 0, copies: true });
      }
      const after = await addBatch(tenantId, contentId, item, 0);
      // A fill already under way keeps its place: its last pass starts over from the lowest id.
      if (after !== null) await schedule(inboxFillKey(tenantId, contentId), { tenantId, contentId, after });
    },

    /**
     * The fill job's step, in its transaction, with the item as it is now under its lock (the caller's):
     * while the item is live, the next batch of missing rows above `after`, the id the last step ended at,
     * so a step reads only the audience ahead of it. Past the last id, one pass from the start, for anyone a
     * change of audience put behind it meanwhile. Returns where to go on from, or null when every member of
     * the audience has a row.
     */
    async fill(tenantId: number, contentId: number, item: InboxItem, after: number): Promise<number | null> {
      if (!isLive(item.status) || item.supersededAt) return null;
      const next = await addBatch(tenantId, contentId, item, after);
      if (next !== null || after === 0) return next;
      return addBatch(tenantId, contentId, item, 0);
    },

    /**
     * The copies job's step, in its transaction, with the item as it is now under its lock: the next batch of
     * rows whose copies an edit left behind, brought in line. True while there may be more.
     */
    async alignCopies(tenantId: number, contentId: number, item: InboxItem): Promise<boolean> {
      if (!isLive(item.status) || item.supersededAt) return false;
      const copies = { ...copiesOf(item), live: true };
      return (await repo.refreshCopies(tenantId, contentId, copies, fillBatch)) === fillBatch;
    },

    /**
     * The tenant's items whose inboxes are still being filled or brought in line with an edit (a few at most,
     * however many items): their notices wait, and staff see them still going out.
     */
    async filling(tenantId: number): Promise<Set<number>> {
      const fills = (await jobs.waitingPayloads(tenantId, INBOX_FILL_QUEUE)) as InboxFill[];
      return new Set(fills.map((fill) => fill.contentId));
    },
  };
};
export type Inbox = ReturnType<typeof createInbox>;

type FillDeps = {
  /** Takes the item's lock and reads it as it is now (authoring's: it owns the item); undefined when gone. */
  lockItem: (tx: Tx, tenantId: number, contentId: number) => Promise<InboxItem | undefined>;
  /** The job queue bound to the transaction (the jobs module's repository). */
  jobsOver: (tx: Tx) => FillJobs;
  clock: Clock;
  fillBatch?: number | undefined;
};

/**
 * The fill job's step, in the transaction given: the next batch of the item's missing rows under its
 * lock (see `fill`); where the next step starts, or null when all are in.
 */
export const createInboxFill =
  ({ lockItem, jobsOver, clock, fillBatch }: FillDeps) =>
  async (tx: Tx, { tenantId, contentId, after, copies }: InboxFill): Promise<number | null> => {
    const item = await lockItem(tx, tenantId, contentId);
    if (!item) return null;
    const inbox = createInbox({ repo: createInboxRepository(tx), jobs: jobsOver(tx), clock, fillBatch });
    if (copies) return (await inbox.alignCopies(tenantId, contentId, item)) ? 0 : null;
    return inbox.fill(tenantId, contentId, item, after);
  };

/** The fill job: a step a job run, each in the job's transaction, until the item's audience has every row. */
export function defineInboxFillJob({ jobs, ...deps }: FillDeps & { jobs: Pick<Jobs, 'define'> }): void {
  const step = createInboxFill(deps);
  jobs.define<InboxFill>(INBOX_FILL_QUEUE, async (fill, tx, now) => {
    const after = await step(tx, fill);
    return after === null ? undefined : { again: now, payload: { ...fill, after } };
  });
}
