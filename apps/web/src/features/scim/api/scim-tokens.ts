import { api, type CreateScimTokenBody, SCIM_TOKEN_PAGE_SIZE } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A page of the organisation's directory-sync tokens: the live ones first, then the revoked. */
export function useScimTokens(page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.scimTokens(scope.tenantId, page),
    queryFn: ({ signal }) =>
      call(api.listScimTokens, {
        query: { ...inScope(scope), limit: SCIM_TOKEN_PAGE_SIZE, offset: page * SCIM_TOKEN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Issues a token: its answer carries the secret, which no later call ever shows again. */
export function useIssueScimToken() {
  const scope = useConsole();
  return useConsoleMutation((body: CreateScimTokenBody) => call(api.createScimToken, { query: inScope(scope), body }));
}

export function useRevokeScimToken() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    call(api.revokeScimToken, { params: { id: String(id) }, query: inScope(scope) }),
  );
}
