import { CONTENT_PAGE_SIZE, mayReadItemStats, type StaffAttemptList, type StaffContent } from '@kanal/contract';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog, Dialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { useAttempt, useContentAttempts, useDeleteAttempt } from '@/console/api/content';
import { ContentItemPage } from '@/console/components/content/content-item-page';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import '@/console/components/content/content-actions.css';
import '@/console/components/responses.css';
import './content-responses.css';

type AttemptRow = StaffAttemptList['items'][number];

/** Who answered an item and what (education and inquiries); a poll is anonymous and shows no one. */
export function ContentAnswersScreen() {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  return (
    // What people wrote is read by those who read the item's figures (a creator: their own items').
    <ContentItemPage
      title={t('contentResponses.answers.title')}
      allowed={(item) => mayReadItemStats(me, item.creator.id)}
    >
      {(item) =>
        item.type === 'POLL' ? (
          <p className="note">{t('contentResponses.answers.poll', { count: item.counts.finished })}</p>
        ) : (
          <Attempts item={item} />
        )
      }
    </ContentItemPage>
  );
}

function Attempts({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const { canEdit } = useConsole();
  const [params, update] = useListParams();
  const page = pageParam(params);
  const attempts = useContentAttempts(item.id, page);
  const remove = useDeleteAttempt();
  const [viewing, setViewing] = useState<AttemptRow | null>(null);
  const [removing, setRemoving] = useState<AttemptRow | null>(null);
  const [failure, setFailure] = useState<string>();
  const graded = item.type === 'EDUCATION';

  if (attempts.isPending) return <TableSkeleton columns={4} />;
  if (attempts.isError) {
    return <ErrorView message={t('contentResponses.answers.loadFailed')} onRetry={() => void attempts.refetch()} />;
  }
  const closeRemove = () => {
    setRemoving(null);
    setFailure(undefined);
  };
  if (attempts.data.items.length === 0) {
    return (
      <EmptyState title={t('contentResponses.answers.emptyTitle')}>
        <p>{t('contentResponses.answers.emptyText')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <table className="data-table" aria-busy={attempts.isPlaceholderData || undefined}>
        <caption className="visually-hidden">{t('contentResponses.answers.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contentResponses.answers.person')}</th>
            <th scope="col">{t('contentResponses.answers.when')}</th>
            {graded ? <th scope="col">{t('contentResponses.answers.result')}</th> : null}
            <th scope="col">
              <span className="visually-hidden">{t('content.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {attempts.data.items.map((attempt) => (
            <tr key={attempt.id}>
              <td>{attempt.user.name}</td>
              <td data-label={t('contentResponses.answers.when')}>{formatDateTime(attempt.createdAt)}</td>
              {graded ? (
                <td data-label={t('contentResponses.answers.result')}>
                  <Verdict attempt={attempt} />
                </td>
              ) : null}
              <td className="content-list__actions">
                <div className="content-actions">
                  <Button variant="secondary" onClick={() => setViewing(attempt)}>
                    {t('contentResponses.answers.view')}
                    <span className="visually-hidden">: {attempt.user.name}</span>
                  </Button>
                  {canEdit ? (
                    <Button variant="secondary" className="button--danger" onClick={() => setRemoving(attempt)}>
                      {t('contentResponses.answers.delete')}
                      <span className="visually-hidden">: {attempt.user.name}</span>
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <TableFooter
        count={attempts.data.count}
        page={page}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={(next, how) => update({ page: next }, how)}
      />
      {viewing ? <AttemptDialog attempt={viewing} graded={graded} onClose={() => setViewing(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t('contentResponses.answers.deleteTitle', { name: removing.user.name })}
          confirmLabel={t('contentResponses.answers.delete')}
          danger
          pending={remove.isPending}
          error={failure}
          onCancel={closeRemove}
          onConfirm={async () => {
            try {
              const after = await remove.mutateAsync(removing.id);
              showToast(t('contentResponses.answers.deleted', { name: removing.user.name, points: after.points }));
              closeRemove();
            } catch (error) {
              setFailure(errorText(t, error));
            }
          }}
        >
          <p>{t('contentResponses.answers.deleteText')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function Verdict({ attempt }: { attempt: AttemptRow }) {
  const { t } = useTranslation('admin');
  const percent = Math.round((attempt.finalMark ?? 0) * 100);
  return (
    <span>
      {t('contentResponses.answers.mark', { percent, correct: attempt.correct ?? 0, total: attempt.total })}{' '}
      {attempt.passed === null ? null : (
        <strong className={attempt.passed ? 'responses__verdict--right' : 'responses__verdict--wrong'}>
          {attempt.passed ? t('contentResponses.answers.passed') : t('contentResponses.answers.failed')}
        </strong>
      )}
    </span>
  );
}

/** One attempt's answers, question by question; an education's marks each right or wrong. */
function AttemptDialog({ attempt, graded, onClose }: { attempt: AttemptRow; graded: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useAttempt(attempt.id);
  return (
    <Dialog
      title={t('contentResponses.answers.dialogTitle', {
        name: attempt.user.name,
        time: formatDateTime(attempt.createdAt),
      })}
      onClose={onClose}
    >
      {graded ? <Verdict attempt={attempt} /> : null}
      {detail.isPending ? (
        <TableSkeleton columns={1} rows={3} />
      ) : detail.isError ? (
        <ErrorView message={errorText(t, detail.error)} onRetry={() => void detail.refetch()} />
      ) : (
        <ol className="responses__answers">
          {detail.data.userAnswers.map((answer) => (
            <li key={answer.question.id}>
              <p className="responses__who">{answer.question.title}</p>
              <p className="responses__text">
                {answer.text ??
                  (answer.answers.length > 0
                    ? answer.answers.map((a) => a.title).join(', ')
                    : t('contentResponses.answers.unanswered'))}
              </p>
              {answer.correct === null ? null : (
                <p className={answer.correct ? 'responses__verdict--right' : 'responses__verdict--wrong'}>
                  {answer.correct
                    ? t('contentResponses.answers.right')
                    : t('contentResponses.answers.wrong', {
                        answer: (answer.correctAnswers ?? []).map((a) => a.title).join(', '),
                      })}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
