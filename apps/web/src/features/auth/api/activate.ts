import { api } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { clientInfo } from './client-info';

/** The set-up link's page: the password chosen there takes effect and signs in (the session ends with the tab). */
export const activate = ({ token, password }: { token: string; password: string }) =>
  call(api.signUp, { params: { token }, body: { password, rememberMe: false, ...clientInfo() } });

export const useActivate = () =>
  useMutation({ mutationFn: activate, onSuccess: (session) => authStore.signIn(session, false) });
