import {
  type Bell,
  NOTICE_TOPICS,
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
import type { RequestContext } from '../../plugins/request-context.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { MailTransport } from '../mail/mail.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import { createDeliveriesRepository, type Notice } from './deliveries.repository.js';
import { createNoticeSender } from './notice-sender.js';
import { createNoticeTokens } from './notice-tokens.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { atPushService, newVapidKeys, type PushTransport, pushTransport } from './push-transport.js';

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

/** A notice told to this many refreshes the planner's figures of the tables its fan-out fills. */
const ANALYZE_AFTER = 5_000;

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

  jobs.addDrain(
    createNoticeSender({
      deliveries,
      forgetDevice: (tenantId, id) => repo.forgetDevice(tenantId, id),
      push,
      mailTransport,
      tokens,
      clock,
      log,
      config,
    }).deliverDue,
  );

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
