import { CONTENT_PAGE_SIZE, mayReadItemStats, type StaffComment, type StaffContent } from '@kanal/contract';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { useContentComments, useDeleteComment } from '@/console/api/content';
import { ContentItemPage } from '@/console/components/content/content-item-page';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import './content-responses.css';

/** An item's comments, newest first, for moderation: its authors remove what does not belong. */
export function ContentCommentsScreen() {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  return (
    // What people wrote is read by those who read the item's figures (a creator: their own items').
    <ContentItemPage
      title={t('contentResponses.comments.title')}
      allowed={(item) => mayReadItemStats(me, item.creator.id)}
    >
      {(item) => <Comments item={item} />}
    </ContentItemPage>
  );
}

function Comments({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const page = pageParam(params);
  const comments = useContentComments(item.id, page);
  const remove = useDeleteComment(item.id);
  const [removing, setRemoving] = useState<StaffComment | null>(null);
  const [failure, setFailure] = useState<string>();

  if (comments.isPending) return <TableSkeleton columns={3} />;
  if (comments.isError) {
    return <ErrorView message={t('contentResponses.comments.loadFailed')} onRetry={() => void comments.refetch()} />;
  }
  const close = () => {
    setRemoving(null);
    setFailure(undefined);
  };
  return (
    <>
      {item.settings.comments ? null : <p className="note">{t('contentResponses.comments.closed')}</p>}
      {comments.data.items.length === 0 ? (
        <EmptyState title={t('contentResponses.comments.emptyTitle')}>
          <p>{t('contentResponses.comments.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className="responses" aria-busy={comments.isPlaceholderData || undefined}>
          {comments.data.items.map((comment) => (
            <li key={comment.id} className="responses__item">
              <div className="responses__head">
                <span className="responses__who">{comment.user.name}</span>
                <time className="data-table__muted" dateTime={comment.createdAt}>
                  {formatDateTime(comment.createdAt)}
                </time>
              </div>
              <p className="responses__text">{comment.text}</p>
              {item.editable ? (
                <div>
                  <Button variant="secondary" className="button--danger" onClick={() => setRemoving(comment)}>
                    {t('contentResponses.comments.delete')}
                    <span className="visually-hidden">: {comment.user.name}</span>
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <TableFooter
        count={comments.data.count}
        page={page}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={(next, how) => update({ page: next }, how)}
      />
      {removing ? (
        <ConfirmDialog
          title={t('contentResponses.comments.deleteTitle', { name: removing.user.name })}
          confirmLabel={t('contentResponses.comments.delete')}
          danger
          pending={remove.isPending}
          error={failure}
          onCancel={close}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              showToast(t('contentResponses.comments.deleted'));
              close();
            } catch (error) {
              setFailure(errorText(t, error));
            }
          }}
        >
          <blockquote className="responses__quote">{removing.text}</blockquote>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
