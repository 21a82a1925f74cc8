import { api } from '@kanal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** The ticket the sign-in through the organisation's provider left in the /sso page's address, traded for a session. */
export const useRedeemSsoTicket = () =>
  useMutation({
    mutationFn: ({ ticket }: { ticket: string; rememberMe: boolean }) =>
      call(api.redeemSsoTicket, { body: { ticket } }),
    onSuccess: (session, { rememberMe }) => authStore.signIn(session, rememberMe),
  });

/** An organisation's providers, for its sign-in link (/sso?tenant=…). */
export const useSsoProviders = (tenant: string | null) =>
  useQuery({
    queryKey: queryKeys.ssoProviders(tenant ?? ''),
    queryFn: ({ signal }) => call(api.listSsoProviders, { query: { tenant: tenant ?? '' }, signal }),
    enabled: tenant !== null,
  });
