import type { ResetPasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const resetPassword = ({ token, ...body }: ResetPasswordBody & { token: string }) =>
  apiRequest<{ done: true }>(`/auth/reset-password/${encodeURIComponent(token)}`, { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
