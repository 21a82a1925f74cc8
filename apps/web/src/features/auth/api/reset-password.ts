import { api, type ResetPasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const resetPassword = ({ token, ...body }: ResetPasswordBody & { token: string }) =>
  call(api.resetPassword, { params: { token }, body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
