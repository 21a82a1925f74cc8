import { api } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

export const signOut = () => call(api.signOut);

/** Ends the session on the server, then forgets it here whatever the answer: the user asked to leave. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      authStore.clear();
      queryClient.clear();
    },
  });
};
