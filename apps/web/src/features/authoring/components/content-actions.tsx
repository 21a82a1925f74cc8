import type { ContentStatus } from '@kanal/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { showToast } from '@/components/feedback/toast';
import { useContentAction, useDeleteContent, useUpdateContent } from '@/console/api/content';
import { NotifyButton } from '@/console/components/content/notify-button';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import '@/console/components/content/content-actions.css';

export type ActionTarget = { id: number; name: string; status: ContentStatus; audience: number; finished: number };

type Confirming = 'archive' | 'delete' | Unarchive | null;
/** Where an archived item goes back to: a draft, or out to its audience again. */
type Unarchive = 'draft' | 'now';

/**
 * What can be done to an item besides editing it: copy (opens the copy), archive or bring back from the
 * archive, notify those who have not finished, and delete a draft or an item not yet due. Each but the
 * copy is asked about first.
 */
export function ContentActions({ item, onDeleted }: { item: ActionTarget; onDeleted?: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const action = useContentAction();
  const remove = useDeleteContent();
  const update = useUpdateContent(item.id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [failure, setFailure] = useState<string>();

  const close = () => {
    setConfirming(null);
    setFailure(undefined);
  };
  const run = async (work: () => Promise<string>) => {
    try {
      showToast(await work());
      close();
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  const copy = async () => {
    try {
      const made = await action.mutateAsync({ id: item.id, action: 'copy' });
      showToast(t('content.actions.copied', { name: made.name }));
      navigate(`/admin/content/${made.id}`);
    } catch (error) {
      showToast(errorText(t, error));
    }
  };
  const deletable = item.status === 'draft' || item.status === 'review' || item.status === 'scheduled';

  return (
    <>
      <div className="content-actions">
        <Button variant="secondary" loading={action.isPending && action.variables?.action === 'copy'} onClick={copy}>
          {t('content.actions.copy')}
        </Button>
        {item.status === 'published' ? <NotifyButton item={item} /> : null}
        {item.status === 'published' || item.status === 'scheduled' ? (
          <Button variant="secondary" onClick={() => setConfirming('archive')}>
            {t('content.actions.archive')}
          </Button>
        ) : null}
        {item.status === 'archived'
          ? (['draft', 'now'] as const).map((mode) => (
              <Button key={mode} variant="secondary" onClick={() => setConfirming(mode)}>
                {t(`content.actions.unarchive.${mode}`)}
              </Button>
            ))
          : null}
        {deletable ? (
          <Button variant="secondary" className="button--danger" onClick={() => setConfirming('delete')}>
            {t('content.actions.delete')}
          </Button>
        ) : null}
      </div>

      {confirming === 'archive' ? (
        <ConfirmDialog
          title={t('content.actions.archiveTitle', { name: item.name })}
          confirmLabel={t('content.actions.archive')}
          pending={action.isPending}
          error={failure}
          onCancel={close}
          onConfirm={() =>
            run(async () => {
              await action.mutateAsync({ id: item.id, action: 'archive' });
              return t('content.actions.archived', { name: item.name });
            })
          }
        >
          <p>{t('content.actions.archiveText')}</p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'draft' || confirming === 'now' ? (
        <ConfirmDialog
          title={t(`content.actions.unarchive.${confirming}Title`, { name: item.name })}
          confirmLabel={t(`content.actions.unarchive.${confirming}`)}
          pending={update.isPending}
          error={failure}
          onCancel={close}
          onConfirm={() =>
            run(async () => {
              const made = await update.mutateAsync({ publish: { mode: confirming, at: null } });
              // Where the organisation reviews, a creator's item goes to review rather than out again.
              return made.status === 'review'
                ? t('content.editor.created.review', { name: item.name })
                : t(`content.actions.unarchive.${confirming}Done`, { name: item.name });
            })
          }
        >
          <p>{t(`content.actions.unarchive.${confirming}Text`)}</p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'delete' ? (
        <ConfirmDialog
          title={t('content.actions.deleteTitle', { name: item.name })}
          confirmLabel={t('content.actions.delete')}
          danger
          pending={remove.isPending}
          error={failure}
          onCancel={close}
          onConfirm={() =>
            run(async () => {
              await remove.mutateAsync(item.id);
              onDeleted?.();
              return t('content.actions.deleted', { name: item.name });
            })
          }
        >
          <p>{t('content.actions.deleteText')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
