import type { Language } from '@kanal/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { retryAt } from '../../lib/retry.js';
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
/** Until people choose a language of their own, notices speak the app's default. */
const DEFAULT_LANGUAGE: Language = 'hr';

/**
 * Notices as each person has them, and their delivery on each channel. The content module decides when
 * an item's audience hears of it; this module decides how, and records what became of it.
 */
export const createNotifications = ({ db, jobs, mailTransport, clock, log, publicUrl }: Deps) => {
  async function send(delivery: Delivery): Promise<void> {
    if (delivery.channel !== 'email' || !delivery.email) throw new Error(`no sender for ${delivery.channel}`);
    await mailTransport.deliver({ recipient: delivery.email, ...noticeMail(delivery, DEFAULT_LANGUAGE, publicUrl) });
  }

  /** Sends what is due, a batch at a time, until nothing is. */
  async function deliverDue(): Promise<void> {
    const repo = createNotificationsRepository(db);
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
  };
};
export type Notifications = ReturnType<typeof createNotifications>;
