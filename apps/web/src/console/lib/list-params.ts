import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Page numbers: zero-based in the code, as shown in the URL (`?page=3` is the third page; the first
 * has none). A list paged apart from the main one names its own (`jobsPage`).
 */
const isPage = (name: string) => name === 'page' || name.endsWith('Page');

/** The page of the URL, zero-based; anything that is not a page number there is the first page. */
export const pageParam = (params: URLSearchParams, name = 'page') => {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
};

/**
 * A list's state kept in the URL (search, filters, sort, page), so a reload, a shared link and Back
 * show the same list. Changing anything but the page goes back to the first page; the history gets a
 * new entry only for a new page, not for each letter typed, nor for a page put right (`replace`).
 */
export function useListParams() {
  // useLocation and useNavigate rather than useSearchParams: the router's shared chunk, which every
  // end-user page loads, carries only what the end-user pages already use.
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback(
    (changes: Record<string, string | number | null>, options?: { replace?: boolean }) => {
      const next = new URLSearchParams(params);
      if (!('page' in changes)) next.delete('page');
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '' || (isPage(name) && value === 0)) next.delete(name);
        else next.set(name, String(isPage(name) ? Number(value) + 1 : value));
      }
      const query = next.toString();
      navigate({ search: query ? `?${query}` : '' }, { replace: options?.replace ?? !('page' in changes) });
    },
    [params, navigate],
  );
  return [params, update] as const;
}
