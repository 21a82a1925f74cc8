import { MINUTE_MS, NOTIFICATION_CHANNELS } from '@kanal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { retryAt } from '../../lib/retry.js';
import type { MailTransport } from '../mail/mail.service.js';
import { type DeliveriesRepository, type Delivery, type NoticeDelivery, topicOf } from './deliveries.repository.js';
import { itemPath, noticeMail, pushText, testText } from './notice-mail.js';
import type { NoticeTokens } from './notice-tokens.js';
import {
  EXPO_BATCH,
  EXPO_RECEIPT_BATCH,
  type PushMessage,
  type PushOutcome,
  type PushTransport,
} from './push-transport.js';

/** Deliveries one process claims of a channel at a time. */
const BATCH = 100;
/** E-mails (and web pushes) sent at once by one process: as many as the mail pool's connections. */
const IN_FLIGHT = 10;
/** Expo has a notice's receipt within a quarter of an hour of taking it, and keeps it for a day. */
const RECEIPT_DELAY_MS = 15 * MINUTE_MS;
const RECEIPT_KEPT_MS = 24 * 60 * MINUTE_MS;

type Deps = {
  deliveries: DeliveriesRepository;
  /** Forgets a browser or phone its push service no longer knows. */
  forgetDevice: (tenantId: number, deviceId: number) => Promise<void>;
  /** The push services' transport, made once the VAPID keys are known. */
  push: () => Promise<PushTransport>;
  mailTransport: MailTransport;
  tokens: Pick<NoticeTokens, 'receiptOf' | 'unsubscribeToken'>;
  clock: Clock;
  log: FastifyBaseLogger;
  config: { publicUrl: string; deliveryLeaseMs: number };
};

/**
 * The sending side of the notices: the due deliveries of each channel claimed in batches (a lease, so a process
 * that dies leaves them to another), sent by e-mail, Web Push or Expo, and what became of each written at once.
 */
export function createNoticeSender({
  deliveries,
  forgetDevice,
  push,
  mailTransport,
  tokens,
  clock,
  log,
  config,
}: Deps) {
  const { receiptOf, unsubscribeToken } = tokens;

  const messageOf = async (delivery: Delivery): Promise<PushMessage> => ({
    ...(delivery.kind === 'test'
      ? { ...testText(delivery.language), url: '/', notificationId: 0 }
      : {
          ...pushText(delivery),
          url: itemPath(delivery.contentId, delivery.contentType, delivery.kind),
          notificationId: delivery.notificationId,
        }),
    deliveryId: delivery.id,
    receipt: await receiptOf(delivery.tenantId, delivery.id),
  });

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
    if (delivery.deviceId !== null) await forgetDevice(delivery.tenantId, delivery.deviceId);
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

  return { deliverDue };
}
