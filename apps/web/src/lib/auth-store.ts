import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY as STORAGE_KEY } from './browser/storage-keys';

export type Session = { token: string; userId: number };

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    return typeof value.token === 'string' && typeof value.userId === 'number'
      ? { token: value.token, userId: value.userId }
      : null;
  } catch {
    return null;
  }
}

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): the session then lives in memory only.
    return fallback;
  }
}

function readStored(): Session | null {
  return safe(() => parse(localStorage.getItem(STORAGE_KEY)) ?? parse(sessionStorage.getItem(STORAGE_KEY)), null);
}

let current: Session | null = readStored();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The session (token + user id). 'Remember me' keeps it in localStorage, otherwise in sessionStorage
 * so that it ends with the browser tab.
 */
export const authStore = {
  get: (): Session | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(session: Session, rememberMe: boolean) {
    current = { token: session.token, userId: session.userId };
    safe(() => {
      const [keep, drop] = rememberMe ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
      drop.removeItem(STORAGE_KEY);
      keep.setItem(STORAGE_KEY, JSON.stringify(current));
    }, undefined);
    emit();
  },
  clear() {
    safe(() => {
      localStorage.removeItem(STORAGE_KEY);
      sessionStorage.removeItem(STORAGE_KEY);
    }, undefined);
    if (current === null) return;
    current = null;
    emit();
  },
  /** Re-reads storage; used when another tab signs in or out. */
  reload() {
    const next = readStored();
    if (next?.token === current?.token) return;
    current = next;
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) authStore.reload();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
