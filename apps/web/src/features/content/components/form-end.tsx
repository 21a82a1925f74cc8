import type { ContentDetail } from '@kanal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';
import { errorText } from '@/lib/errors';
import { type FormSubmission, useFormSubmission } from '../hooks/use-form-submission';
import type { EducationResult, FormEndState } from '../lib/form-result';
import { ScoreGauge } from './score-gauge';

/** The end screens' common foot: the error, an optional comment control and OK. */
function EndActions({
  submission,
  comment,
  onOk,
}: {
  submission: FormSubmission;
  comment: ReactNode;
  onOk: () => void;
}) {
  const { t } = useTranslation('content');
  return (
    <>
      {submission.error ? <ErrorText alert>{errorText(t, submission.error)}</ErrorText> : null}
      <div className="detail__actions">
        {comment}
        <Button loading={submission.pending} onClick={onOk}>
          {t('result.ok')}
        </Button>
      </div>
    </>
  );
}

type QuizResultProps = {
  item: ContentDetail;
  end: FormEndState;
  result: EducationResult;
};

/**
 * /content/{id}/quiz/end. OK submits; a pass (as the server scored it) finishes the item and goes home,
 * a fail goes back two steps, to the screen the quiz was started from, to try again.
 */
export function QuizResult({ item, end, result }: QuizResultProps) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const { key } = useLocation();
  const submission = useFormSubmission(item.id, end.answers);

  const retry = () => {
    // Opened without our history behind it (a restored tab): the intro is where a retry starts.
    if (key === 'default') void navigate(`/content/${item.id}/intro`, { replace: true });
    else void navigate(-2);
  };
  const onOk = () =>
    submission.submit((saved) => {
      if (saved === null || (saved.passed ?? result.passed)) submission.finishAndGoHome();
      else retry();
    });

  return (
    <article className="form-end" aria-labelledby="form-end-title">
      <ScoreGauge percent={result.percent} passed={result.passed} />
      <h1 id="form-end-title" className="page__title">
        {result.passed ? t('result.passed') : t('result.failed')}
      </h1>
      <p>{t('result.correctCount', { correct: result.correct, total: result.total })}</p>
      {result.passed ? <p className="note">{t('result.archiveNote')}</p> : null}
      <EndActions
        submission={submission}
        onOk={onOk}
        comment={
          item.settings.comments ? (
            <Link to={`/content/${item.id}/comment`} className="button button--secondary">
              {t('result.sendComment')}
            </Link>
          ) : null
        }
      />
    </article>
  );
}

/** /content/{id}/poll/end (polls and inquiries): thanks; OK, or the comment detour, submits the answers. */
export function PollThanks({ item, end }: { item: ContentDetail; end: FormEndState }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const submission = useFormSubmission(item.id, end.answers);
  return (
    <article className="form-end" aria-labelledby="form-end-title">
      <h1 id="form-end-title" className="page__title">
        {t('result.pollThanks')}
      </h1>
      <p>{t('result.pollAppreciate')}</p>
      <EndActions
        submission={submission}
        onOk={() => submission.submit(submission.finishAndGoHome)}
        comment={
          item.settings.comments ? (
            <Button
              variant="secondary"
              disabled={submission.pending}
              onClick={() => submission.submit(() => navigate(`/content/${item.id}/comment`))}
            >
              {t('result.sendComment')}
            </Button>
          ) : null
        }
      />
    </article>
  );
}
