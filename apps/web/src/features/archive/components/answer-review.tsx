import type { Attempt, ContentDetail, PollResults } from '@kanal/contract';
import { POLL_RESULTS_MIN_RESPONDENTS } from '@kanal/contract';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import '@/components/form/form.css';
import '@/components/feedback/progress.css';
import '@/components/tag.css';
import '@/content/components/meta.css';
import './answer-review.css';

/**
 * The latest attempt, question by question: what the user answered and, for education, whether it was
 * right, with the right answers beside a wrong one.
 */
export function AttemptReview({ attempt }: { attempt: Attempt }) {
  const { t } = useTranslation('archive');
  const answers = [...attempt.userAnswers].sort((a, b) => a.question.order - b.question.order);
  return (
    <section className="review" aria-labelledby="review-title">
      <h2 id="review-title" className="section-title">
        {t('review.answers')}
      </h2>
      <p className="detail__date">{t('review.answeredAt', { date: formatDateTime(attempt.createdAt) })}</p>
      <ol className="review__list">
        {answers.map(({ question, answers: chosen, text, correct, correctAnswers }) => (
          <li key={question.id} className="review__item">
            <h3 className="review__question">{question.title}</h3>
            <p>
              <span className="review__label">{t('review.yourAnswer')}</span>{' '}
              {text || chosen.map((answer) => answer.title).join(', ') || t('review.noAnswer')}
            </p>
            {correct === false && correctAnswers?.length ? (
              <p>
                <span className="review__label">{t('review.rightAnswer', { count: correctAnswers.length })}</span>{' '}
                {correctAnswers.map((answer) => answer.title).join(', ')}
              </p>
            ) : null}
            {correct === null ? null : (
              <p className={correct ? 'tag tag--right' : 'tag tag--wrong'}>
                {correct ? t('review.right') : t('review.wrong')}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A poll's answers counted over everyone, or why they are not shown yet. */
export function PollResultsView({ results }: { results: PollResults }) {
  const { t } = useTranslation('archive');
  return (
    <section className="review" aria-labelledby="review-title">
      <h2 id="review-title" className="section-title">
        {t('review.pollResults')}
      </h2>
      {results.hidden ? (
        <p className="note">{t('review.hidden', { min: POLL_RESULTS_MIN_RESPONDENTS })}</p>
      ) : (
        <>
          <p className="detail__date">{t('review.respondents', { count: results.respondents })}</p>
          <ol className="review__list">
            {results.questions.map((question) => (
              <li key={question.id} className="review__item">
                <h3 className="review__question">{question.title}</h3>
                <ul className="review__results">
                  {question.answers.map((answer) => (
                    <li key={answer.id} className="review__result">
                      <div className="review__result-head">
                        <span>{answer.title}</span>
                        <span>{t('review.count', { count: answer.count, percent: answer.percent })}</span>
                      </div>
                      <div className="progress" aria-hidden="true">
                        <div className="progress__bar" style={{ width: `${answer.percent}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The caller's own comments on the item (ContentDetail.comments), with the organisation's replies and hidings. */
export function MyComments({ comments }: { comments: ContentDetail['comments'] }) {
  const { t } = useTranslation('archive');
  return (
    <section className="review" aria-labelledby="comments-title">
      <h2 id="comments-title" className="section-title">
        {t('review.myComments')}
      </h2>
      {comments.length === 0 ? (
        <p className="field__hint">{t('review.noComments')}</p>
      ) : (
        <ul className="review__list">
          {comments.map((comment) => (
            <li key={comment.id} className="review__item">
              <p>{comment.title}</p>
              <p className="detail__date">{formatDate(comment.createdAt)}</p>
              {comment.hidden ? (
                <p className="review__hidden">{t('review.commentHidden', { reason: comment.hidden.reason })}</p>
              ) : null}
              {comment.reply ? (
                <div className="review__reply">
                  <p className="review__label">{t('review.commentReply', { date: formatDate(comment.reply.at) })}</p>
                  <p>{comment.reply.text}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
