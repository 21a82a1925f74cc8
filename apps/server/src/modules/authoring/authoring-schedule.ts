import { DAY_MS, isLive, MINUTE_MS, type NoticeKind, type REVIEW_NOTICE_KINDS } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { occurrenceDeadline } from '../../lib/recurrence.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { JobAgain, Jobs } from '../jobs/jobs.service.js';
import type { Notifications } from '../notifications/notifications.service.js';
import { type AuthoringRepository, createAuthoringRepository } from './authoring.repository.js';

/** The job queues of an item's schedule: its notices, their fan-out and a repeating task's next occurrence. */
export const SCHEDULE_QUEUES = {
  published: 'content.published',
  reminder: 'task.reminder',
  manual: 'content.notice',
  recur: 'task.recur',
  fanOut: 'notice.fanout',
} as const;

/** What authoring schedules through, bound to its transaction (the jobs module's repository). */
export type NoticeScheduler = {
  schedule(
    jobs: { queue: string; key?: string; payload: Record<string, unknown>; runAt: Date; tenantId: number }[],
  ): Promise<void>;
  cancel(key: string): Promise<void>;
};

/**
 * A publication notice this late is dropped: after a server was down for days its news is old, and the
 * item is in the feed anyway.
 */
const PUBLISHED_NOTICE_GRACE_MS = DAY_MS;

/** How long a notice waits before it looks again whether its item's inboxes are filled. */
const FILL_WAIT_MS = 2000;
/** How long an item's scheduled job waits before it looks again whether the item's edit is over. */
export const EDIT_WAIT_MS = 1000;

const jobKey = (queue: string, tenantId: number, contentId: number) => `${queue}:${tenantId}:${contentId}`;

/**
 * An item's schedule, planned in the transaction that changed it: the audience hears of it when it
 * appears, a task's assignees before its deadline (when the reminder falls after the item appears; before
 * that, the appearance tells them), and a repeating task's next occurrence comes at its deadline. Each
 * once per item; withdrawing the item, or its replacement by the next occurrence, drops what is to come.
 */
export async function planSchedule(
  repo: AuthoringRepository,
  jobs: NoticeScheduler,
  tenantId: number,
  contentId: number,
): Promise<void> {
  const item = await repo.itemSchedule(tenantId, contentId);
  if (!item) return;
  const live = isLive(item.status) && item.supersededAt === null;
  const payload = { tenantId, contentId };
  const plan = async (queue: string, runAt: Date | null) => {
    const key = jobKey(queue, tenantId, contentId);
    if (live && runAt) await jobs.schedule([{ queue, key, payload, runAt, tenantId }]);
    else await jobs.cancel(key);
  };
  const unsent = (kind: NoticeKind) => !item.sent.includes(kind);
  await plan(SCHEDULE_QUEUES.published, unsent('published') ? item.publishAt : null);
  const remindAt =
    item.deadline && item.reminderMinutes ? new Date(item.deadline.getTime() - item.reminderMinutes * MINUTE_MS) : null;
  await plan(SCHEDULE_QUEUES.reminder, remindAt && remindAt > item.publishAt && unsent('reminder') ? remindAt : null);
  await plan(SCHEDULE_QUEUES.recur, item.repeat && item.repeat !== 'NO_REPEAT' ? item.deadline : null);
}

/**
 * What the schedule needs of authoring (ContentAuthoring's `recur`, named here so that the schedule, which
 * authoring uses, does not import authoring back): a repeating task's next occurrence, written.
 */
export type OccurrenceAuthoring = {
  recur: (
    tenantId: number,
    contentId: number,
    next: { at: Date; deadline: Date; occurrence: number },
  ) => Promise<number>;
};

type Deps = {
  jobs: Pick<Jobs, 'define' | 'schedule'>;
  /** Authoring bound to a job's transaction (the next occurrence is written in it). */
  authoringOver: (tx: Tx) => OccurrenceAuthoring;
  /** The inbox bound to a job's transaction. */
  inboxOver: (tx: Tx) => Pick<Inbox, 'unfinishedAudience' | 'filling'>;
  fanOut: Notifications['fanOut'];
};

type ItemJob = { tenantId: number; contentId: number };
type Notice = Parameters<Notifications['fanOut']>[1];
/**
 * A notice's fan-out job: the notice, the time it went out (its audience is who had the item then), the
 * user id its next batch starts above, and how many it has told so far.
 */
type NoticeFanOut = Notice & { at: string; after: number; told: number; to?: number };

const fanOutKey = (notice: Pick<Notice, 'tenantId' | 'id'>) =>
  `${SCHEDULE_QUEUES.fanOut}:${notice.tenantId}:${notice.id}`;

/** The notices told to one person each: a reply to their comment, and the steps of an item's review. */
export type PersonalNotice = {
  tenantId: number;
  contentId: number;
  kind: 'reply' | (typeof REVIEW_NOTICE_KINDS)[number];
  to: number;
  by: number;
  at: Date;
};

/**
 * A notice to one person about an item (a reply to their comment, the review of an item): a notice of
 * its own (the bell, an e-mail, their browsers and phones), through the same fan-out as the audience's.
 */
export async function tellOne(repo: AuthoringRepository, jobs: NoticeScheduler, notice: PersonalNotice): Promise<void> {
  const { tenantId, contentId, kind, to, by, at } = notice;
  const id = await repo.insertNotice({ tenantId, contentId, kind, requestedBy: by, recipients: 1, createdAt: at });
  const payload: NoticeFanOut = { tenantId, id, contentId, kind, at: at.toISOString(), after: 0, told: 0, to };
  await jobs.schedule([{ queue: SCHEDULE_QUEUES.fanOut, key: fanOutKey(payload), payload, runAt: at, tenantId }]);
}

