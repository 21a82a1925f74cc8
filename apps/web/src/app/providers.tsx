import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { authStore } from '@/lib/auth-store';
import { forgetOfflineData } from '@/lib/browser/offline';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Whatever ends the session (sign-out, a 401, another tab), nothing of the last user stays cached.
  useEffect(
    () =>
      authStore.subscribe(() => {
        if (!authStore.get()) {
          queryClient.clear();
          forgetOfflineData();
        }
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
