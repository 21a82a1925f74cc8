import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/page';
import { LoadingView } from '@/components/status-view';
import { useContent } from '@/features/content/api/get-content';
import { useMaterial } from '@/features/content/api/get-material';
import { ContentMaterials } from '@/features/content/components/content-materials';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The materials screen in archive mode: to look at again, nothing more. */
export function Component() {
  const { t } = useTranslation('content');
  const id = parseId(useParams().id);
  const content = useContent(id ?? 0);
  const material = useMaterial(id ?? 0);
  useDocumentTitle(content.data?.name);

  if (id === null) return <ContentUnavailable error={null} />;
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (material.isError) return <ContentUnavailable error={material.error} onRetry={() => void material.refetch()} />;
  if (content.isPending || material.isPending) return <LoadingView />;
  return (
    <Page title={content.data.name}>
      <div className="detail__toolbar">
        <Link to={`/archive/${id}`} className="button button--ghost detail__back">
          {t('back')}
        </Link>
      </div>
      <ContentMaterials key={id} item={content.data} material={material.data} archived />
    </Page>
  );
}
