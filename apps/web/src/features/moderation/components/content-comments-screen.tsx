import { CONTENT_PAGE_SIZE, mayReadItemStats, type StaffContent } from '@kanal/contract';
import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { useContentComments } from '@/console/api/content';
import { ContentItemPage } from '@/console/components/content/content-item-page';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { useTranslation } from '@/lib/i18n';
import { CommentCards } from './comment-cards';

/** An item's comments, newest first, for moderation: its editors reply, hide, mark handled or remove. */
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

  if (comments.isPending) return <TableSkeleton columns={3} />;
  if (comments.isError) {
    return <ErrorView message={t('contentResponses.comments.loadFailed')} onRetry={() => void comments.refetch()} />;
  }
  return (
    <>
      {item.settings.comments ? null : <p className="note">{t('contentResponses.comments.closed')}</p>}
      <p>
        <Link to={`/admin/comments?content=${item.id}`}>{t('contentResponses.comments.inQueue')}</Link>
      </p>
      {comments.data.items.length === 0 ? (
        <EmptyState title={t('contentResponses.comments.emptyTitle')}>
          <p>{t('contentResponses.comments.emptyText')}</p>
        </EmptyState>
      ) : (
        <CommentCards comments={comments.data.items} busy={comments.isPlaceholderData} />
      )}
      <TableFooter
        count={comments.data.count}
        page={page}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={(next, how) => update({ page: next }, how)}
      />
    </>
  );
}
