import { api, type ForgotPasswordBody } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const forgotPassword = (body: ForgotPasswordBody) => call(api.forgotPassword, { body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
