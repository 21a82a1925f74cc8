import type {
  CategoryList,
  ContentBody,
  ContentSort,
  ContentStatus,
  ContentType,
  NoticeQueued,
  StaffAttempt,
  StaffAttemptList,
  StaffCommentList,
  StaffContent,
  StaffContentList,
  StoredFile,
  UpdateContentBody,
} from '@kanal/contract';
import { api, CONTENT_PAGE_SIZE } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, pathOf } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { currentLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { type ConsoleContext, inScope, scopedPath, useConsole } from '../lib/console-context';
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
      apiRequest<StaffContentList>(
        scopedPath('/content', scope, {
          q: params.q,
          type: params.types,
          status: params.statuses,
          category: params.category,
          from: params.from,
          to: params.to,
          sort: params.sort,
          limit: CONTENT_PAGE_SIZE,
          offset: params.page * CONTENT_PAGE_SIZE,
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
    // An item reaching a large audience: its count grows as its inboxes are filled, in seconds.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.delivering) ? DELIVERY_POLL_MS : false),
  });
}

export function useContentItem(id: number | null) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.content(scope.tenantId, id ?? 0),
    queryFn: ({ signal }) => apiRequest<StaffContent>(scopedPath(`/content/${id}`, scope), { signal }),
    enabled: id !== null,
  });
}

export function useCategories() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.categories(scope.tenantId),
    queryFn: ({ signal }) => apiRequest<CategoryList>(scopedPath('/content/info/categories', scope), { signal }),
  });
}

export function useCreateContent() {
  const scope = useConsole();
  return useConsoleMutation((body: ContentBody) =>
    apiRequest<StaffContent>(scopedPath('/content', scope), { method: 'POST', body }),
  );
}

export function useUpdateContent(id: number) {
  const scope = useConsole();
  return useConsoleMutation((body: UpdateContentBody) =>
    apiRequest<StaffContent>(scopedPath(`/content/${id}`, scope), { method: 'PATCH', body }),
  );
}

/** The row actions of the list and the editor: each answers the item as it now is (or the copy). */
export function useContentAction() {
  const scope = useConsole();
  return useConsoleMutation(({ id, action }: { id: number; action: 'copy' | 'archive' }) =>
    apiRequest<StaffContent>(scopedPath(`/content/${id}/${action}`, scope), { method: 'POST' }),
  );
}

export function useNotifyContent() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    apiRequest<NoticeQueued>(scopedPath(`/content/${id}/notify`, scope), { method: 'POST' }),
  );
}

export function useDeleteContent() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    apiRequest<{ deleted: number }>(scopedPath(`/content/${id}`, scope), { method: 'DELETE' }),
  );
}

export function useContentComments(id: number, page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.contentComments(scope.tenantId, id, page),
    queryFn: ({ signal }) =>
      apiRequest<StaffCommentList>(
        scopedPath(`/content/${id}/comment`, scope, { limit: CONTENT_PAGE_SIZE, offset: page * CONTENT_PAGE_SIZE }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteComment(contentId: number) {
  const scope = useConsole();
  return useConsoleMutation((commentId: number) =>
    apiRequest<{ deleted: number }>(scopedPath(`/content/${contentId}/comment/${commentId}`, scope), {
      method: 'DELETE',
    }),
  );
}

export function useContentAttempts(contentId: number, page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.contentAttempts(scope.tenantId, contentId, page),
    queryFn: ({ signal }) =>
      apiRequest<StaffAttemptList>(
        scopedPath('/userAnswer', scope, {
          content: contentId,
          limit: CONTENT_PAGE_SIZE,
          offset: page * CONTENT_PAGE_SIZE,
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAttempt(id: number | null) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.attempt(scope.tenantId, id ?? 0),
    queryFn: ({ signal }) => apiRequest<StaffAttempt>(scopedPath(`/userAnswer/${id}`, scope), { signal }),
    enabled: id !== null,
  });
}

export function useDeleteAttempt() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    apiRequest<{ points: number; finished: boolean }>(scopedPath(`/userAnswer/${id}`, scope), { method: 'DELETE' }),
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
    request.open('POST', `/api${pathOf(api.uploadFile, {}, inScope(scope))}`);
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
