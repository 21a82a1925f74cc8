import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth-store';
import { useOnline } from '@/lib/browser/offline';
import { sendKept } from '../lib/outbox';

/** Sends the answers kept offline as soon as there is a connection: at start, and each time it returns. */
export function useSendKeptAnswers() {
  const userId = useSession()?.userId;
  const online = useOnline();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (online && userId !== undefined) void sendKept(userId, queryClient);
  }, [online, userId, queryClient]);
}
