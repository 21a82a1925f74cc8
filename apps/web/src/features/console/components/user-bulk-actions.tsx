import type { AdminUser } from '@kanal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { showToast } from '@/components/toast';
import { errorText } from '@/lib/errors';
import { useAllGroups, useUpdateGroup } from '../api/groups';
import { useDeactivateUsers, useDeleteUsers } from '../api/users';
import { type ActivationCode, ActivationCodesDialog } from './activation-codes';
import { PasswordResetDialog } from './password-reset-dialog';
import './user-bulk-actions.css';

type Action = 'deactivate' | 'group' | 'link' | 'lock' | 'delete';

/** What can be done to the people ticked in the table, each asked for first. */
export function UserBulkActions({ users, onDone }: { users: AdminUser[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [action, setAction] = useState<Action | null>(null);
  const [codes, setCodes] = useState<ActivationCode[]>([]);
  const count = users.length;
  const ids = users.map((user) => user.id);
  const close = () => setAction(null);
  const finish = (message: string) => {
    showToast(message);
    setAction(null);
    onDone();
  };

  return (
    <section className="bulk-bar" aria-label={t('users.bulk.label')}>
      <p className="bulk-bar__count" aria-live="polite">
        {t('console.table.selected', { count })}
      </p>
      <div className="bulk-bar__actions">
        <Button variant="secondary" onClick={() => setAction('deactivate')}>
          {t('users.bulk.deactivate')}
        </Button>
        <Button variant="secondary" onClick={() => setAction('group')}>
          {t('users.bulk.addToGroup')}
        </Button>
        <Button variant="secondary" onClick={() => setAction('link')}>
          {t('users.reset.linkAction')}
        </Button>
        <Button variant="secondary" onClick={() => setAction('lock')}>
          {t('users.reset.lockAction')}
        </Button>
        <Button variant="secondary" className="bulk-bar__delete" onClick={() => setAction('delete')}>
          {t('users.bulk.delete')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('users.bulk.clear')}
        </Button>
      </div>
      {action === 'deactivate' ? <DeactivateDialog ids={ids} onCancel={close} onDone={finish} /> : null}
      {action === 'delete' ? <DeleteDialog ids={ids} onCancel={close} onDone={finish} /> : null}
      {action === 'group' ? <AddToGroupDialog ids={ids} onCancel={close} onDone={finish} /> : null}
      {action === 'link' || action === 'lock' ? (
        <PasswordResetDialog
          ids={ids}
          mode={action}
          title={t(`users.reset.${action}Title`, { count })}
          onCancel={close}
          onDone={({ codes: issued }, message) => {
            // The selection (and this bar) stays until the codes have been seen.
            if (issued.length === 0) return finish(message);
            showToast(message);
            setAction(null);
            setCodes(issued);
          }}
        />
      ) : null}
      {codes.length > 0 ? (
        <ActivationCodesDialog
          codes={codes}
          onClose={() => {
            setCodes([]);
            onDone();
          }}
        />
      ) : null}
    </section>
  );
}

type DialogProps = { ids: number[]; onCancel: () => void; onDone: (message: string) => void };

function DeactivateDialog({ ids, onCancel, onDone }: DialogProps) {
  const { t } = useTranslation('admin');
  const deactivate = useDeactivateUsers();
  const [error, setError] = useState<string>();
  return (
    <ConfirmDialog
      title={t('users.confirm.deactivateTitle', { count: ids.length })}
      confirmLabel={t('users.bulk.deactivate')}
      danger
      pending={deactivate.isPending}
      error={error}
      onCancel={onCancel}
      onConfirm={() =>
        deactivate.mutate(ids, {
          onSuccess: ({ done, refusal }) => {
            if (!refusal) onDone(t('users.done.deactivated', { count: done }));
            else
              setError(t('users.done.partlyDeactivated', { done, count: ids.length, reason: errorText(t, refusal) }));
          },
        })
      }
    >
      <p>{t('users.confirm.deactivateText', { count: ids.length })}</p>
    </ConfirmDialog>
  );
}

function DeleteDialog({ ids, onCancel, onDone }: DialogProps) {
  const { t } = useTranslation('admin');
  const remove = useDeleteUsers();
  return (
    <ConfirmDialog
      title={t('users.confirm.deleteTitle', { count: ids.length })}
      confirmLabel={t('users.bulk.delete')}
      danger
      pending={remove.isPending}
      error={remove.error ? errorText(t, remove.error) : undefined}
      onCancel={onCancel}
      onConfirm={() =>
        remove.mutate(ids, { onSuccess: ({ deleted }) => onDone(t('users.done.deleted', { count: deleted })) })
      }
    >
      <p>{t('users.confirm.deleteText', { count: ids.length })}</p>
    </ConfirmDialog>
  );
}

function AddToGroupDialog({ ids, onCancel, onDone }: DialogProps) {
  const { t } = useTranslation('admin');
  const selectId = useId();
  const groups = useAllGroups();
  const [groupId, setGroupId] = useState<number | null>(null);
  const chosen = groupId ?? groups.data?.[0]?.id ?? null;
  const update = useUpdateGroup(chosen ?? 0);
  const name = groups.data?.find((group) => group.id === chosen)?.name ?? '';
  return (
    <ConfirmDialog
      title={t('users.confirm.groupTitle')}
      confirmLabel={t('users.confirm.groupSubmit')}
      pending={update.isPending}
      disabled={chosen === null}
      error={update.error ? errorText(t, update.error) : undefined}
      onCancel={onCancel}
      onConfirm={() =>
        update.mutate({ addUserIds: ids }, { onSuccess: () => onDone(t('users.done.addedToGroup', { group: name })) })
      }
    >
      {groups.data && groups.data.length === 0 ? (
        <p>{t('users.confirm.groupNone')}</p>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {t('users.confirm.groupLabel')}
          </label>
          <select
            id={selectId}
            className="field__input field__select"
            value={chosen ?? ''}
            disabled={!groups.data}
            onChange={(event) => setGroupId(Number(event.currentTarget.value))}
          >
            {(groups.data ?? []).map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </ConfirmDialog>
  );
}
