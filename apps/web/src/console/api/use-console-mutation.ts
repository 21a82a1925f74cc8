import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * A change made in the console: once it succeeds, every console list and record is fetched again (a
 * person's new group moves that group's member count, a deletion the organisation's head count).
 */
export function useConsoleMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: the screen acts on the answer at once (a deleted person's page leaves before its
    // refetch could answer 404), and whatever is still on screen refreshes behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
