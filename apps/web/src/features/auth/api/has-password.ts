import { api, type HasPasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const hasPassword = (body: HasPasswordBody) => call(api.hasPassword, { body });

export const useHasPassword = () => useMutation({ mutationFn: hasPassword });
