import type { ContentDetail } from '@kanal/contract';
import type { ReactElement } from 'react';
import { useParams } from 'react-router';
import { LoadingView } from '@/components/feedback/status-view';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useContent } from '../api/get-content';
import { ContentUnavailable, parseId } from '../components/content-unavailable';

type RouteContent =
  | { id: number | null; item: undefined; blocker: ReactElement }
  | { id: number; item: ContentDetail; blocker: null };

/**
 * The content item named by the route's `:id`, for every screen of one item. Until there is an item to
 * show, `blocker` is the screen to show instead: no such item (an id that cannot be one, or a 404),
 * a load that failed (with retry), or loading. `id` is there from the start, for queries that need it.
 * The document title is the item's name unless the screen names itself.
 */
export function useRouteContent(documentTitle?: string): RouteContent {
  const id = parseId(useParams().id);
  const content = useContent(id ?? 0);
  useDocumentTitle(documentTitle ?? content.data?.name);

  if (id === null) return { id, item: undefined, blocker: <ContentUnavailable error={null} /> };
  if (content.isError) {
    return {
      id,
      item: undefined,
      blocker: <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />,
    };
  }
  if (content.isPending) return { id, item: undefined, blocker: <LoadingView /> };
  return { id, item: content.data, blocker: null };
}
