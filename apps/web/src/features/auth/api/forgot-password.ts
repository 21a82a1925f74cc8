import type { ForgotPasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const forgotPassword = (body: ForgotPasswordBody) =>
  apiRequest<{ done: true }>('/auth/forgot-password', { method: 'POST', body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
