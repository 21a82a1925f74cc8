import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The page number in the URL (`?page=2` is the third page; the first has none). */
export const pageParam = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 0;
};

/**
 * A list's state kept in the URL (search, filters, sort, page), so a reload, a shared link and Back
 * show the same list. Changing anything but the page goes back to the first page; the history gets a
 * new entry only for a new page, not for each letter typed.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes)) next.delete('page');
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '' || (name === 'page' && value === 0)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: !('page' in changes) },
      ),
    [setParams],
  );
  return [params, update] as const;
}
