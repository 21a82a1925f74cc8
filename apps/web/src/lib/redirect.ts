import type { Location, To } from 'react-router';

/** Where to go after signing in: the page the user was sent away from, if it is one of ours, else home. */
export function redirectTarget(state: unknown): To {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname === '/login') {
    return '/';
  }
  return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
}