/** The jobs of items' schedules, each in its job's transaction: once, whatever the processes. */
export function defineScheduleJobs({ jobs, authoringOver, inboxOver, fanOut }: Deps): void {
  /**
   * A notice goes to those who have the item in their inbox: while a large audience's inboxes are still
   * being filled, its job waits, or the people of the batches to come would never hear of it.
   */
  const waitForFill = async (tx: Tx, { tenantId, contentId }: ItemJob, now: Date): Promise<JobAgain | undefined> =>
    (await inboxOver(tx).filling(tenantId)).has(contentId)
      ? { again: new Date(now.getTime() + FILL_WAIT_MS) }
      : undefined;

  /**
   * The item's jobs that an edit plans (its notices, its next occurrence) take the item's lock before they
   * read it, without waiting: while an edit holds the item, the job comes back in EDIT_WAIT_MS. Waiting
   * would deadlock: the job holds its own row, and the edit, holding the item, plans that row (ADR 0022).
   */
  const editUnderWay = async (tx: Tx, { tenantId, contentId }: ItemJob, now: Date): Promise<JobAgain | undefined> =>
    (await createAuthoringRepository(tx).itemBusy(tenantId, contentId))
      ? { again: new Date(now.getTime() + EDIT_WAIT_MS) }
      : undefined;

  /**
   * Hands the notice to its fan-out job, a batch a transaction: one statement for a whole organisation
   * held its locks for seconds (issue 32). Keyed by the notice, so it runs once whatever the processes.
   */
  const tell = (tx: Tx, notice: Notice, now: Date) =>
    jobs.schedule(tx, {
      queue: SCHEDULE_QUEUES.fanOut,
      key: fanOutKey(notice),
      payload: { ...notice, at: now.toISOString(), after: 0, told: 0 } satisfies NoticeFanOut,
      runAt: now,
      tenantId: notice.tenantId,
    });

  /** The item's automatic notice of `kind`, unless it has had it. */
  async function announce(tx: Tx, { tenantId, contentId }: ItemJob, kind: 'published' | 'reminder', now: Date) {
    const id = await createAuthoringRepository(tx).insertAutomaticNotice(tenantId, contentId, kind, now);
    if (id !== undefined) await tell(tx, { tenantId, id, contentId, kind }, now);
  }

  jobs.define<ItemJob>(SCHEDULE_QUEUES.published, async (job, tx, now) => {
    const busy = await editUnderWay(tx, job, now);
    if (busy) return busy;
    const item = await createAuthoringRepository(tx).itemSchedule(job.tenantId, job.contentId);
    // Withdrawn, or moved later (its job moved with it): nothing to say now.
    if (!item || !isLive(item.status) || item.publishAt > now) return;
    if (now.getTime() - item.publishAt.getTime() > PUBLISHED_NOTICE_GRACE_MS) return;
    return (await waitForFill(tx, job, now)) ?? announce(tx, job, 'published', now);
  });

  jobs.define<ItemJob>(SCHEDULE_QUEUES.reminder, async (job, tx, now) => {
    const busy = await editUnderWay(tx, job, now);
    if (busy) return busy;
    const item = await createAuthoringRepository(tx).itemSchedule(job.tenantId, job.contentId);
    if (!item || !isLive(item.status) || item.publishAt > now || !item.deadline || item.deadline <= now) return;
    return (await waitForFill(tx, job, now)) ?? announce(tx, job, 'reminder', now);
  });

  jobs.define<ItemJob & { noticeId: number }>(
    SCHEDULE_QUEUES.manual,
    async (job, tx, now) =>
      (await waitForFill(tx, job, now)) ??
      tell(tx, { tenantId: job.tenantId, id: job.noticeId, contentId: job.contentId, kind: 'manual' }, now),
  );

  /** The notice stays queued while it goes out, and is marked sent, with its number, after the last batch. */
  jobs.define<NoticeFanOut>(SCHEDULE_QUEUES.fanOut, async (job, tx, now) => {
    const { at, after, told, to, ...notice } = job;
    const sentAt = new Date(at);
    const audience =
      to === undefined
        ? inboxOver(tx).unfinishedAudience(notice.tenantId, notice.contentId, sentAt)
        : sql`SELECT ${to}::int AS user_id`;
    const next = await fanOut(tx, notice, audience, { after, told, at: sentAt });
    if (next.after !== null) return { again: now, payload: { ...job, after: next.after, told: next.told } };
    await createAuthoringRepository(tx).markNoticeSent(notice.tenantId, notice.id, next.told);
  });

  jobs.define<ItemJob>(SCHEDULE_QUEUES.recur, async (job, tx, now) => {
    const busy = await editUnderWay(tx, job, now);
    if (busy) return busy;
    const { tenantId, contentId } = job;
    const item = await createAuthoringRepository(tx).itemSchedule(tenantId, contentId);
    if (!item || !isLive(item.status) || item.supersededAt || !item.deadline || item.deadline > now) return;
    if (!item.repeat || item.repeat === 'NO_REPEAT') return;
    // After a server was down for several periods, the occurrence due next; the missed ones are not made.
    let occurrence = (item.occurrence ?? 0) + 1;
    const anchor = item.anchor ?? item.deadline;
    while (occurrenceDeadline(anchor, item.repeat, occurrence) <= now) occurrence++;
    await authoringOver(tx).recur(tenantId, contentId, {
      at: now,
      deadline: occurrenceDeadline(anchor, item.repeat, occurrence),
      occurrence,
    });
  });
}
