import { api, type ContentList } from '@kanal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';
import { interactionOf } from '../lib/paths';

export const getContent = (id: number, signal?: AbortSignal) =>
  call(api.getItem, { params: { id: String(id) }, signal });

export const contentQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.detail(id),
    queryFn: ({ signal }) => getContent(id, signal),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });

/**
 * The server marks an item viewed as it is read, however the person came to it (a card, the bell, a push,
 * a mailed link): once it has been read, a home list still showing it new is out of date.
 */
export const useContent = (id: number) => {
  const query = useQuery(contentQueryOptions(id, useSession() !== null));
  const queryClient = useQueryClient();
  const read = query.data?.id;
  useEffect(() => {
    if (read === undefined) return;
    const shownNew = queryClient
      .getQueriesData<ContentList>({ queryKey: queryKeys.content.new })
      .some(([, list]) => list?.content.some((item) => item.id === read && !interactionOf(item).viewedAt));
    if (shownNew) void queryClient.invalidateQueries({ queryKey: queryKeys.content.new });
  }, [read, queryClient]);
  return query;
};
