import { api } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { leaveFor } from '@/lib/browser/leave-for';

export const signOut = () => call(api.signOut);

/**
 * Ends the session on the server, then forgets it here whatever the answer: the user asked to leave. A
 * session that came through the organisation's identity provider is then ended there too: the answer names
 * the provider's end-session address, and the browser goes there (the provider sends it back to /login).
 */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: (result) => {
      authStore.clear();
      queryClient.clear();
      if (result?.endSessionUrl) leaveFor(result.endSessionUrl);
    },
  });
};
