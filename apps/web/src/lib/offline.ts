import { useSyncExternalStore } from 'react';

/**
 * The service worker (public/sw.js): keeps the app shell and the last loaded lists so the app opens
 * offline. Built app only: the development server serves modules, not the files it caches.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.error(error));
  });
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
