// What the journeys put in place of the browser's push service (notifications.spec.ts, and the journeys
// through a load balancer).

/**
 * The browser's PushManager, answering with a subscription at the test's fake push service: Chromium's
 * own would register with Google's service, which this machine cannot reach. It keeps the key the app
 * subscribed with, for the test to compare with the one the server signs with.
 */
export function stubPushManager({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const bytes = (base64url: string) =>
    Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
  const base64url = (key: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(key)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const subscription = {
    endpoint,
    expirationTime: null,
    getKey: (name: 'p256dh' | 'auth') => bytes(keys[name]),
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: async () => {
      localStorage.removeItem('e2e:push-key');
      return true;
    },
  };
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    localStorage.setItem('e2e:push-key', base64url(options?.applicationServerKey as ArrayBuffer));
    return subscription as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () =>
    (localStorage.getItem('e2e:push-key') ? subscription : null) as PushSubscription | null;
}
