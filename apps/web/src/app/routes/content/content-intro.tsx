import type { Me } from '@kanal/contract';
import { Navigate, useOutletContext } from 'react-router';
import { Page } from '@/components/page';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { ContentIntro } from '@/features/item/components/content-intro';

export function Component() {
  const me = useOutletContext<Me>();
  const route = useRouteContent();
  if (route.blocker) return route.blocker;
  if (route.item.type === 'TASK') return <Navigate to={`/task/${route.id}`} replace />;
  return (
    <Page>
      <ContentIntro item={route.item} showPromoTag={me.tenant.showPromoTag} />
    </Page>
  );
}
