import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { showToast } from '@/components/feedback/toast';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useNotifyContent } from '../../api/content';
import './content-actions.css';

/** The item an action is about: what it is called and how many of its audience have finished it. */
export type NotifyTarget = { id: number; name: string; audience: number; finished: number };

/**
 * Notify those of a published item's audience who have not finished it, once asked. With everyone
 * finished there is no one to remind: the button says so instead of sending to nobody.
 */
export function NotifyButton({ item }: { item: NotifyTarget }) {
  const { t } = useTranslation('admin');
  const notify = useNotifyContent();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const reasonId = useId();
  const unfinished = item.audience - item.finished;
  const close = () => {
    setAsking(false);
    setFailure(undefined);
  };
  return (
    <>
      <Button
        variant="secondary"
        disabled={unfinished <= 0}
        aria-describedby={unfinished <= 0 ? reasonId : undefined}
        onClick={() => setAsking(true)}
      >
        {t('content.actions.notify')}
      </Button>
      {unfinished <= 0 ? (
        <span id={reasonId} className="content-actions__reason">
          {t('content.actions.nobodyToNotify')}
        </span>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('content.actions.notifyTitle', { name: item.name })}
          confirmLabel={t('content.actions.notify')}
          pending={notify.isPending}
          error={failure}
          onCancel={close}
          onConfirm={async () => {
            try {
              const queued = await notify.mutateAsync(item.id);
              showToast(
                queued.id === null
                  ? t('content.actions.nobodyToNotify')
                  : t('content.actions.notified', { count: queued.recipients }),
              );
              close();
            } catch (error) {
              setFailure(errorText(t, error));
            }
          }}
        >
          <p>{t('content.actions.notifyText', { count: unfinished })}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
