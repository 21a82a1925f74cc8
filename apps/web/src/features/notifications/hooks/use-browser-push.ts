import { api, type WebSubscriptionBody } from '@kanal/contract';
import { useCallback, useEffect, useState } from 'react';
import { call } from '@/lib/api-client';

/**
 * This browser and push notices: not possible here, blocked by the person in the browser's settings,
 * off, or on (subscribed, and the subscription is the server's).
 */
export type BrowserPushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const supported = () =>
  import.meta.env.PROD && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration (registering it now if the app has not yet: it is the same file). */
async function registration() {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
};

export function useBrowserPush() {
  const [state, setState] = useState<BrowserPushState>('checking');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    let live = true;
    void registration()
      .then((r) => r.pushManager.getSubscription())
      .then((subscription) => live && setState(subscription ? 'on' : 'off'))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (step: () => Promise<BrowserPushState>) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await step());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  /** Asks the person (the browser's own prompt), then subscribes and gives the server the subscription. */
  const enable = () =>
    run(async () => {
      if ((await Notification.requestPermission()) !== 'granted') {
        return Notification.permission === 'denied' ? 'denied' : 'off';
      }
      const { publicKey } = await call(api.webPushKey);
      const subscription = await (await registration()).pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      // A live subscription's JSON always has its endpoint and keys (the DOM type leaves them optional).
      await call(api.subscribeWebPush, { body: subscription.toJSON() as WebSubscriptionBody });
      return 'on';
    });

  const disable = () =>
    run(async () => {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await call(api.unsubscribeWebPush, { body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      return 'off';
    });

  return { state, busy, failed, enable, disable };
}
