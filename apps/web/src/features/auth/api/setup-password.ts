import { api, type SetupPasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { clientInfo } from './client-info';

type SetupPasswordInput = Pick<SetupPasswordBody, 'email' | 'password' | 'rememberMe' | 'activationCode'>;

export const setupPassword = (input: SetupPasswordInput) =>
  call(api.setupPassword, { body: { ...input, ...clientInfo() } });

export const useSetupPassword = () =>
  useMutation({
    mutationFn: setupPassword,
    onSuccess: (result, input) => {
      if (result.status === 'signedIn') authStore.signIn(result, input.rememberMe);
    },
  });
