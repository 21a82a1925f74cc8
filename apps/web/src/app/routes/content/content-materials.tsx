import { Navigate } from 'react-router';
import { LoadingView } from '@/components/feedback/status-view';
import { Page } from '@/components/page';
import { ContentUnavailable } from '@/content/components/content-unavailable';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { useMaterial } from '@/features/item/api/get-material';
import { ContentMaterials } from '@/features/item/components/content-materials';

export function Component() {
  const route = useRouteContent();
  const material = useMaterial(route.id ?? 0);

  // The item first: its 404 says more than the material's.
  if (route.blocker) return route.blocker;
  const { id, item } = route;
  if (item.type === 'TASK') return <Navigate to={`/task/${id}`} replace />;
  if (material.isError) return <ContentUnavailable error={material.error} onRetry={() => void material.refetch()} />;
  if (material.isPending) return <LoadingView />;
  return (
    <Page title={item.name} back={`/content/${id}/intro`}>
      <ContentMaterials key={id} item={item} material={material.data} />
    </Page>
  );
}
