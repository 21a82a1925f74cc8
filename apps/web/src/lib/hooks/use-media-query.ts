import { MOBILE_BREAKPOINT_PX } from '@kanal/contract';
import { useCallback, useSyncExternalStore } from 'react';

/** The same edge as the CSS phone layout (`max-width: 767.98px`): below MOBILE_BREAKPOINT_PX. */
export const PHONE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

const mediaQueryList = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaQueryList(query)?.matches ?? false);
}

export const useIsPhone = () => useMediaQuery(PHONE_MEDIA_QUERY);

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
