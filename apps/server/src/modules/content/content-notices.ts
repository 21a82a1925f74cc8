import { DAY_MS, MINUTE_MS, type NoticeKind } from '@kanal/contract';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { Notifications } from '../notifications/notifications.service.js';
import { type AuthoringRepository, createAuthoringRepository } from './content-authoring.repository.js';

/** The job queues of an item's notices. */
export const NOTICE_QUEUES = {
  published: 'content.published',
  reminder: 'task.reminder',
  manual: 'content.notice',
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

const isLive = (status: string) => status === 'published' || status === 'scheduled';
const jobKey = (queue: string, tenantId: number, contentId: number) => `${queue}:${tenantId}:${contentId}`;

/**
 * An item's own notices, scheduled in the transaction that changed it: the audience hears of it when it
 * appears, and a task's assignees before its deadline (when the reminder falls after the item appears;
 * before that, the appearance tells them). Each once per item; withdrawing the item drops what is still
 * to come.
 */
export async function planNotices(
  repo: AuthoringRepository,
  jobs: NoticeScheduler,
  tenantId: number,
  contentId: number,
): Promise<void> {
  const item = await repo.noticeSchedule(tenantId, contentId);
  if (!item) return;
  const live = isLive(item.status);
  const payload = { tenantId, contentId };
  const plan = async (queue: string, kind: NoticeKind, runAt: Date | null) => {
    const key = jobKey(queue, tenantId, contentId);
    if (live && runAt && !item.sent.includes(kind)) await jobs.schedule([{ queue, key, payload, runAt, tenantId }]);
    else await jobs.cancel(key);
  };
  await plan(NOTICE_QUEUES.published, 'published', item.publishAt);
  const remindAt =
    item.deadline && item.reminderMinutes ? new Date(item.deadline.getTime() - item.reminderMinutes * MINUTE_MS) : null;
  await plan(NOTICE_QUEUES.reminder, 'reminder', remindAt && remindAt > item.publishAt ? remindAt : null);
}

type Deps = {
  jobs: Pick<Jobs, 'define'>;
  fanOut: Notifications['fanOut'];
  /** Who has the item in their feed and has not finished it (the inbox's query). */
  unfinishedAudience: (tenantId: number, contentId: number, now: Date) => SQL;
};

type ItemJob = { tenantId: number; contentId: number };

/** The jobs that send an item's notices, each in its job's transaction: once, whatever the processes. */
export function defineNoticeJobs({ jobs, fanOut, unfinishedAudience }: Deps): void {
  async function tell(
    tx: Tx,
    notice: { tenantId: number; id: number; contentId: number; kind: NoticeKind },
    now: Date,
  ) {
    const recipients = await fanOut(tx, notice, unfinishedAudience(notice.tenantId, notice.contentId, now), now);
    await createAuthoringRepository(tx).markNoticeSent(notice.tenantId, notice.id, recipients);
  }

  /** The item's automatic notice of `kind`, unless it has had it. */
  async function announce(tx: Tx, { tenantId, contentId }: ItemJob, kind: 'published' | 'reminder', now: Date) {
    const id = await createAuthoringRepository(tx).insertAutomaticNotice(tenantId, contentId, kind, now);
    if (id !== undefined) await tell(tx, { tenantId, id, contentId, kind }, now);
  }

  jobs.define<ItemJob>(NOTICE_QUEUES.published, async (job, tx, now) => {
    const item = await createAuthoringRepository(tx).noticeSchedule(job.tenantId, job.contentId);
    // Withdrawn, or moved later (its job moved with it): nothing to say now.
    if (!item || !isLive(item.status) || item.publishAt > now) return;
    if (now.getTime() - item.publishAt.getTime() > PUBLISHED_NOTICE_GRACE_MS) return;
    await announce(tx, job, 'published', now);
  });

  jobs.define<ItemJob>(NOTICE_QUEUES.reminder, async (job, tx, now) => {
    const item = await createAuthoringRepository(tx).noticeSchedule(job.tenantId, job.contentId);
    if (!item || !isLive(item.status) || item.publishAt > now || !item.deadline || item.deadline <= now) return;
    await announce(tx, job, 'reminder', now);
  });

  jobs.define<ItemJob & { noticeId: number }>(NOTICE_QUEUES.manual, (job, tx, now) =>
    tell(tx, { tenantId: job.tenantId, id: job.noticeId, contentId: job.contentId, kind: 'manual' }, now),
  );
}
