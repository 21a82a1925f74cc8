import { Navigate, useLocation, useParams } from 'react-router';
import { Page } from '@/components/page';
import { LoadingView } from '@/components/status-view';
import { useContent } from '@/features/content/api/get-content';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { PollThanks, QuizResult } from '@/features/content/components/form-end';
import { educationResult, readEndState } from '@/features/content/lib/form-result';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /content/{id}/quiz/end and /content/{id}/poll/end. Both live on the answers in the navigation state;
 * without them (a typed-in URL) there is nothing to submit, so the item's intro opens instead.
 */
export function Component() {
  const id = parseId(useParams().id);
  const { state } = useLocation();
  const content = useContent(id ?? 0);
  useDocumentTitle(content.data?.name);

  if (id === null) return <ContentUnavailable error={null} />;
  const end = readEndState(state, id);
  if (!end) return <Navigate to={`/content/${id}/intro`} replace />;
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (content.isPending) return <LoadingView />;
  const item = content.data;
  if (item.type !== 'EDUCATION') {
    return (
      <Page narrow>
        <PollThanks item={item} end={end} />
      </Page>
    );
  }
  const result = educationResult(end);
  if (!result) return <Navigate to={`/content/${id}/intro`} replace />;
  return (
    <Page narrow>
      <QuizResult item={item} end={end} result={result} />
    </Page>
  );
}
