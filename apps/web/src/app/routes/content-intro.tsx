import type { Me } from '@kanal/contract';
import { Navigate, useOutletContext, useParams } from 'react-router';
import { Page } from '@/components/page';
import { LoadingView } from '@/components/status-view';
import { useContent } from '@/features/content/api/get-content';
import { ContentIntro } from '@/features/content/components/content-intro';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const me = useOutletContext<Me>();
  const id = parseId(useParams().id);
  const content = useContent(id ?? 0);
  useDocumentTitle(content.data?.name);

  if (id === null) return <ContentUnavailable error={null} />;
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (content.isPending) return <LoadingView />;
  if (content.data.type === 'TASK') return <Navigate to={`/task/${id}`} replace />;
  return (
    <Page>
      <ContentIntro item={content.data} showPromoTag={me.tenant.showPromoTag} />
    </Page>
  );
}
