import { type Bell, NOTICE_TOPICS, type NotificationSettings, PREFERENCE_CHANNELS } from '@kanal/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { retryAt } from '../../lib/retry.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { MailTransport } from '../mail/mail.service.js';
import { noticeMail } from './notice-mail.js';
import { createNotificationsRepository, type Delivery, type Notice } from './notifications.repository.js';

type Deps = {
  db: Db;
  jobs: Pick<Jobs, 'addDrain'>;
  mailTransport: MailTransport;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
};

/** A sender holds the deliveries it claimed this long; one that dies leaves them to another after it. */
const LEASE_MS = 2 * 60_000;
const BATCH = 100;

/**
 * Notices as each person has them, and their delivery on each channel. The content module decides when
 * an item's audience hears of it; this module decides how, and records what became of it.
 */
export const createNotifications = ({ db, jobs, mailTransport, clock, log, publicUrl }: Deps) => {
  async function send(delivery: Delivery): Promise<void> {
    if (delivery.channel !== 'email' || !delivery.email) throw new Error(`no sender for ${delivery.channel}`);
    await mailTransport.deliver({ recipient: delivery.email, ...noticeMail(delivery, delivery.language, publicUrl) });
  }

  const repo = createNotificationsRepository(db);

  /** Sends what is due, a batch at a time, until nothing is. */
  async function deliverDue(): Promise<void> {
    for (;;) {
      const now = clock.now();
      const batch = await repo.claim(now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const delivery of batch) {
        try {
          await send(delivery);
          await repo.markSent(delivery, clock.now());
        } catch (err) {
          log.warn({ err, delivery: delivery.id, channel: delivery.channel }, 'notification delivery failed');
          const error = err instanceof Error ? err.message : String(err);
          await repo.markFailed(delivery, error, retryAt(clock.now(), delivery.attempts + 1));
        }
      }
      if (batch.length < BATCH) return;
    }
  }
  jobs.addDrain(deliverDue);

  return {
    /**
     * Gives `notice` to everyone `audience` (a query of user_id) names who has not had it, with a delivery
     * on each channel they take, in the caller's transaction (a job's: the notice goes out once). The
     * deliveries are sent after it commits. Answers how many were notified.
     */
    fanOut: (tx: Tx, notice: Notice, audience: SQL, now: Date): Promise<number> =>
      createNotificationsRepository(tx).fanOut(notice, audience, now),

    async settings(ctx: RequestContext): Promise<NotificationSettings> {
      const off = await repo.optOuts(ctx.tenantId, ctx.userId);
      const takes = (channel: string, kind: string) => !off.some((o) => o.channel === channel && o.kind === kind);
      return {
        email: { content: takes('email', 'content'), reminder: takes('email', 'reminder') },
        push: { content: takes('push', 'content'), reminder: takes('push', 'reminder') },
      };
    },

    async saveSettings(ctx: RequestContext, settings: NotificationSettings): Promise<NotificationSettings> {
      const off = PREFERENCE_CHANNELS.flatMap((channel) =>
        NOTICE_TOPICS.filter((kind) => !settings[channel][kind]).map((kind) => ({ channel, kind })),
      );
      await db.transaction((tx) => createNotificationsRepository(tx).replaceOptOuts(ctx.tenantId, ctx.userId, off));
      return settings;
    },

    async bell(ctx: RequestContext, page: { limit: number; offset: number }): Promise<Bell> {
      const { items, count, unread } = await repo.bell(ctx.tenantId, ctx.userId, page);
      return {
        count,
        unread,
        items: items.map((item) => ({
          ...item,
          createdAt: item.createdAt.toISOString(),
          readAt: item.readAt?.toISOString() ?? null,
        })),
      };
    },

    async markRead(ctx: RequestContext, id: number): Promise<{ done: true }> {
      if (!(await repo.markRead(ctx.tenantId, ctx.userId, id, clock.now()))) throw notFound();
      return { done: true };
    },
  };
};
export type Notifications = ReturnType<typeof createNotifications>;
