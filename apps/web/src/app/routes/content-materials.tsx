import { Navigate, useParams } from 'react-router';
import { Page } from '@/components/page';
import { LoadingView } from '@/components/status-view';
import { useContent } from '@/features/content/api/get-content';
import { useMaterial } from '@/features/content/api/get-material';
import { ContentMaterials } from '@/features/content/components/content-materials';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const id = parseId(useParams().id);
  const content = useContent(id ?? 0);
  const material = useMaterial(id ?? 0);
  useDocumentTitle(content.data?.name);

  if (id === null) return <ContentUnavailable error={null} />;
  // The item first: its 404 says more than the material's.
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (material.isError) return <ContentUnavailable error={material.error} onRetry={() => void material.refetch()} />;
  if (content.isPending || material.isPending) return <LoadingView />;
  if (content.data.type === 'TASK') return <Navigate to={`/task/${id}`} replace />;
  return (
    <Page title={content.data.name}>
      <ContentMaterials key={id} item={content.data} material={material.data} />
    </Page>
  );
}
