import { Navigate, useLocation } from 'react-router';
import { LoadingView } from '@/components/feedback/status-view';
import { Page } from '@/components/page';
import { ContentUnavailable } from '@/content/components/content-unavailable';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { interactionOf, questionsPath } from '@/content/lib/paths';
import { useQuestions } from '@/features/forms/api/get-questions';
import { QuestionRun } from '@/features/forms/components/question-run';
import { useTranslation } from '@/lib/i18n';

/** /content/{id}/quiz and /content/{id}/poll: one screen, the item's type decides which path is right. */
export function Component() {
  const { t } = useTranslation('content');
  const { pathname } = useLocation();
  const route = useRouteContent();
  const questions = useQuestions(route.id ?? 0);

  if (route.blocker) return route.blocker;
  const { id, item } = route;
  // Information and tasks have no questions: their own screens take over.
  if (item.type === 'INFORMATION' || item.type === 'TASK') return <Navigate to={`/content/${id}/intro`} replace />;
  // Answered for good (a passed education, a poll, an inquiry): not run again; the archive shows what was answered.
  if (interactionOf(item).finishedAt) return <Navigate to={`/archive/${id}`} replace />;
  if (pathname !== questionsPath(item)) return <Navigate to={questionsPath(item)} replace />;
  if (questions.isError) return <ContentUnavailable error={questions.error} onRetry={() => void questions.refetch()} />;
  if (questions.isPending) return <LoadingView />;
  return (
    <Page title={item.name} narrow>
      {questions.data.questions.length > 0 ? (
        <QuestionRun key={id} item={item} questions={questions.data.questions} />
      ) : (
        <p className="note">{t('errors.NotAForm', { ns: 'common' })}</p>
      )}
    </Page>
  );
}
