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
