import type { Session } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { clientInfo } from './client-info';

/** Opens a sign-up confirmation link: activates the account and signs in (session ends with the tab). */
export const activate = (token: string) =>
  apiRequest<Session>(`/auth/signup/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { rememberMe: false, ...clientInfo() },
  });

export const useActivate = () =>
  useMutation({ mutationFn: activate, onSuccess: (session) => authStore.signIn(session, false) });
