import { useSyncExternalStore } from 'react';
import { firstScreenSettled } from './first-screen-settled';

/** How long after the first screen has settled the service worker is installed. */
const SETTLE_MS = 5_000;

/**
 * The service worker (sw/sw.js): keeps the app shell and the last loaded lists so the app opens
 * offline. Built app only: the development server serves modules, not the files it caches.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the first screen has loaded and settled: installing fetches every asset, which must not
  // compete with what the person is waiting for.
  const register = () => navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.error(error));
  void firstScreenSettled.then(() => setTimeout(register, SETTLE_MS));
}

/** At sign-out: the lists kept for offline use belong to the person who leaves. */
export function forgetOfflineData() {
  navigator.serviceWorker?.controller?.postMessage('kanal:signed-out');
}

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser has a connection, following it as it comes and goes. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
