import { api, type ChangePasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const changePassword = (body: ChangePasswordBody) => call(api.changePassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
