import { api, type CommentBody } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const sendComment = (body: CommentBody) => call(api.commentOnItem, { body });

/** The item's detail carries the caller's own comments, so it is fetched again afterwards. */
export const useSendComment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendComment,
    onSuccess: (_done, { contentId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.content.detail(contentId) }),
  });
};
