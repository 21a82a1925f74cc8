import { type AdminGroup, type AudienceRule, api, LIST_LIMIT_MAX } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many people of the organisation receive an item sent to everyone: the list's count, without its rows. */
export function useEveryoneCount() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.users(scope.tenantId, { audience: 'everyone' }),
    queryFn: async ({ signal }) => {
      // The search answers the people who receive items (an invited one too): its count, without its rows.
      const list = await call(api.searchAudience, { query: { ...inScope(scope), limit: 1 }, signal });
      return list.count;
    },
  });
}

/**
 * Every group of the organisation with its member count, by name: GET /group a page of LIST_LIMIT_MAX at
 * a time until all are in (GET /group/tenant has no counts).
 */
export function useAudienceGroups() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.groups(scope.tenantId, { audience: 'all' }),
    queryFn: async ({ signal }) => {
      const groups: AdminGroup[] = [];
      for (;;) {
        const page = await call(api.listGroups, {
          query: { ...inScope(scope), limit: LIST_LIMIT_MAX, offset: groups.length },
          signal,
        });
        groups.push(...page.items);
        if (page.items.length === 0 || groups.length >= page.count) return groups;
      }
    },
  });
}

/** How many people a search shows: enough to pick from, few enough to scan. */
export const PEOPLE_SEARCH_LIMIT = 10;

/** People who can receive an item, found by name (the narrow search: names and groups); nothing is asked for an empty search. */
export function usePeopleSearch(q: string) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.users(scope.tenantId, { audience: 'search', q }),
    queryFn: ({ signal }) =>
      call(api.searchAudience, { query: { ...inScope(scope), q, limit: PEOPLE_SEARCH_LIMIT }, signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

/**
 * The departments, locations and job titles in use (GET /audience/attributes, which a CREATOR may call):
 * a rule's suggestions. The people list's values under the same key, as they are the same.
 */
export function useAttributeSuggestions() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.userAttributes(scope.tenantId),
    queryFn: ({ signal }) => call(api.audienceAttributes, { query: inScope(scope), signal }),
  });
}

/**
 * How many active people some rules reach now, and the first few by name (POST /audience/reach); asked
 * only for rules the contract takes (`null`: not yet). The last count stays shown while the next is asked.
 */
export function useRuleReach(rules: AudienceRule[] | null) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.audienceReach(scope.tenantId, rules),
    queryFn: ({ signal }) => call(api.audienceReach, { query: inScope(scope), body: { rules: rules ?? [] }, signal }),
    enabled: rules !== null,
    placeholderData: keepPreviousData,
  });
}
