import { api, type SignInBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { clientInfo } from './client-info';

type SignInInput = Pick<SignInBody, 'email' | 'password' | 'rememberMe'>;

export const signIn = (input: SignInInput) => call(api.signIn, { body: { ...input, ...clientInfo() } });

export const useSignIn = () =>
  useMutation({
    mutationFn: signIn,
    onSuccess: (session, input) => authStore.signIn(session, input.rememberMe),
  });
