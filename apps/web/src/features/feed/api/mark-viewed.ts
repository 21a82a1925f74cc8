import type { ContentIdBody } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const markViewed = (body: ContentIdBody) =>
  apiRequest<{ done: true }>('/mobile/content/mark-viewed', { method: 'POST', body });

/**
 * Fired as the user opens a card, without waiting: the screen opens at once. The refresh is in the
 * hook's options, not in mutate()'s, so it still runs after the home screen has unmounted.
 */
export const useMarkViewed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markViewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.content.new }),
  });
};
