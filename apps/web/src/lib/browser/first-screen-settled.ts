import { useSyncExternalStore } from 'react';

/**
 * Whether the page has loaded and the browser has had a moment to spare since. Until then the first screen's
 * code, data and picture have a slow phone's connection to themselves, and what the screen does not show at
 * first waits: the bell's notices, the organisation's manifest, the fallback language's texts (issue 32: on
 * Lighthouse's simulated phone these requests, started beside the first picture, held its paint back).
 */
let settled = false;
const listeners = new Set<() => void>();

export const firstScreenSettled = new Promise<void>((resolve) => {
  if (typeof window === 'undefined') return;
  const settle = () => {
    settled = true;
    resolve();
    for (const listener of listeners) listener();
  };
  // Safari has no requestIdleCallback: a task after the load event is its nearest moment.
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(settle, { timeout: 1000 }) : setTimeout(settle);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useFirstScreenSettled = () =>
  useSyncExternalStore(
    subscribe,
    () => settled,
    () => settled,
  );
