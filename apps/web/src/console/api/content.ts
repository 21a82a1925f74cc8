import {
  API_PREFIX,
  api,
  CONTENT_PAGE_SIZE,
  type CommentChangeBody,
  type CommentState,
  type ContentBody,
  type ContentSort,
  type ContentStatus,
  type ContentType,
  type StoredFile,
  type UpdateContentBody,
} from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { pathOf } from '@/lib/api-path';
import { authStore } from '@/lib/auth-store';
import { currentLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { type ConsoleContext, inScope, useConsole } from '../lib/console-context';
import { useConsoleMutation } from './use-console-mutation';

/** The content table's state, as the URL keeps it. */
export type ContentListParams = {
  q: string;
  types: ContentType[];
  statuses: ContentStatus[];
  category: string;
  from: string;
  to: string;
  sort: ContentSort;
  page: number;
};

const DELIVERY_POLL_MS = 3000;

export function useContentList(params: ContentListParams) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.contentList(scope.tenantId, params),
    queryFn: ({ signal }) =>
      call(api.listContent, {
        query: {
          q: params.q,
          type: params.types,
          status: params.statuses,
          category: params.category,
          from: params.from,
          to: params.to,
          sort: params.sort,
          limit: CONTENT_PAGE_SIZE,
          offset: params.page * CONTENT_PAGE_SIZE,
          ...inScope(scope),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // An item reaching a large audience: its count grows as its inboxes are filled, in seconds.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.delivering) ? DELIVERY_POLL_MS : false),
  });
}

export function useContentItem(id: number | null) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.content(scope.tenantId, id ?? 0),
    queryFn: ({ signal }) => call(api.getContent, { params: { id: String(id) }, query: inScope(scope), signal }),
    enabled: id !== null,
  });
}

export function useCategories() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.categories(scope.tenantId),
    queryFn: ({ signal }) => call(api.listCategories, { query: inScope(scope), signal }),
  });
}

export function useCreateContent() {
  const scope = useConsole();
  return useConsoleMutation((body: ContentBody) => call(api.createContent, { query: inScope(scope), body }));
}

export function useUpdateContent(id: number) {
  const scope = useConsole();
  return useConsoleMutation((body: UpdateContentBody) =>
    call(api.updateContent, { params: { id: String(id) }, query: inScope(scope), body }),
  );
}

/** The row actions of the list and the editor: each answers the item as it now is (or the copy). */
export function useContentAction() {
  const scope = useConsole();
  return useConsoleMutation(({ id, action }: { id: number; action: 'copy' | 'archive' }) =>
    call(action === 'copy' ? api.copyContent : api.archiveContent, {
      params: { id: String(id) },
      query: inScope(scope),
    }),
  );
}

export function useNotifyContent() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    call(api.notifyAudience, { params: { id: String(id) }, query: inScope(scope) }),
  );
}

export function useDeleteContent() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    call(api.deleteContent, { params: { id: String(id) }, query: inScope(scope) }),
  );
}

export function useContentComments(id: number, page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.contentComments(scope.tenantId, id, page),
    queryFn: ({ signal }) =>
      call(api.listComments, {
        params: { id: String(id) },
        query: { limit: CONTENT_PAGE_SIZE, offset: page * CONTENT_PAGE_SIZE, ...inScope(scope) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Which comments the queue shows, as its URL keeps them. */
export type CommentQueueFilter = { content?: number; user?: number; state?: CommentState };

/** The organisation's comments across items, newest first (a creator's: on their own items). */
export function useCommentQueue(filter: CommentQueueFilter, page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.commentQueue(scope.tenantId, filter, page),
    queryFn: ({ signal }) =>
      call(api.listCommentQueue, {
        query: { ...filter, limit: CONTENT_PAGE_SIZE, offset: page * CONTENT_PAGE_SIZE, ...inScope(scope) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Which comment a moderation call is about. */
export type CommentRef = { contentId: number; commentId: number };
const commentParams = ({ contentId, commentId }: CommentRef) => ({
  id: String(contentId),
  commentId: String(commentId),
});

/** A reply, hiding or showing again, handled or new: the comment as it then is. */
export function useChangeComment() {
  const scope = useConsole();
  return useConsoleMutation(({ body, ...ref }: CommentRef & { body: CommentChangeBody }) =>
    call(api.changeComment, { params: commentParams(ref), query: inScope(scope), body }),
  );
}

export function useDeleteComment() {
  const scope = useConsole();
  return useConsoleMutation((ref: CommentRef) =>
    call(api.deleteComment, { params: commentParams(ref), query: inScope(scope) }),
  );
}

export function useContentAttempts(contentId: number, page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.contentAttempts(scope.tenantId, contentId, page),
    queryFn: ({ signal }) =>
      call(api.listUserAnswers, {
        query: {
          content: contentId,
          limit: CONTENT_PAGE_SIZE,
          offset: page * CONTENT_PAGE_SIZE,
          ...inScope(scope),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAttempt(id: number | null) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.attempt(scope.tenantId, id ?? 0),
    queryFn: ({ signal }) => call(api.getUserAnswer, { params: { id: String(id) }, query: inScope(scope), signal }),
    enabled: id !== null,
  });
}

export function useDeleteAttempt() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    call(api.deleteUserAnswer, { params: { id: String(id) }, query: inScope(scope) }),
  );
}

/**
 * Uploads one file for content, reporting its progress (0..1) as the bytes leave: fetch cannot tell
 * upload progress, XMLHttpRequest can. Refusals come back as the API's errors.
 */
export function uploadContentFile(
  scope: Pick<ConsoleContext, 'me' | 'tenantId'>,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_PREFIX}${pathOf(api.uploadFile, {}, inScope(scope))}`);
    const session = authStore.get();
    if (session) request.setRequestHeader('Authorization', `Bearer ${session.token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: { payload?: StoredFile; code?: string; message?: string; field?: string } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not the API's JSON (a proxy's page): the generic error below.
      }
      if (request.status >= 200 && request.status < 300 && body.payload) {
        onProgress(1);
        resolve(body.payload);
      } else {
        reject(
          new ApiError({
            status: request.status,
            code: body.code ?? 'SomethingWentWrong',
            message: body.message ?? '',
            field: body.field,
          }),
        );
      }
    });
    request.addEventListener('error', () =>
      reject(new ApiError({ status: 0, code: 'SomethingWentWrong', message: '' })),
    );
    signal?.addEventListener('abort', () => request.abort());
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
