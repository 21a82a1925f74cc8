import { REVIEW_COMMENT_MAX_LENGTH, type ReviewStep, type StaffContent } from '@kanal/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { showToast } from '@/components/feedback/toast';
import { useReviewDecision, useReviewHistory, useReviewSettings } from '@/console/api/review';
import { TextDialog } from '@/console/components/text-dialog';
import { useConsole } from '@/console/lib/console-context';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import './review-panel.css';

/** One step of an item's review as a sentence: who sent, approved or returned it, and when. */
function StepLine({ step }: { step: ReviewStep }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {t(`review.history.${step.action}`, {
        name: step.by?.name ?? t('review.history.someone'),
        time: formatDateTime(step.at),
      })}
      {step.comment ? <q className="review-panel__comment">{step.comment}</q> : null}
    </>
  );
}

/**
 * An item's review in its editor: in review since when (and, for its reviewers, the way to decide), the
 * comment it was last returned with, and its whole history. Nothing for an item never reviewed.
 */
export function ReviewPanel({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const history = useReviewHistory(item.id);
  const settings = useReviewSettings();
  const steps = history.data ?? [];
  const [last] = steps;
  if (!last) return null;
  const decides = item.status === 'review' && settings.data?.mayReview && item.creator.id !== me.id;
  return (
    <section className="review-panel" aria-label={t('review.history.title')}>
      {item.status === 'review' ? (
        <p className="note">
          {t('review.waiting', { time: formatDateTime(last.at) })}{' '}
          {decides ? (
            <Link to={`/admin/content/${item.id}/preview`} className="link">
              {t('review.open')}
            </Link>
          ) : null}
        </p>
      ) : last.action === 'returned' && item.status === 'draft' ? (
        <p className="note review-panel__returned">
          <StepLine step={last} />
        </p>
      ) : null}
      <details className="review-panel__history">
        <summary>{t('review.history.title')}</summary>
        <ol>
          {steps.map((step) => (
            <li key={step.id}>
              <StepLine step={step} />
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

/**
 * A reviewer's decision, beside the item as its audience will see it: approve (with a word to the author,
 * if they like) or send it back with a comment. Nothing for anyone else, or an item not in review.
 */
export function ReviewActions({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const settings = useReviewSettings();
  const decide = useReviewDecision(item.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState<'approve' | 'return' | null>(null);
  if (item.status !== 'review' || !settings.data?.mayReview || item.creator.id === me.id) return null;
  const at = Date.parse(item.publishAt) > Date.now() ? formatDateTime(item.publishAt) : null;
  const close = () => setOpen(null);
  const send = (decision: 'approve' | 'return') => async (comment: string) => {
    await decide.mutateAsync({ decision, comment });
    showToast(t(`review.decided.${decision}`, { name: item.name }));
    navigate('/admin/reviews');
  };
  return (
    <div className="review-panel__actions">
      <Button onClick={() => setOpen('approve')}>{t('review.approve')}</Button>
      <Button variant="secondary" onClick={() => setOpen('return')}>
        {t('review.return')}
      </Button>
      {open === 'approve' ? (
        <TextDialog
          id={`review-${item.id}-approve`}
          title={t('review.approveTitle', { name: item.name })}
          intro={<p>{at ? t('review.approveAt', { time: at }) : t('review.approveNow')}</p>}
          label={t('review.commentOptional')}
          hint={t('review.commentHint', { name: item.creator.name })}
          initial=""
          max={REVIEW_COMMENT_MAX_LENGTH}
          multiline
          submitLabel={t('review.approve')}
          field="comment"
          send={send('approve')}
          onClose={close}
        />
      ) : null}
      {open === 'return' ? (
        <TextDialog
          id={`review-${item.id}-return`}
          title={t('review.returnTitle', { name: item.name })}
          label={t('review.comment')}
          hint={t('review.commentHint', { name: item.creator.name })}
          initial=""
          max={REVIEW_COMMENT_MAX_LENGTH}
          multiline
          emptyError={t('validation.reviewCommentEmpty')}
          submitLabel={t('review.return')}
          field="comment"
          send={send('return')}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
