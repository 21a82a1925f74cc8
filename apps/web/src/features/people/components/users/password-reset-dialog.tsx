import type { PasswordResetMode, PasswordResets } from '@kanal/contract';
import { ConfirmDialog } from '@/components/dialog';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useResetPasswords } from '../../api/users';

/**
 * An admin's two ways to get people a new password, each saying exactly what it does: a link (the
 * password keeps working until the link is used), or a lock for an account that may be compromised (the
 * password, sessions and trusted browsers end at once).
 */
export function PasswordResetDialog({
  ids,
  mode,
  title,
  onCancel,
  onDone,
}: {
  ids: number[];
  mode: PasswordResetMode;
  title: string;
  onCancel: () => void;
  /** With the result and the toast that says what was done. */
  onDone: (result: PasswordResets, message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const reset = useResetPasswords();
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={t(`users.reset.${mode}Action`)}
      danger={mode === 'lock'}
      pending={reset.isPending}
      error={reset.error ? errorText(t, reset.error) : undefined}
      onCancel={onCancel}
      onConfirm={() =>
        reset.mutate(
          { ids, mode },
          {
            onSuccess: (result) =>
              onDone(
                result,
                mode === 'lock'
                  ? t('users.done.locked', { count: ids.length })
                  : t('users.done.mailed', { count: result.mailed }),
              ),
          },
        )
      }
    >
      <p>{t(`users.reset.${mode}Text`, { count: ids.length })}</p>
    </ConfirmDialog>
  );
}
