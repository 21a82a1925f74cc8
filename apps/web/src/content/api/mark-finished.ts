import { api, type ContentIdBody, type ContentList } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const markFinished = (body: ContentIdBody) => call(api.markItemFinished, { body });

/** Spec point 4: after finishing, the new, finished and filter lists (and the statistics) are fetched again. */
export const useMarkFinished = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFinished,
    onSuccess: (_done, { contentId }) => {
      // Home must not show the item even for the moment before its list comes back.
      queryClient.setQueriesData<ContentList>({ queryKey: queryKeys.content.new }, (list) =>
        list?.content.some((item) => item.id === contentId)
          ? { count: Math.max(0, list.count - 1), content: list.content.filter((item) => item.id !== contentId) }
          : list,
      );
      // Not awaited: the screen moves on at once, the lists refresh behind it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.content.all });
    },
  });
};
