import { Page } from '@/components/page';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { TaskDetail } from '@/features/task/components/task-detail';

export function Component() {
  const route = useRouteContent();
  if (route.blocker) return route.blocker;
  return (
    <Page back="/">
      <TaskDetail item={route.item} />
    </Page>
  );
}
