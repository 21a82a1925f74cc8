import { Page } from '@/components/page';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { ArchiveDetail } from '@/features/archive/components/archive-detail';

export { loader } from './archive-texts';

export function Component() {
  const route = useRouteContent();
  if (route.blocker) return route.blocker;
  return (
    <Page>
      <ArchiveDetail item={route.item} />
    </Page>
  );
}
