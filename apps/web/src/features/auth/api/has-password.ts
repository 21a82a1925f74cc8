import type { HasPasswordBody, HasPasswordResult } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const hasPassword = (body: HasPasswordBody) =>
  apiRequest<HasPasswordResult>('/auth/has-password', { method: 'POST', body });

export const useHasPassword = () => useMutation({ mutationFn: hasPassword });
