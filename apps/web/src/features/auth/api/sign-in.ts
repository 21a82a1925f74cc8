import type { Session, SignInBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { clientInfo } from './client-info';

type SignInInput = Pick<SignInBody, 'email' | 'password' | 'rememberMe'>;

export const signIn = (input: SignInInput) =>
  apiRequest<Session>('/auth/signin', { method: 'POST', body: { ...input, ...clientInfo() } });

export const useSignIn = () =>
  useMutation({
    mutationFn: signIn,
    onSuccess: (session, input) => authStore.signIn(session, input.rememberMe),
  });
