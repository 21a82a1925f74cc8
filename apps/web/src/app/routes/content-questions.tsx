import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { Page } from '@/components/page';
import { LoadingView } from '@/components/status-view';
import { useContent } from '@/features/content/api/get-content';
import { useQuestions } from '@/features/content/api/get-questions';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { QuestionRun } from '@/features/content/components/question-run';
import { questionsPath } from '@/features/content/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /content/{id}/quiz and /content/{id}/poll: one screen, the item's type decides which path is right. */
export function Component() {
  const { t } = useTranslation('content');
  const id = parseId(useParams().id);
  const { pathname } = useLocation();
  const content = useContent(id ?? 0);
  const questions = useQuestions(id ?? 0);
  useDocumentTitle(content.data?.name);

  if (id === null) return <ContentUnavailable error={null} />;
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (content.isPending) return <LoadingView />;
  const item = content.data;
  // Information and tasks have no questions: their own screens take over.
  if (item.type === 'INFORMATION' || item.type === 'TASK') return <Navigate to={`/content/${id}/intro`} replace />;
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
