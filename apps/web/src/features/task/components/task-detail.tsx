import type { ContentDetail } from '@kanal/contract';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { useMarkFinished } from '@/content/api/mark-finished';
import { Deadline } from '@/content/components/deadline';
import { TypeLabel } from '@/content/components/type-label';
import { interactionOf } from '@/content/lib/paths';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useGoBack } from '@/lib/hooks/use-go-back';
import { useTranslation } from '@/lib/i18n';
import '@/components/page.css';
import '@/content/components/detail.css';
import './task-detail.css';
import '@/content/components/meta.css';

type Props = {
  item: ContentDetail;
  /** The console's preview: the screen as its recipients see it, its buttons shown but doing nothing. */
  preview?: boolean;
};

export function TaskDetail({ item, preview = false }: Props) {
  const { t } = useTranslation('content');
  const goBack = useGoBack();
  const finish = useMarkFinished();
  const { finishedAt } = interactionOf(item);
  const deadline = item.task?.deadline ?? null;

  return (
    <article className="detail" aria-labelledby="task-title">
      <div className="detail__meta">
        <TypeLabel item={item} />
      </div>
      <h1 id="task-title" className="page__title">
        {item.name}
      </h1>
      {item.description ? <p className="detail__description">{item.description}</p> : null}
      <p className="detail__creator">{t('task.issuedBy', { name: item.creator.name })}</p>
      <dl className="facts">
        {finishedAt ? (
          <div className="facts__row">
            <dt>{t('task.finished')}</dt>
            <dd>{formatDateTime(finishedAt)}</dd>
          </div>
        ) : (
          <div className="facts__row">
            <dt>{t('task.deadline')}</dt>
            <dd>
              {deadline ? <Deadline deadline={deadline} finishedAt={finishedAt} as="value" /> : t('task.noDeadline')}
            </dd>
          </div>
        )}
      </dl>
      {finish.isError ? <ErrorText alert>{errorText(t, finish.error)}</ErrorText> : null}
      <div className="detail__actions">
        {item.settings.comments && preview ? (
          <Button variant="secondary" disabled>
            {t('task.comment')}
          </Button>
        ) : item.settings.comments ? (
          <Link to={`/content/${item.id}/comment`} className="button button--secondary">
            {t('task.comment')}
          </Link>
        ) : null}
        {finishedAt ? null : preview ? (
          <Button disabled>{t('task.markDone')}</Button>
        ) : (
          <Button
            loading={finish.isPending}
            onClick={() =>
              finish.mutate(
                { contentId: item.id },
                {
                  onSuccess: () => {
                    showToast(t('task.markedDone'));
                    goBack();
                  },
                },
              )
            }
          >
            {t('task.markDone')}
          </Button>
        )}
      </div>
    </article>
  );
}
