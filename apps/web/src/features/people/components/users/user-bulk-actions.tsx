import type { AdminUser, UserBulkAction, UserBulkFilter } from '@kanal/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { showToast } from '@/components/feedback/toast';
import { useAllGroups } from '@/console/api/groups';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useUpdateGroup } from '../../api/groups';
import { useBulkUsers, useDeactivateUsers, useDeleteUsers } from '../../api/users';
import { type ActivationCode, ActivationCodesDialog } from './activation-codes';
import { PasswordResetDialog } from './password-reset-dialog';
import './user-bulk-actions.css';

type Action = 'deactivate' | 'group' | 'link' | 'lock' | 'delete' | UserBulkAction;

/**
 * The whole page is ticked and more people match the filters: the admin may widen the selection to all
 * of them (`all`), and some actions then go to the server as the filter, not as ids.
 */
export type Matching = { count: number; filter: UserBulkFilter; all: boolean; onAll: (all: boolean) => void };

/** What can be done to the people ticked in the table, each asked for first. */
export function UserBulkActions({
  users,
  matching,
  onDone,
}: {
  users: AdminUser[];
  matching?: Matching;
  onDone: () => void;
}) {
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
      <div className="bulk-bar__summary" aria-live="polite">
        <p className="bulk-bar__count">
          {matching?.all
            ? t('users.bulk.allMatching', { count: matching.count })
            : t('console.table.selected', { count })}
        </p>
        {matching ? (
          <Button variant="ghost" className="bulk-bar__widen" onClick={() => matching.onAll(!matching.all)}>
            {matching.all ? t('users.bulk.onlyPage', { count }) : t('users.bulk.selectAll', { count: matching.count })}
          </Button>
        ) : null}
      </div>
      {matching?.all ? (
        <div className="bulk-bar__actions">
          {(['reactivate', 'resendWelcome', 'removeFromGroup'] as const).map((each) => (
            <Button key={each} variant="secondary" onClick={() => setAction(each)}>
              {t(`users.bulk.${each}`)}
            </Button>
          ))}
          <Button variant="ghost" onClick={onDone}>
            {t('users.bulk.clear')}
          </Button>
        </div>
      ) : (
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
      )}
      {matching?.all && (action === 'reactivate' || action === 'resendWelcome' || action === 'removeFromGroup') ? (
        <MatchingDialog
          action={action}
          matching={matching}
          onCancel={close}
          onDone={(message, issued) => {
            // As after a reset: the selection (and this bar) stays until the codes have been seen.
            if (issued.length === 0) return finish(message);
            showToast(message);
            setAction(null);
            setCodes(issued);
          }}
        />
      ) : null}
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

/** The group an action is about: the organisation's groups, the first (or `initial`) chosen. */
function useGroupChoice(initial: number | null = null) {
  const groups = useAllGroups();
  const [groupId, setGroupId] = useState<number | null>(initial);
  const chosen = groupId ?? groups.data?.[0]?.id ?? null;
  return {
    groups,
    chosen,
    setGroupId,
    name: groups.data?.find((group) => group.id === chosen)?.name ?? '',
  };
}

function GroupField({ choice }: { choice: ReturnType<typeof useGroupChoice> }) {
  const { t } = useTranslation('admin');
  const selectId = useId();
  const { groups, chosen, setGroupId } = choice;
  return groups.data && groups.data.length === 0 ? (
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
  );
}

function AddToGroupDialog({ ids, onCancel, onDone }: DialogProps) {
  const { t } = useTranslation('admin');
  const choice = useGroupChoice();
  const update = useUpdateGroup(choice.chosen ?? 0);
  return (
    <ConfirmDialog
      title={t('users.confirm.groupTitle')}
      confirmLabel={t('users.confirm.groupSubmit')}
      pending={update.isPending}
      disabled={choice.chosen === null}
      error={update.error ? errorText(t, update.error) : undefined}
      onCancel={onCancel}
      onConfirm={() =>
        update.mutate(
          { addUserIds: ids },
          { onSuccess: () => onDone(t('users.done.addedToGroup', { group: choice.name })) },
        )
      }
    >
      <GroupField choice={choice} />
    </ConfirmDialog>
  );
}

/**
 * An action on everyone the filters match, sent as the filter: the server picks the people (those the
 * action applies to) and says how many it changed.
 */
function MatchingDialog({
  action,
  matching,
  onCancel,
  onDone,
}: {
  action: UserBulkAction;
  matching: Matching;
  onCancel: () => void;
  onDone: (message: string, codes: ActivationCode[]) => void;
}) {
  const { t } = useTranslation('admin');
  const bulk = useBulkUsers();
  // Within a group's filter, that group is the one offered.
  const choice = useGroupChoice(matching.filter.group ?? null);
  const byGroup = action === 'removeFromGroup';
  const count = matching.count;
  return (
    <ConfirmDialog
      title={t(`users.matching.${action}Title`, { count })}
      confirmLabel={t(`users.bulk.${action}`)}
      pending={bulk.isPending}
      disabled={byGroup && choice.chosen === null}
      error={bulk.error ? errorText(t, bulk.error) : undefined}
      onCancel={onCancel}
      onConfirm={() =>
        bulk.mutate(
          { action, filter: matching.filter, groupId: byGroup ? (choice.chosen ?? undefined) : undefined },
          {
            onSuccess: ({ changed, codes }) =>
              onDone(t(`users.matching.${action}Done`, { count: changed, group: choice.name }), codes),
          },
        )
      }
    >
      <p>{t(`users.matching.${action}Text`, { count })}</p>
      {byGroup ? <GroupField choice={choice} /> : null}
    </ConfirmDialog>
  );
}
