import { LoadingView } from '@/components/feedback/status-view';
import { Page } from '@/components/page';
import { ContentUnavailable } from '@/content/components/content-unavailable';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { useMaterial } from '@/features/item/api/get-material';
import { ContentMaterials } from '@/features/item/components/content-materials';
import '@/content/components/detail.css';

/** The materials screen in archive mode: to look at again, nothing more. */
export function Component() {
  const route = useRouteContent();
  const material = useMaterial(route.id ?? 0);

  if (route.blocker) return route.blocker;
  const { id, item } = route;
  if (material.isError) return <ContentUnavailable error={material.error} onRetry={() => void material.refetch()} />;
  if (material.isPending) return <LoadingView />;
  return (
    <Page title={item.name} back={`/archive/${id}`}>
      <ContentMaterials key={id} item={item} material={material.data} archived />
    </Page>
  );
}
