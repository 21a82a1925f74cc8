import webpush from 'web-push';

/** What a push notice carries to the browser's service worker or the phone's app. */
export type PushMessage = {
  title: string;
  body: string;
  /** The app's path of the item it opens. */
  url: string;
  notificationId: number;
  deliveryId: number;
  /** What the client sends back to POST /notification-receipts when the notice arrives and is opened. */
  receipt: string;
};
export type WebTarget = { endpoint: string; p256dh: string; auth: string };
/**
 * `gone`: the push service no longer knows the subscription or token, so the device is forgotten.
 * `ticket`: Expo's, by which it tells later what became of the notice (`receipts`).
 */
export type PushOutcome = { sent: true; ticket?: string } | { gone: true } | { error: string };

/**
 * How push notices leave: to the browsers' push services (web push, RFC 8030, signed with the app's VAPID
 * key and encrypted for the browser, RFC 8291) and to the Expo push API for the phones. Both are plain
 * HTTP calls to URLs the subscription or the configuration names, so the tests point them at local fakes.
 */
export type PushTransport = {
  web(target: WebTarget, message: PushMessage): Promise<PushOutcome>;
  /** Up to EXPO_BATCH messages in one request, each outcome in the messages' order. */
  expo(messages: { token: string; message: PushMessage }[]): Promise<PushOutcome[]>;
  /** What became of the notices Expo took, by their tickets (up to EXPO_RECEIPT_BATCH); a ticket without one yet is left out. */
  receipts(tickets: string[]): Promise<Map<string, PushOutcome>>;
};

export const EXPO_BATCH = 100;
export const EXPO_RECEIPT_BATCH = 1000;
/** A notice waits at the push service at most a day for a browser or phone that is off. */
const TTL_SECONDS = 24 * 60 * 60;

type Options = {
  vapid: { publicKey: string; privateKey: string; subject: string };
  expo: { url: string; accessToken?: string | undefined };
};

type ExpoAnswer = { status: 'ok' | 'error'; id?: string; message?: string; details?: { error?: string } };

/** Expo's word on one message, at sending (a ticket) or later (a receipt). */
function expoOutcome(answer: ExpoAnswer | undefined): PushOutcome {
  if (answer?.status === 'ok') return answer.id ? { sent: true, ticket: answer.id } : { sent: true };
  if (answer?.details?.error === 'DeviceNotRegistered') return { gone: true };
  return { error: answer?.message ?? 'no answer from Expo' };
}

export function pushTransport({ vapid, expo }: Options): PushTransport {
  const expoHeaders = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(expo.accessToken ? { authorization: `Bearer ${expo.accessToken}` } : {}),
  };
  return {
    async web(target, message) {
      // The library signs and encrypts; the request itself goes through fetch, which also speaks plain HTTP.
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          // A notice sent again (a sender died before it heard back) replaces the copy the push service
          // still holds for a browser that is off, rather than arriving twice (RFC 8030, Topic).
          topic: `notice-${message.notificationId}`,
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
      });
      if (response.status === 404 || response.status === 410) return { gone: true };
      if (!response.ok) return { error: `push service answered ${response.status}` };
      return { sent: true };
    },

    async expo(messages) {
      const response = await fetch(expo.url, {
        method: 'POST',
        headers: expoHeaders,
        body: JSON.stringify(
          messages.map(({ token, message }) => ({
            to: token,
            title: message.title,
            body: message.body,
            sound: 'default',
            ttl: TTL_SECONDS,
            data: {
              url: message.url,
              notificationId: message.notificationId,
              deliveryId: message.deliveryId,
              receipt: message.receipt,
            },
          })),
        ),
      });
      if (!response.ok) {
        const error = `Expo push answered ${response.status}`;
        return messages.map(() => ({ error }));
      }
      const { data } = (await response.json()) as { data: ExpoAnswer[] };
      return messages.map((_, i) => expoOutcome(data[i]));
    },

    async receipts(tickets) {
      // Beside the send call: https://exp.host/--/api/v2/push/getReceipts.
      const response = await fetch(new URL('getReceipts', expo.url), {
        method: 'POST',
        headers: expoHeaders,
        body: JSON.stringify({ ids: tickets }),
      });
      if (!response.ok) throw new Error(`Expo receipts answered ${response.status}`);
      const { data } = (await response.json()) as { data: Record<string, ExpoAnswer> };
      return new Map(Object.entries(data).map(([ticket, answer]) => [ticket, expoOutcome(answer)]));
    },
  };
}

/** The VAPID key pair: the configured one, or a new one to keep (web-push's generator). */
export const newVapidKeys = () => webpush.generateVAPIDKeys();

/** Whether a subscription's endpoint is at one of the push services the configuration names. */
export const atPushService = (endpoint: string, services: readonly URL[]) => {
  const url = new URL(endpoint);
  return services.some(
    (service) =>
      url.protocol === service.protocol &&
      // The scheme's own port unless the configuration names another: a push service's host does not
      // make any port of it a push service (URL leaves the default port out, so :443 reads as '').
      url.port === service.port &&
      (url.hostname === service.hostname ||
        (service.protocol === 'https:' && url.hostname.endsWith(`.${service.hostname}`))),
  );
};
