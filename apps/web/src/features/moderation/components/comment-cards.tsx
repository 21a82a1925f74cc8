import {
  COMMENT_MAX_LENGTH,
  type CommentChangeBody,
  HIDE_REASON_MAX_LENGTH,
  mayChangeItem,
  type StaffComment,
} from '@kanal/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { useChangeComment, useDeleteComment } from '@/console/api/content';
import { StatusBadge } from '@/console/components/status-badge';
import { TextDialog } from '@/console/components/text-dialog';
import { useConsole } from '@/console/lib/console-context';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import '@/console/components/responses.css';
import './comment-cards.css';

/** What a card's action opens: the reply's form, the reason for hiding, or the question before deleting. */
type Open = { kind: 'reply' | 'hide' | 'delete'; comment: StaffComment } | null;

type Props = {
  comments: StaffComment[];
  /** In the queue, each card names its item and offers to narrow the list to it or to its writer. */
  filterLinks?: { item: (comment: StaffComment) => string; person: (comment: StaffComment) => string };
  busy?: boolean;
};

/**
 * Comments as staff moderate them, each with its state, the organisation's reply and why it was hidden,
 * and what its item's editors may do: reply, hide or show again, mark handled or new, delete.
 */
export function CommentCards({ comments, filterLinks, busy }: Props) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const change = useChangeComment();
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string>();

  const quick = async (comment: StaffComment, body: CommentChangeBody, done: string) => {
    setFailure(undefined);
    try {
      await change.mutateAsync({ contentId: comment.content.id, commentId: comment.id, body });
      showToast(done);
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <>
      <ErrorText alert>{failure}</ErrorText>
      <ul className="responses" aria-busy={busy || undefined}>
        {comments.map((comment) => (
          <li key={comment.id} className="responses__item">
            <div className="responses__head">
              {filterLinks ? (
                <Link className="responses__who" to={filterLinks.person(comment)}>
                  {comment.user.name}
                  <span className="visually-hidden"> {t('contentResponses.comments.onlyPerson')}</span>
                </Link>
              ) : (
                <span className="responses__who">{comment.user.name}</span>
              )}
              <span className="comment-card__when">
                <time className="data-table__muted" dateTime={comment.createdAt}>
                  {formatDateTime(comment.createdAt)}
                </time>
                <CommentState comment={comment} />
              </span>
            </div>
            {filterLinks ? (
              <p className="comment-card__item">
                {t('contentResponses.comments.on')}{' '}
                <Link to={filterLinks.item(comment)}>
                  {comment.content.name}
                  <span className="visually-hidden"> {t('contentResponses.comments.onlyItem')}</span>
                </Link>
              </p>
            ) : null}
            <p className="responses__text">{comment.text}</p>
            {comment.hidden ? (
              <p className="comment-card__hidden">
                {t('contentResponses.comments.hiddenBecause', { reason: comment.hidden.reason })}
              </p>
            ) : null}
            {comment.reply ? (
              <div className="comment-card__reply">
                <p className="comment-card__reply-label">
                  {t('contentResponses.comments.replied', { time: formatDateTime(comment.reply.at) })}
                </p>
                <p className="responses__text">{comment.reply.text}</p>
              </div>
            ) : null}
            {mayChangeItem(me, comment.content.creatorId) ? (
              <div className="comment-card__actions">
                <Action onClick={() => setOpen({ kind: 'reply', comment })} comment={comment}>
                  {comment.reply ? t('contentResponses.comments.editReply') : t('contentResponses.comments.reply')}
                </Action>
                {comment.hidden ? (
                  <Action
                    comment={comment}
                    onClick={() => quick(comment, { hidden: null }, t('contentResponses.comments.shownAgain'))}
                  >
                    {t('contentResponses.comments.show')}
                  </Action>
                ) : (
                  <Action onClick={() => setOpen({ kind: 'hide', comment })} comment={comment}>
                    {t('contentResponses.comments.hide')}
                  </Action>
                )}
                {comment.handledAt ? (
                  <Action
                    comment={comment}
                    onClick={() => quick(comment, { handled: false }, t('contentResponses.comments.markedNew'))}
                  >
                    {t('contentResponses.comments.markNew')}
                  </Action>
                ) : (
                  <Action
                    comment={comment}
                    onClick={() => quick(comment, { handled: true }, t('contentResponses.comments.markedHandled'))}
                  >
                    {t('contentResponses.comments.markHandled')}
                  </Action>
                )}
                <Action danger onClick={() => setOpen({ kind: 'delete', comment })} comment={comment}>
                  {t('contentResponses.comments.delete')}
                </Action>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {open?.kind === 'reply' ? <ReplyDialog comment={open.comment} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'hide' ? <HideDialog comment={open.comment} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? <DeleteDialog comment={open.comment} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** A card's button, named for the screen reader with whose comment it acts on. */
function Action({
  comment,
  onClick,
  danger,
  children,
}: {
  comment: StaffComment;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Button variant="secondary" className={danger ? 'button--danger' : undefined} onClick={onClick}>
      {children}
      <span className="visually-hidden">: {comment.user.name}</span>
    </Button>
  );
}

function CommentState({ comment }: { comment: StaffComment }) {
  const { t } = useTranslation('admin');
  if (comment.hidden) return <StatusBadge tone="off">{t('contentResponses.comments.state.hidden')}</StatusBadge>;
  if (comment.handledAt) return <StatusBadge tone="on">{t('contentResponses.comments.state.handled')}</StatusBadge>;
  return <StatusBadge tone="waiting">{t('contentResponses.comments.state.new')}</StatusBadge>;
}

function ReplyDialog({ comment, onClose }: { comment: StaffComment; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const change = useChangeComment();
  return (
    <TextDialog
      id={`comment-${comment.id}-reply`}
      quote={comment.text}
      title={t('contentResponses.comments.replyTitle', { name: comment.user.name })}
      label={t('contentResponses.comments.replyLabel')}
      hint={t('contentResponses.comments.replyHint')}
      initial={comment.reply?.text ?? ''}
      max={COMMENT_MAX_LENGTH}
      multiline
      emptyError={t('validation.replyEmpty')}
      submitLabel={t('contentResponses.comments.send')}
      field="reply"
      send={async (reply) => {
        await change.mutateAsync({ contentId: comment.content.id, commentId: comment.id, body: { reply } });
        showToast(t('contentResponses.comments.sent', { name: comment.user.name }));
      }}
      onClose={onClose}
    />
  );
}

function HideDialog({ comment, onClose }: { comment: StaffComment; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const change = useChangeComment();
  return (
    <TextDialog
      id={`comment-${comment.id}-hide`}
      quote={comment.text}
      title={t('contentResponses.comments.hideTitle', { name: comment.user.name })}
      label={t('contentResponses.comments.reasonLabel')}
      hint={t('contentResponses.comments.reasonHint')}
      initial=""
      max={HIDE_REASON_MAX_LENGTH}
      multiline={false}
      emptyError={t('validation.reasonEmpty')}
      submitLabel={t('contentResponses.comments.hide')}
      field="hidden.reason"
      send={async (reason) => {
        await change.mutateAsync({
          contentId: comment.content.id,
          commentId: comment.id,
          body: { hidden: { reason } },
        });
        showToast(t('contentResponses.comments.hidden'));
      }}
      onClose={onClose}
    />
  );
}

function DeleteDialog({ comment, onClose }: { comment: StaffComment; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useDeleteComment();
  const [failure, setFailure] = useState<string>();
  return (
    <ConfirmDialog
      title={t('contentResponses.comments.deleteTitle', { name: comment.user.name })}
      confirmLabel={t('contentResponses.comments.delete')}
      danger
      pending={remove.isPending}
      error={failure}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ contentId: comment.content.id, commentId: comment.id });
          showToast(t('contentResponses.comments.deleted'));
          onClose();
        } catch (error) {
          setFailure(errorText(t, error));
        }
      }}
    >
      <blockquote className="responses__quote">{comment.text}</blockquote>
    </ConfirmDialog>
  );
}
