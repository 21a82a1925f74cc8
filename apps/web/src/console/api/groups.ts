import { api } from '@kanal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { inScope, useConsole } from '../lib/console-context';

/** Every group of the organisation, by name: the choices of filters and pickers (people's, single sign-on's). */
export function useAllGroups() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.allGroups(scope.tenantId),
    queryFn: ({ signal }) => call(api.allGroups, { query: inScope(scope), signal }),
  });
}
