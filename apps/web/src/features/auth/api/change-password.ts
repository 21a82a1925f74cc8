import type { ChangePasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<{ done: true }>('/mobile/users/password', { method: 'POST', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
