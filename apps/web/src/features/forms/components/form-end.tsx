import type { ContentDetail } from '@kanal/contract';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { LoadingView } from '@/components/feedback/status-view';
import { ErrorText } from '@/components/form/error-text';
import { CertificateButton } from '@/content/components/certificate-button';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { type FormSubmission, useFormSubmission } from '../hooks/use-form-submission';
import { educationResult, type FormEndState } from '../lib/form-result';
import { ScoreGauge } from './score-gauge';
import '@/components/page.css';
import '@/content/components/detail.css';
import './form-end.css';

const CONFETTI_PIECES = 14;

/** Confetti falling once over a passed quiz: decoration only, and not drawn when motion is reduced. */
function Celebration() {
  return (
    <div className="celebration" aria-hidden="true">
      {Array.from({ length: CONFETTI_PIECES }, (_, piece) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical pieces, told apart only by position.
        <span key={piece} className="celebration__piece" />
      ))}
    </div>
  );
}

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

/**
 * /content/{id}/quiz/end. Only the server can score (the questions carry no answer key), so the answers
 * are submitted as the screen opens and the stored result is shown; the run's key makes any repeat
 * answer that same result. OK after a pass finishes the item and goes home; after a fail it goes back
 * two steps, to the screen the quiz was started from, to try again.
 */
export function QuizResult({ item, end }: { item: ContentDetail; end: FormEndState }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const { key } = useLocation();
  // Only the server can score: the quiz waits for the connection (its OK retries under the same key).
  const submission = useFormSubmission(end, { keepOffline: false });
  const { saved } = submission;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening; a retry is the OK button's.
  useEffect(() => submission.submit(), []);

  const retry = () => {
    // Opened without our history behind it (a restored tab): the intro is where a retry starts.
    if (key === 'default') void navigate(`/content/${item.id}/intro`, { replace: true });
    else void navigate(-2);
  };

  if (saved === undefined) {
    if (!submission.error) return <LoadingView />;
    // The submission failed: OK tries again, under the same key.
    return (
      <article className="form-end">
        <EndActions submission={submission} onOk={() => submission.submit()} comment={null} />
      </article>
    );
  }
  if (saved === null) {
    // Finished by another submission (another tab or device): there is no result of this one to show.
    return (
      <article className="form-end">
        <p className="note">{t('errors.AlreadySubmitted', { ns: 'common' })}</p>
        <EndActions submission={submission} onOk={submission.finishAndGoHome} comment={null} />
      </article>
    );
  }
  const result = educationResult(saved, end.answers);
  return (
    <article className="form-end" aria-labelledby="form-end-title">
      {result.passed ? <Celebration /> : null}
      <ScoreGauge percent={result.percent} passed={result.passed} />
      <h1 id="form-end-title" className="page__title">
        {result.passed ? t('result.passed') : t('result.failed')}
      </h1>
      <p>{t('result.correctCount', { correct: result.correct, count: result.total })}</p>
      {result.written ? <p className="note">{t('result.textNote')}</p> : null}
      <p className="note">{result.passed ? t('result.archiveNote') : t('result.retryNote')}</p>
      {result.passed && item.settings.certificate ? (
        <div className="detail__actions">
          <CertificateButton contentId={item.id} />
        </div>
      ) : null}
      <EndActions
        submission={submission}
        onOk={result.passed ? submission.finishAndGoHome : retry}
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
  const submission = useFormSubmission(end, { keepOffline: true });
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
