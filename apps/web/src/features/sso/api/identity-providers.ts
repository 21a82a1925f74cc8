import { api, type CreateIdentityProviderBody, type UpdateIdentityProviderBody } from '@kanal/contract';
import { useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The organisation's identity providers; a provider's own page finds it here (there is no call for one). */
export function useIdentityProviders() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.identityProviders(scope.tenantId),
    queryFn: ({ signal }) => call(api.listIdentityProviders, { query: inScope(scope), signal }),
  });
}

export function useCreateIdentityProvider() {
  const scope = useConsole();
  return useConsoleMutation((body: CreateIdentityProviderBody) =>
    call(api.createIdentityProvider, { query: inScope(scope), body }),
  );
}

/** Changes what the body names; a client secret only when one is given. */
export function useUpdateIdentityProvider(id: number) {
  const scope = useConsole();
  return useConsoleMutation((body: UpdateIdentityProviderBody) =>
    call(api.updateIdentityProvider, { params: { id: String(id) }, query: inScope(scope), body }),
  );
}

export function useDeleteIdentityProvider(id: number) {
  const scope = useConsole();
  return useConsoleMutation(() =>
    call(api.deleteIdentityProvider, { params: { id: String(id) }, query: inScope(scope) }),
  );
}
