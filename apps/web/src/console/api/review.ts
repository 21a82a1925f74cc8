import { api, CONTENT_PAGE_SIZE, type ReviewDecisionBody, type ReviewSettingsBody } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { inScope, useConsole } from '../lib/console-context';
import { useConsoleMutation } from './use-console-mutation';

/** Whether the organisation reviews, its named reviewers, and whether the caller reviews or is reviewed. */
export function useReviewSettings() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.reviewSettings(scope.tenantId),
    queryFn: ({ signal }) => call(api.getReviewSettings, { query: inScope(scope), signal }),
  });
}

export function useUpdateReviewSettings() {
  const scope = useConsole();
  return useConsoleMutation((body: ReviewSettingsBody) =>
    call(api.updateReviewSettings, { query: inScope(scope), body }),
  );
}

/** The items in review, the longest waiting first, a page at a time. */
export function useReviewQueue(page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.reviewQueue(scope.tenantId, page),
    queryFn: ({ signal }) =>
      call(api.listReviews, {
        query: { limit: CONTENT_PAGE_SIZE, offset: page * CONTENT_PAGE_SIZE, ...inScope(scope) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** An item's review history, newest first. */
export function useReviewHistory(contentId: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.reviewHistory(scope.tenantId, contentId),
    queryFn: ({ signal }) =>
      call(api.listContentReviews, { params: { id: String(contentId) }, query: inScope(scope), signal }),
  });
}

/** Approves an item in review, or sends it back with a comment: the item as it then is. */
export function useReviewDecision(contentId: number) {
  const scope = useConsole();
  return useConsoleMutation((body: ReviewDecisionBody) =>
    call(api.reviewContent, { params: { id: String(contentId) }, query: inScope(scope), body }),
  );
}

/** How many of the organisation's creators the reviewer picker lists at a time. */
const CREATOR_SEARCH_LIMIT = 20;

/** The organisation's creators (whom an admin may name reviewers), by name, searched. */
export function useCreatorSearch(q: string) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.users(scope.tenantId, { reviewerSearch: q }),
    queryFn: ({ signal }) =>
      call(api.listUsers, {
        query: { ...inScope(scope), q, role: ['CREATOR'], sort: 'name', limit: CREATOR_SEARCH_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
