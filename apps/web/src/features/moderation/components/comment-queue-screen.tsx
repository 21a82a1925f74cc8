import { COMMENT_STATES, CONTENT_PAGE_SIZE, type CommentState, type StaffComment } from '@kanal/contract';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { type CommentQueueFilter, useCommentQueue } from '@/console/api/content';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { ConsolePage } from '@/console/layout/console-page';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { useTranslation } from '@/lib/i18n';
import { CommentCards } from './comment-cards';
import '@/console/components/lists/filter-chips.css';
import './comment-cards.css';

const stateOf = (value: string | null): CommentState | undefined => COMMENT_STATES.find((state) => state === value);
/** An id filter of the URL; anything that is not an id filters nothing. */
const idOf = (value: string | null) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * /admin/comments: the organisation's comments across items, newest first, in one queue; narrowed to new or
 * handled ones, to one item or to one person (from a card's links), the filters kept in the URL.
 */
export function CommentQueueScreen() {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const page = pageParam(params);
  const filter: CommentQueueFilter = {
    content: idOf(params.get('content')),
    user: idOf(params.get('user')),
    state: stateOf(params.get('state')),
  };
  const comments = useCommentQueue(filter, page);
  const first: StaffComment | undefined = comments.data?.items[0];
  const link = (changes: Record<string, number>) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const [name, value] of Object.entries(changes)) next.set(name, String(value));
    return `/admin/comments?${next.toString()}`;
  };

  return (
    <ConsolePage title={t('contentResponses.comments.queueTitle')}>
      <ul className="content-list__chips" aria-label={t('contentResponses.comments.stateFilter')}>
        {[undefined, ...COMMENT_STATES].map((state) => (
          <li key={state ?? 'all'}>
            <button
              type="button"
              className="content-list__chip"
              aria-pressed={filter.state === state}
              onClick={() => update({ state: state ?? null })}
            >
              {state ? t(`contentResponses.comments.states.${state}`) : t('contentResponses.comments.states.all')}
            </button>
          </li>
        ))}
      </ul>
      {filter.content || filter.user ? (
        <div className="comment-queue__narrowed">
          {filter.content ? (
            <p>
              {t('contentResponses.comments.narrowedItem', {
                name: first?.content.name ?? t('contentResponses.comments.chosenItem'),
              })}{' '}
              <Button variant="secondary" onClick={() => update({ content: null })}>
                {t('contentResponses.comments.allItems')}
              </Button>
            </p>
          ) : null}
          {filter.user ? (
            <p>
              {t('contentResponses.comments.narrowedPerson', {
                name: first?.user.name ?? t('contentResponses.comments.chosenPerson'),
              })}{' '}
              <Button variant="secondary" onClick={() => update({ user: null })}>
                {t('contentResponses.comments.allPeople')}
              </Button>
            </p>
          ) : null}
        </div>
      ) : null}
      {comments.isPending ? (
        <TableSkeleton columns={3} />
      ) : comments.isError ? (
        <ErrorView message={t('contentResponses.comments.loadFailed')} onRetry={() => void comments.refetch()} />
      ) : (
        <>
          {comments.data.items.length === 0 ? (
            <EmptyState title={t('contentResponses.comments.queueEmptyTitle')}>
              <p>
                {filter.state === 'new'
                  ? t('contentResponses.comments.queueEmptyNew')
                  : t('contentResponses.comments.queueEmptyText')}
              </p>
            </EmptyState>
          ) : (
            <CommentCards
              comments={comments.data.items}
              busy={comments.isPlaceholderData}
              filterLinks={{
                item: (comment) => link({ content: comment.content.id }),
                person: (comment) => link({ user: comment.user.id }),
              }}
            />
          )}
          <TableFooter
            count={comments.data.count}
            page={page}
            pageSize={CONTENT_PAGE_SIZE}
            onPage={(next, how) => update({ page: next }, how)}
          />
        </>
      )}
    </ConsolePage>
  );
}
