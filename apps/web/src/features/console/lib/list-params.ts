import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

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
  // useLocation and useNavigate rather than useSearchParams: the router's shared chunk, which every
  // end-user page loads, carries only what the end-user pages already use.
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      const next = new URLSearchParams(params);
      if (!('page' in changes)) next.delete('page');
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '' || (name === 'page' && value === 0)) next.delete(name);
        else next.set(name, String(value));
      }
      const query = next.toString();
      navigate({ search: query ? `?${query}` : '' }, { replace: !('page' in changes) });
    },
    [params, navigate],
  );
  return [params, update] as const;
}
