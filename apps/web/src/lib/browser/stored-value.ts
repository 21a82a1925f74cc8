import { useCallback, useMemo, useSyncExternalStore } from 'react';

// Storage can be unavailable (private mode, blocked cookies): the values then live for this page only.
const memory = new Map<string, string>();
const listeners = new Set<() => void>();

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

export function readStored(key: string): unknown {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown) {
  const raw = JSON.stringify(value);
  try {
    localStorage.setItem(key, raw);
  } catch {
    memory.set(key, raw);
  }
  for (const listener of listeners) listener();
}

export function removeStored(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    memory.delete(key);
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * A value kept in localStorage that re-renders its readers when anyone in this page writes it (the top
 * bar resets the archive page while the archive is on screen). `parse` turns whatever is stored (possibly
 * from an older version, or edited by hand) into a valid value or null, and then `fallback` is used.
 */
export function useStoredValue<T>(
  key: string,
  parse: (stored: unknown) => T | null,
  fallback: T,
): [T, (value: T) => void] {
  const raw = useSyncExternalStore(subscribe, () => readRaw(key));
  // Parsed once per stored text, so readers get a stable object between writes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: parse and fallback are fixed per caller; the text decides.
  const value = useMemo(() => {
    if (raw === null) return fallback;
    try {
      return parse(JSON.parse(raw)) ?? fallback;
    } catch {
      return fallback;
    }
  }, [raw]);
  const set = useCallback((next: T) => writeStored(key, next), [key]);
  return [value, set];
}
