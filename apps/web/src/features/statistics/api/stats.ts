import {
  type AudienceMemberList,
  type AudienceState,
  type ContentInfo,
  type ContentReach,
  type ContentResults,
  type Granularity,
  type GroupCompletionList,
  type GroupReachList,
  type Overview,
  type TenantActivity,
  type TopFive,
  USER_PAGE_SIZE,
} from '@kanal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ExportFormat } from '@/console/api/transfer';
import { scopedPath, useConsole } from '@/console/lib/console-context';
import { apiRequest } from '@/lib/api-client';
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

export const useContentInfo = (id: number) => useStats<ContentInfo>(id, `/content/${id}/info`);
export const useContentReach = (id: number) => useStats<ContentReach>(id, `/content/${id}/reach`);
export const useGroupsReach = (id: number) => useStats<GroupReachList>(id, `/content/${id}/groups-reach`);
export const useContentResults = (id: number) => useStats<ContentResults>(id, `/content/${id}/results`);

export type AudienceParams = { q: string; state: AudienceState | ''; page: number };
export const useAudience = (id: number, { q, state, page }: AudienceParams) =>
  useStats<AudienceMemberList>(id, `/content/${id}/users`, {
    q,
    state,
    limit: USER_PAGE_SIZE,
    offset: page * USER_PAGE_SIZE,
  });

/** An item's audience with their answers, and its results, as a spreadsheet. */
export function useContentExport(id: number) {
  const scope = useConsole();
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      download(scopedPath(`/export/content/${id}`, scope, { format }), `kanal-content-${id}.${format}`),
  });
}
