import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** The values that occur among the caller's finished items, one list per archive filter. */
export const getFilterOptions = (signal?: AbortSignal) => call(api.listArchiveFilters, { signal });

export const filterOptionsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: queryKeys.content.filters, queryFn: ({ signal }) => getFilterOptions(signal), enabled });

export const useFilterOptions = () => useQuery(filterOptionsQueryOptions(useSession() !== null));
