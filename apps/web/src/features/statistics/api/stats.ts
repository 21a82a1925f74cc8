import {
  type AudienceState,
  api,
  type ExportFormat,
  type Granularity,
  type Operation,
  USER_PAGE_SIZE,
} from '@kanal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { pathOf } from '@/lib/api-path';
import { download } from '@/lib/browser/download';
import { queryKeys } from '@/lib/query-keys';

/**
 * One statistics call of the organisation (`id` 0) or of an item: its key names the operation and the
 * query; `fetch` makes the call, in the console's organisation (`tenant`).
 */
function useStats<T>(
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

export type ActivityRange = { from: string; to: string; granularity: Granularity };

export const useOverview = () =>
  useStats(0, api.dashboardOverview, {}, (tenant, signal) => call(api.dashboardOverview, { query: tenant, signal }));
export const useTenantActivity = (range: ActivityRange) =>
  useStats(0, api.tenantActivity, range, (tenant, signal) =>
    call(api.tenantActivity, { query: { ...range, ...tenant }, signal }),
  );
export const useGroupCompletion = () =>
  useStats(0, api.groupCompletion, {}, (tenant, signal) => call(api.groupCompletion, { query: tenant, signal }));
/** The organisation's top five: its own id names it, so the call needs no `tenant`. */
export function useTopFive() {
  const { tenantId } = useConsole();
  return useStats(0, api.topFive, {}, (_, signal) => call(api.topFive, { params: { id: String(tenantId) }, signal }));
}

export const useContentInfo = (id: number) =>
  useStats(id, api.getItemInfo, {}, (tenant, signal) =>
    call(api.getItemInfo, { params: { id: String(id) }, query: tenant, signal }),
  );
export const useContentReach = (id: number) =>
  useStats(id, api.getItemReach, {}, (tenant, signal) =>
    call(api.getItemReach, { params: { id: String(id) }, query: tenant, signal }),
  );
export const useGroupsReach = (id: number) =>
  useStats(id, api.getItemGroupsReach, {}, (tenant, signal) =>
    call(api.getItemGroupsReach, { params: { id: String(id) }, query: tenant, signal }),
  );
export const useContentResults = (id: number) =>
  useStats(id, api.getItemResults, {}, (tenant, signal) =>
    call(api.getItemResults, { params: { id: String(id) }, query: tenant, signal }),
  );

export type AudienceParams = { q: string; state: AudienceState | ''; page: number };
export function useAudience(id: number, { q, state, page }: AudienceParams) {
  const query = { q, state, limit: USER_PAGE_SIZE, offset: page * USER_PAGE_SIZE };
  return useStats(id, api.listItemAudience, query, (tenant, signal) =>
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
