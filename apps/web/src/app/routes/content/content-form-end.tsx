import { Navigate, useLocation } from 'react-router';
import { Page } from '@/components/page';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { PollThanks, QuizResult } from '@/features/forms/components/form-end';
import { readEndState } from '@/features/forms/lib/form-result';

/**
 * /content/{id}/quiz/end and /content/{id}/poll/end. Both live on the answers in the navigation state;
 * without them (a typed-in URL) there is nothing to submit, so the item's intro opens instead.
 */
export function Component() {
  const route = useRouteContent();
  const { state } = useLocation();
  const end = route.id === null ? null : readEndState(state, route.id);

  // No answers to submit: straight to the intro, without waiting for the item.
  if (route.id !== null && !end) return <Navigate to={`/content/${route.id}/intro`} replace />;
  if (route.blocker || !end) return route.blocker;
  const { item } = route;
  if (item.type !== 'EDUCATION') {
    return (
      <Page narrow>
        <PollThanks item={item} end={end} />
      </Page>
    );
  }
  return (
    <Page narrow>
      <QuizResult item={item} end={end} />
    </Page>
  );
}
