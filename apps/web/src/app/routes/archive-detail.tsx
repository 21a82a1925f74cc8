import { useParams } from 'react-router';
import { Page } from '@/components/page';
import { LoadingView } from '@/components/status-view';
import { useContent } from '@/features/content/api/get-content';
import { ArchiveDetail } from '@/features/content/components/archive-detail';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const id = parseId(useParams().id);
  const content = useContent(id ?? 0);
  useDocumentTitle(content.data?.name);

  if (id === null) return <ContentUnavailable error={null} />;
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (content.isPending) return <LoadingView />;
  return (
    <Page>
      <ArchiveDetail item={content.data} />
    </Page>
  );
}
