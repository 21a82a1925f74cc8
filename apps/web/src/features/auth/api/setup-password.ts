import type { SetupPasswordBody, SetupPasswordResult } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { clientInfo } from './client-info';

type SetupPasswordInput = Pick<SetupPasswordBody, 'email' | 'password' | 'rememberMe' | 'activationCode'>;

export const setupPassword = (input: SetupPasswordInput) =>
  apiRequest<SetupPasswordResult>('/auth/setup-password', { method: 'POST', body: { ...input, ...clientInfo() } });

export const useSetupPassword = () =>
  useMutation({
    mutationFn: setupPassword,
    onSuccess: (result, input) => {
      if (result.status === 'signedIn') authStore.signIn(result, input.rememberMe);
    },
  });
