import {
  type Bell,
  MINUTE_MS,
  NOTICE_TOPICS,
  NOTIFICATION_CHANNELS,
  type NoticeReach,
  type NoticeTopic,
  type NotificationSettings,
  PREFERENCE_CHANNELS,
  type Receipt,
  type ReceiptList,
  type ReceiptQuery,
  TEST_PUSHES_PER_WINDOW,
  type TestPush,
  type WebSubscriptionBody,
} from '@kanal/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { retryAt } from '../../lib/retry.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { MailTransport } from '../mail/mail.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import {
  createDeliveriesRepository,
  type Delivery,
  type Notice,
  type NoticeDelivery,
  topicOf,
} from './deliveries.repository.js';
import { itemPath, noticeMail, pushText, testText } from './notice-mail.js';
import { createNoticeTokens } from './notice-tokens.js';
import { createNotificationsRepository } from './notifications.repository.js';
import {
  atPushService,
  EXPO_BATCH,
  EXPO_RECEIPT_BATCH,
  newVapidKeys,
  type PushMessage,
  type PushOutcome,
  type PushTransport,
  pushTransport,
} from './push-transport.js';

type Deps = {
  db: Db;
  jobs: Pick<Jobs, 'addDrain' | 'kick'>;
  mailTransport: MailTransport;
  limiter: Pick<RateLimiter, 'consume'>;
  clock: Clock;
  log: FastifyBaseLogger;
  config: {
    publicUrl: string;
    mailFrom: string;
    /** The push services a browser's subscription may name (config.ts, WEB_PUSH_SERVICES). */
    webPushServices: readonly URL[];
    vapid: { publicKey: string; privateKey: string } | undefined;
    /** A sender holds the deliveries it claimed this long; one that dies leaves them to another after it. */
    deliveryLeaseMs: number;
    /** Recipients a notice's fan-out tells per transaction (config.ts, NOTICE_FANOUT_BATCH). */
    noticeFanOutBatch: number;
    expo: { url: string; accessToken?: string | undefined };
  };
};

/** VAPID's contact: the app's address when it is https, otherwise the sender address of its mail. */
function vapidSubject({ publicUrl, mailFrom }: Deps['config']): string {
  if (publicUrl.startsWith('https:')) return publicUrl;
  return `mailto:${mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom}`;
}

const BATCH = 100;
/** A notice told to this many refreshes the planner's figures of the tables its fan-out fills. */
const ANALYZE_AFTER = 5_000;
/** E-mails (and web pushes) sent at once by one process: as many as the mail pool's connections. */
const IN_FLIGHT = 10;
/** Expo has a notice's receipt within a quarter of an hour of taking it, and keeps it for a day. */
const RECEIPT_DELAY_MS = 15 * MINUTE_MS;
const RECEIPT_KEPT_MS = 24 * 60 * MINUTE_MS;

/**
 * Notices as each person has them, and their delivery on each channel. The content module decides when
 * an item's audience hears of it; this module decides how, and records what became of it.
 */
