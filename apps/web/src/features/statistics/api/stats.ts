import {
  type AudienceState,
  api,
  type ExportFormat,
  type Granularity,
  type GroupCompletionList,
  type Operation,
  type Overview,
  type TenantActivity,
  type TopFive,
  USER_PAGE_SIZE,
} from '@kanal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { inScope, scopedPath, useConsole } from '@/console/lib/console-context';
import { apiRequest, call, pathOf } from '@/lib/api-client';
import { download } from '@/lib/browser/download';
import { queryKeys } from '@/lib/query-keys';

/** One statistics call of the organisation (`contentId` 0) or of an item, with its query. */
function useStats<T>(contentId: number, path: string, query: Record<string, string | number | undefined> = {}) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.stats(scope.tenantId, contentId, path, query),
    queryFn: ({ signal }) => apiRequest<T>(scopedPath(path, scope, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export type ActivityRange = { from: string; to: string; granularity: Granularity };

export const useOverview = () => useStats<Overview>(0, '/stats/dashboard/overview');
export const useTenantActivity = (range: ActivityRange) => useStats<TenantActivity>(0, '/content/info/activity', range);
export const useGroupCompletion = () => useStats<GroupCompletionList>(0, '/tenant/info/groups');
export function useTopFive() {
  const { tenantId } = useConsole();
  return useStats<TopFive>(0, `/tenant/top-five/${tenantId}`);
}

/**
 * One statistics call of an item: its key names the operation and the query; `fetch` makes the call, in
 * the console's organisation (`tenant`).
 */
function useItemStats<T>(
  id: number,
  operation: Operation,
  query: Record<string, string | number | undefined>,
  fetch: (tenant: { tenant?: number }, signal: AbortSignal) => Promise<T>,
) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.stats(scope.tenantId, id, operation.path, query),
    queryFn: ({ signal }) => fetch(inScope(scope), signal),
    placeholderData: keepPreviousData,
  });
}

export const useContentInfo = (id: number) =>
  useItemStats(id, api.getItemInfo, {}, (tenant, signal) =>
    call(api.getItemInfo, { params: { id: String(id) }, query: tenant, signal }),
  );
export const useContentReach = (id: number) =>
  useItemStats(id, api.getItemReach, {}, (tenant, signal) =>
    call(api.getItemReach, { params: { id: String(id) }, query: tenant, signal }),
  );
export const useGroupsReach = (id: number) =>
  useItemStats(id, api.getItemGroupsReach, {}, (tenant, signal) =>
    call(api.getItemGroupsReach, { params: { id: String(id) }, query: tenant, signal }),
  );
export const useContentResults = (id: number) =>
  useItemStats(id, api.getItemResults, {}, (tenant, signal) =>
    call(api.getItemResults, { params: { id: String(id) }, query: tenant, signal }),
  );

export type AudienceParams = { q: string; state: AudienceState | ''; page: number };
export function useAudience(id: number, { q, state, page }: AudienceParams) {
  const query = { q, state, limit: USER_PAGE_SIZE, offset: page * USER_PAGE_SIZE };
  return useItemStats(id, api.listItemAudience, query, (tenant, signal) =>
    call(api.listItemAudience, { params: { id: String(id) }, query: { ...query, ...tenant }, signal }),
  );
}

/** An item's audience with their answers, and its results, as a spreadsheet. */
export function useContentExport(id: number) {
  const scope = useConsole();
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      download(
        pathOf(api.exportItem, { id: String(id) }, { format, ...inScope(scope) }),
        `kanal-content-${id}.${format}`,
      ),
  });
}
