import { api } from '@kanal/contract';
import { useQuery } from '@tanstack/react-query';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The departments, locations and job titles the organisation's people have, each with how many: the list's filters. */
export function useAttributeValues() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.userAttributes(scope.tenantId),
    queryFn: ({ signal }) => call(api.userAttributes, { query: inScope(scope), signal }),
  });
}
