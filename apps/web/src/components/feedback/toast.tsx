import { useEffect, useSyncExternalStore } from 'react';
import './toast.css';

/** How long a confirmation stays on screen. */
const TOAST_MS = 4_000;

type Toast = { id: number; message: string };

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * A short confirmation of what just happened ("Označeno kao pročitano."), shown by the Toaster for a
 * few seconds. For actions that leave the screen they were done on, so the next one says it worked.
 */
export function showToast(message: string) {
  current = { id: nextId++, message };
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The one place confirmations appear: a polite live region, so a screen reader says them too. */
export function Toaster() {
  const toast = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => {
      if (current?.id === toast.id) {
        current = null;
        emit();
      }
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div className="toaster" aria-live="polite" aria-atomic="true">
      {toast ? (
        <p key={toast.id} className="toast">
          {toast.message}
        </p>
      ) : null}
    </div>
  );
}
