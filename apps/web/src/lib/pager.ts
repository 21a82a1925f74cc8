import { PAGER_SPAN } from '@kanal/contract';

/**
 * The page numbers a pager shows (zero-based): the current page ±PAGER_SPAN, cut at the first and the
 * last page, so at most five (spec point 9).
 */
export function pagerPages(current: number, pageCount: number, span = PAGER_SPAN): number[] {
  const first = Math.max(0, current - span);
  const last = Math.min(pageCount - 1, current + span);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** A stored page number (zero-based), or null when what is stored is not one. */
export const parsePage = (stored: unknown) =>
  Number.isInteger(stored) && (stored as number) >= 0 ? (stored as number) : null;