export const createNotifications = ({ db, jobs, mailTransport, limiter, clock, log, config }: Deps) => {
  const repo = createNotificationsRepository(db);
  const deliveries = createDeliveriesRepository(db);

  // The VAPID keys are read (or made and kept) once, when the first push goes out or is subscribed to.
  let vapid: Promise<{ publicKey: string; privateKey: string }> | undefined;
  const vapidKeys = () => {
    vapid ??= config.vapid
      ? Promise.resolve(config.vapid)
      : repo.secret('vapid', () => JSON.stringify(newVapidKeys())).then((kept) => JSON.parse(kept));
    return vapid;
  };
  let transport: Promise<PushTransport> | undefined;
  const push = () => {
    transport ??= vapidKeys().then((keys) =>
      pushTransport({ vapid: { ...keys, subject: vapidSubject(config) }, expo: config.expo }),
    );
    return transport;
  };

  const tokens = createNoticeTokens(repo.secret);
  const { receiptOf, unsubscribeToken } = tokens;

  const messageOf = async (delivery: Delivery): Promise<PushMessage> => ({
    ...(delivery.kind === 'test'
      ? { ...testText(delivery.language), url: '/', notificationId: 0 }
      : {
          ...pushText(delivery),
          url: itemPath(delivery.contentId, delivery.contentType),
          notificationId: delivery.notificationId,
        }),
    deliveryId: delivery.id,
    receipt: await receiptOf(delivery.tenantId, delivery.id),
  });

  const toReceipt = (row: Awaited<ReturnType<typeof repo.receipts>>[number]): Receipt => ({
    id: row.id,
    kind: row.kind,
    content: { id: row.contentId, name: row.contentName },
    user: { id: row.userId, name: row.userName },
    channel: row.channel,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    openedAt: row.openedAt?.toISOString() ?? null,
  });

  async function receiptPage(
    tenantId: number,
    filter: Parameters<typeof repo.receipts>[1],
    page: { limit: number; offset: number },
  ): Promise<ReceiptList> {
    const rows = await repo.receipts(tenantId, filter, page);
    // Past the last page no row carries the count: ask for the first row alone.
    const count =
      rows[0]?.total ??
      (page.offset > 0 ? ((await repo.receipts(tenantId, filter, { limit: 1, offset: 0 }))[0]?.total ?? 0) : 0);
    return { count, items: rows.map(toReceipt) };
  }

  const failure = (err: unknown): PushOutcome => ({ error: err instanceof Error ? err.message : String(err) });

  /**
   * A notice by e-mail. Its unsubscribe link opens a page that asks first (a mail scanner follows links);
   * its List-Unsubscribe header names the API's one-click URL, which a mail provider posts to (RFC 8058).
   */
  async function sendMail(delivery: NoticeDelivery): Promise<PushOutcome> {
    if (!delivery.email) return { error: 'no e-mail address' };
    const token = await unsubscribeToken(delivery.tenantId, delivery.userId, topicOf(delivery.kind));
    const mail = noticeMail(delivery, delivery.language, {
      publicUrl: config.publicUrl,
      receipt: await receiptOf(delivery.tenantId, delivery.id),
      unsubscribe: `${config.publicUrl}/unsubscribe/${token}`,
    });
    await mailTransport.deliver({
      recipient: delivery.email,
      ...mail,
      oneClickUnsubscribe: `${config.publicUrl}/api/notifications/unsubscribe/${token}`,
    });
    return { sent: true };
  }

  /** One e-mail or one browser's push. */
  async function sendOne(delivery: Delivery): Promise<PushOutcome> {
    // A test push is queued for devices only.
    if (delivery.channel === 'email' && delivery.kind !== 'test') return sendMail(delivery);
    if (!delivery.address || !delivery.p256dh || !delivery.auth) return { error: 'the device is gone' };
    const target = { endpoint: delivery.address, p256dh: delivery.p256dh, auth: delivery.auth };
    return (await push()).web(target, await messageOf(delivery));
  }

  /** Phones' notices, to Expo in one request; each outcome in order. */
  async function sendToPhones(phones: Delivery[]): Promise<PushOutcome[]> {
    const sendable = phones.filter((d) => d.address);
    const messages = await Promise.all(
      sendable.map(async (d) => ({ token: d.address ?? '', message: await messageOf(d) })),
    );
    const results = await (await push()).expo(messages).catch((err: unknown) => sendable.map(() => failure(err)));
    return phones.map((d) => {
      const at = sendable.indexOf(d);
      return at < 0 ? { error: 'the device is gone' } : (results[at] ?? { error: 'no result' });
    });
  }

  /** The push service no longer knows this browser or phone: it is forgotten, and not tried again. */
  async function forgetGone(delivery: Pick<Delivery, 'tenantId' | 'id' | 'deviceId'>) {
    if (delivery.deviceId !== null) await repo.forgetDevice(delivery.tenantId, delivery.deviceId);
    await deliveries.markFailed(delivery, 'the push service no longer knows the device', null);
  }

  let receiptsReadAt = Number.NEGATIVE_INFINITY;
  /**
   * Expo's receipts, a quarter of an hour after sending (when it has them): a phone Apple or Google no
   * longer knows is forgotten, and a notice they refused is marked failed with their reason.
   */
  async function readReceipts(): Promise<void> {
    // Once a minute a process at most: while Expo is down, or a receipt is late, it is not asked at every poll.
    const now = clock.now().getTime();
    if (now - receiptsReadAt < MINUTE_MS) return;
    receiptsReadAt = now;
    for (;;) {
      const taken = await deliveries.takeTickets(new Date(now - RECEIPT_DELAY_MS), EXPO_RECEIPT_BATCH);
      if (taken.length === 0) return;
      const receipts = await (await push()).receipts(taken.map((t) => t.ticket)).catch((err: unknown) => {
        log.warn({ err }, 'Expo receipts could not be read; they are read on the next run');
        return null;
      });
      // What has no receipt yet is read again later, until Expo no longer keeps it.
      const later = taken.filter((t) => !receipts?.has(t.ticket) && now - t.sentAt.getTime() < RECEIPT_KEPT_MS);
      await deliveries.returnTickets(later);
      if (!receipts) return;
      for (const delivery of taken) {
        const outcome = receipts.get(delivery.ticket);
        if (!outcome || 'sent' in outcome) continue;
        if ('gone' in outcome) await forgetGone(delivery);
        else await deliveries.markFailed(delivery, outcome.error, null);
      }
      // Returned tickets would be taken again at once: they wait for the next run.
      if (taken.length < EXPO_RECEIPT_BATCH || later.length > 0) return;
    }
  }

  /** What became of deliveries, written as soon as it is known (a sender that dies after it resends none). */
  async function settle(batch: Delivery[], outcomes: PushOutcome[]): Promise<void> {
    const sent = batch.flatMap((delivery, i) => {
      const outcome = outcomes[i];
      return outcome && 'sent' in outcome ? [{ ...delivery, ticket: outcome.ticket ?? null }] : [];
    });
    await deliveries.markSent(sent, clock.now());
    for (const [i, delivery] of batch.entries()) {
      const outcome = outcomes[i] ?? { error: 'not sent' };
      if ('sent' in outcome) continue;
      if ('gone' in outcome) {
        await forgetGone(delivery);
        continue;
      }
      log.warn(
        { delivery: delivery.id, channel: delivery.channel, error: outcome.error },
        'notification delivery failed',
      );
      await deliveries.markFailed(delivery, outcome.error, retryAt(clock.now(), delivery.attempts + 1));
    }
  }

  /** One claimed batch of one channel, sent and settled. */
  async function sendBatch(batch: Delivery[]): Promise<void> {
    if (batch[0]?.channel === 'expo') {
      // The phones' notices go to Expo together, up to a hundred to a request.
      for (let start = 0; start < batch.length; start += EXPO_BATCH) {
        const chunk = batch.slice(start, start + EXPO_BATCH);
        await settle(chunk, await sendToPhones(chunk));
      }
      return;
    }
    // E-mails and browsers' pushes a few at a time: each waits on a network round trip.
    for (let start = 0; start < batch.length; start += IN_FLIGHT) {
      const chunk = batch.slice(start, start + IN_FLIGHT);
      await settle(chunk, await Promise.all(chunk.map((d) => sendOne(d).catch(failure))));
    }
  }

  /**
   * Sends what is due until nothing is, each channel on its own, side by side: a slow channel (e-mail to
   * a whole organisation) never holds the others up.
   */
  async function deliverDue(): Promise<void> {
    await Promise.all([
      readReceipts(),
      ...NOTIFICATION_CHANNELS.map(async (channel) => {
        for (;;) {
          const now = clock.now();
          const batch = await deliveries.claim(channel, now, new Date(now.getTime() + config.deliveryLeaseMs), BATCH);
          await sendBatch(batch);
          if (batch.length < BATCH) return;
        }
      }),
    ]);
  }

  jobs.addDrain(deliverDue);

  return {
    /**
     * One step of `notice`'s fan-out, in the caller's transaction (the `notice.fanout` job's): the next
     * batch (`noticeFanOutBatch`) of `audience` (a query of user_id) above `step.after` who have not had it
     * get it, with a delivery on each channel they take, sent once the transaction commits. Answers how
     * many have been told in all, and where the next step starts (null: the audience is exhausted).
     */
    async fanOut(
      tx: Tx,
      notice: Notice,
      audience: SQL,
      step: { after: number; told: number; at: Date },
    ): Promise<{ told: number; after: number | null }> {
      const batches = createDeliveriesRepository(tx);
      const limit = config.noticeFanOutBatch;
      const { notified, taken, last } = await batches.fanOutBatch(notice, audience, { ...step, limit });
      const told = step.told + notified;
      // Once, as the notice passes that size, so the senders claim from fresh figures while it goes on.
      if (step.told < ANALYZE_AFTER && told >= ANALYZE_AFTER) await batches.analyze();
      return { told, after: taken < limit ? null : last };
    },

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

    webPushKey: async () => ({ publicKey: (await vapidKeys()).publicKey }),

    /** This browser's push subscription, for the caller's session. */
    async subscribeWeb(ctx: RequestContext, { endpoint, keys }: WebSubscriptionBody): Promise<{ done: true }> {
      if (!atPushService(endpoint, config.webPushServices)) {
        throw new AppError('BodyParamsInvalid', { field: { name: 'endpoint', message: 'validation.invalid' } });
      }
      await db.transaction((tx) =>
        createNotificationsRepository(tx).addDevice({
          ...ctx,
          kind: 'web',
          address: endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          at: clock.now(),
        }),
      );
      return { done: true };
    },

    async unsubscribeWeb(ctx: RequestContext, endpoint: string): Promise<{ done: true }> {
      await repo.removeDevice(ctx.tenantId, ctx.userId, 'web', endpoint);
      return { done: true };
    },

    /** The phone's Expo push token, for the caller's session (POST /mobile/users/ept). */
    async registerExpo(ctx: RequestContext, token: string): Promise<{ done: true }> {
      await db.transaction((tx) =>
        createNotificationsRepository(tx).addDevice({ ...ctx, kind: 'expo', address: token, at: clock.now() }),
      );
      return { done: true };
    },

    /**
     * An e-mail's unsubscribe link confirmed on its page, or its List-Unsubscribe URL posted to by the mail
     * provider: that kind of notice no longer comes by e-mail.
     */
    async unsubscribe(token: string): Promise<{ topic: NoticeTopic }> {
      const named = await tokens.readUnsubscribe(token);
      if (!named) throw notFound();
      const { tenantId, userId, topic } = named;
      if (!(await repo.hasPerson(tenantId, userId))) throw notFound();
      await repo.optOut(tenantId, userId, 'email', topic);
      return { topic };
    },

    /** A client's report that a push notice arrived or was opened, by the receipt that came with it. */
    async recordReceipt(receipt: string, state: 'received' | 'opened'): Promise<{ done: true }> {
      const named = await tokens.readReceipt(receipt);
      const recorded =
        named !== null &&
        (await db.transaction((tx) =>
          createNotificationsRepository(tx).recordReceipt(named.tenantId, named.deliveryId, state, clock.now()),
        ));
      if (!recorded) throw notFound();
      return { done: true };
    },

    receipts: (tenantId: number, query: ReceiptQuery): Promise<ReceiptList> =>
      receiptPage(
        tenantId,
        {
          ...(query.content === undefined ? {} : { contentId: query.content }),
          ...(query.user === undefined ? {} : { userId: query.user }),
          ...(query.channel === undefined ? {} : { channel: query.channel }),
          ...(query.state === undefined ? {} : { state: query.state }),
        },
        query,
      ),

    async receiptsOf(tenantId: number, userId: number, page: { limit: number; offset: number }) {
      if (!(await repo.hasPerson(tenantId, userId))) throw notFound();
      return receiptPage(tenantId, { userId }, page);
    },

    async receipt(tenantId: number, id: number): Promise<Receipt> {
      const [row] = await repo.receipts(tenantId, { id }, { limit: 1, offset: 0 });
      if (!row) throw notFound();
      return toReceipt(row);
    },

    async removeReceipt(tenantId: number, id: number): Promise<{ done: true }> {
      if (!(await repo.removeReceipt(tenantId, id))) throw notFound();
      return { done: true };
    },

    /** Deliveries waiting and given up (the operator's system page). */
    deliveryTotals: () => deliveries.deliveryTotals(),
    /** Each channel's queued and due deliveries and its oldest due one's wait, now (GET /metrics). */
    deliveryBacklog: () => deliveries.backlog(clock.now()),

    /** An item's notices for its statistics: notified, received, opened (people). */
    reach: (tenantId: number, contentId: number): Promise<NoticeReach> => repo.reach(tenantId, contentId),

    /** Signing out of a session stops push notices to the devices it registered. */
    forgetSession: (tenantId: number, sessionId: number) => repo.forgetSession(tenantId, sessionId),

    /**
     * A test notice to each of the caller's devices (POST /mobile/users/testpn), a few times a quarter of an
     * hour at most. It is queued like a notice, so the answer never waits on a push service that is slow or
     * down, and the queue retries it as it would a notice.
     */
    async testPush(ctx: RequestContext): Promise<TestPush> {
      await limiter.consume(`testpn:user:${ctx.userId}`, TEST_PUSHES_PER_WINDOW);
      const devices = await deliveries.queueTest(ctx.tenantId, ctx.userId, clock.now());
      if (devices > 0) void jobs.kick();
      return { devices };
    },
  };
};
export type Notifications = ReturnType<typeof createNotifications>;
