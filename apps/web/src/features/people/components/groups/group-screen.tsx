import { type AdminGroup, type AdminUser, USER_PAGE_SIZE } from '@kanal/contract';
import { useCallback, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog, Dialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import {
  EmptyState,
  SelectAllHeader,
  SelectCell,
  TableFooter,
  TableSkeleton,
} from '@/console/components/lists/data-table';
import { SearchBox } from '@/console/components/lists/search-box';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { isMissing, useRouteId } from '@/console/lib/route-id';
import { toggled, useRowSelection } from '@/console/lib/use-row-selection';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useGroup, useGroupMembers, useUpdateGroup } from '../../api/groups';
import { useUsers } from '../../api/users';
import { UserStatusBadge } from '../users/user-status-badge';
import { DeleteGroupDialog, RenameGroupDialog } from './groups-screen';
import '@/components/button.css';
import '@/components/form/checkbox.css';
import './groups.css';
import '../users/user-bulk-actions.css';

/** One group: its name, its members, and for an admin adding and removing them. */
export function GroupScreen() {
  const { t } = useTranslation('admin');
  const id = useRouteId();
  const group = useGroup(id);
  const crumbs = [{ label: t('groups.title'), to: '/admin/groups' }];
  const missing = isMissing(id, group.error);

  // Data already shown stays when a refetch fails: every change refetches the open group, its own
  // deletion too, and the page should not flash "not found" on its way back to the list.
  if (group.data) return <GroupDetail group={group.data} />;
  if (group.isPending && !missing) {
    return (
      <ConsolePage title={t('loading', { ns: 'common' })} crumbs={crumbs}>
        <TableSkeleton columns={3} rows={6} />
      </ConsolePage>
    );
  }
  return (
    <ConsolePage
      title={missing ? t('errors.NotFound', { ns: 'common' }) : t('groups.detail.loadFailed')}
      crumbs={crumbs}
    >
      {missing ? (
        <>
          <p>{t('groups.detail.notFound')}</p>
          <p>
            <Link to="/admin/groups" className="link">
              {t('groups.detail.back')}
            </Link>
          </p>
        </>
      ) : (
        <ErrorView message={errorText(t, group.error)} onRetry={() => void group.refetch()} />
      )}
    </ConsolePage>
  );
}

type Editing = 'add' | 'rename' | 'delete' | null;

function GroupDetail({ group }: { group: AdminGroup }) {
  const { t } = useTranslation('admin');
  const { canEdit } = useConsole();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  return (
    <ConsolePage
      title={group.name}
      crumbs={[{ label: t('groups.title'), to: '/admin/groups' }]}
      actions={
        canEdit ? (
          <>
            <Button onClick={() => setEditing('add')}>{t('groups.add.open')}</Button>
            <Button variant="secondary" onClick={() => setEditing('rename')}>
              {t('groups.rename')}
            </Button>
            <Button variant="secondary" className="bulk-bar__delete" onClick={() => setEditing('delete')}>
              {t('groups.confirmDelete.submit')}
            </Button>
          </>
        ) : null
      }
    >
      <p className="data-table__muted">
        {t('groups.detail.memberCount', { count: group.memberCount })} ·{' '}
        {t('groups.detail.created', { date: formatDate(group.createdAt) })}
      </p>
      {canEdit ? null : <p className="note">{t('groups.detail.readOnly')}</p>}
      <GroupMembers group={group} />

      {editing === 'add' ? <AddPeopleDialog group={group} onClose={close} /> : null}
      {editing === 'rename' ? <RenameGroupDialog group={group} onClose={close} /> : null}
      {editing === 'delete' ? (
        <DeleteGroupDialog
          group={group}
          onCancel={close}
          onDeleted={() => navigate('/admin/groups', { replace: true })}
        />
      ) : null}
    </ConsolePage>
  );
}

const loginOf = (user: AdminUser) => user.email ?? user.username;

function GroupMembers({ group }: { group: AdminGroup }) {
  const { t } = useTranslation('admin');
  const { canEdit } = useConsole();
  const headingId = useId();
  const [params, setParams] = useListParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const members = useGroupMembers(group.id, { q, page });
  const update = useUpdateGroup(group.id);
  const [confirming, setConfirming] = useState<AdminUser[] | null>(null);
  const onSearch = useCallback((value: string) => setParams({ q: value }), [setParams]);

  const items = members.data?.items ?? [];
  const selection = useRowSelection(items, `${q}|${page}`);
  const selectedMembers = selection.ticked;

  const remove = (people: AdminUser[]) =>
    update.mutate(
      { removeUserIds: people.map((user) => user.id) },
      {
        onSuccess: () => {
          const [only] = people;
          showToast(
            people.length === 1 && only
              ? t('groups.done.removedOne', { name: only.name })
              : t('groups.done.removed', { count: people.length }),
          );
          selection.clear();
          setConfirming(null);
        },
      },
    );
  // One person comes back with a click on "Add people"; several at once are asked about first.
  const removeOrAsk = (people: AdminUser[]) => (people.length === 1 ? remove(people) : setConfirming(people));
  const failure = update.error ? errorText(t, update.error) : undefined;

  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('groups.detail.members')}
      </h2>
      <div className="list-toolbar">
        <SearchBox
          label={t('groups.detail.search')}
          placeholder={t('users.searchHint')}
          value={q}
          onSearch={onSearch}
        />
      </div>

      {canEdit && selectedMembers.length > 0 ? (
        <section className="bulk-bar" aria-label={t('groups.detail.selection')}>
          <p className="bulk-bar__count" aria-live="polite">
            {t('console.table.selected', { count: selectedMembers.length })}
          </p>
          <div className="bulk-bar__actions">
            <Button
              variant="secondary"
              className="bulk-bar__delete"
              loading={update.isPending}
              onClick={() => removeOrAsk(selectedMembers)}
            >
              {t('groups.detail.remove')}
            </Button>
            <Button variant="ghost" onClick={selection.clear}>
              {t('users.bulk.clear')}
            </Button>
          </div>
        </section>
      ) : null}
      {confirming ? null : <ErrorText alert>{failure}</ErrorText>}

      {members.isPending ? (
        <TableSkeleton columns={4} />
      ) : members.isError ? (
        <ErrorView message={t('groups.detail.membersLoadFailed')} onRetry={() => void members.refetch()} />
      ) : items.length === 0 ? (
        q ? (
          <EmptyState title={t('groups.detail.empty.filteredTitle')}>
            <p>{t('users.empty.filteredText')}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t('groups.detail.empty.title')}>
            {canEdit ? <p>{t('groups.detail.empty.text')}</p> : null}
          </EmptyState>
        )
      ) : (
        <table className="data-table" aria-busy={members.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('groups.detail.members')}</caption>
          <thead>
            <tr>
              {canEdit ? <SelectAllHeader checked={selection.allTicked} onChange={selection.toggleAll} /> : null}
              <th scope="col">{t('users.columns.name')}</th>
              <th scope="col">{t('users.columns.role')}</th>
              <th scope="col">{t('users.columns.status')}</th>
              {canEdit ? (
                <th scope="col">
                  <span className="visually-hidden">{t('groups.columns.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((user) => (
              <tr key={user.id}>
                {canEdit ? (
                  <SelectCell
                    name={user.name}
                    checked={selection.isTicked(user.id)}
                    onChange={() => selection.toggle(user.id)}
                  />
                ) : null}
                <td className="users-table__who">
                  <Link to={`/admin/users/${user.id}`} className="link users-table__name">
                    {user.name}
                  </Link>
                  <span className="data-table__muted users-table__login">{loginOf(user)}</span>
                </td>
                <td data-label={t('users.columns.role')}>{t(`console.roles.${user.role}`)}</td>
                <td data-label={t('users.columns.status')}>
                  <UserStatusBadge status={user.status} />
                </td>
                {canEdit ? (
                  <td className="data-table__actions">
                    <Button
                      variant="secondary"
                      aria-label={t('groups.detail.removeNamed', { name: user.name })}
                      disabled={update.isPending}
                      onClick={() => remove([user])}
                    >
                      {t('groups.detail.removeOne')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {members.data ? (
        <TableFooter
          count={members.data.count}
          page={page}
          pageSize={USER_PAGE_SIZE}
          onPage={(next, how) => setParams({ page: next }, how)}
        />
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title={t('groups.detail.removeTitle', { count: confirming.length })}
          confirmLabel={t('groups.detail.remove')}
          danger
          pending={update.isPending}
          error={failure}
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove(confirming)}
        >
          <p>{t('groups.detail.removeText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** Finds people by name, e-mail or username and adds the ticked ones; those already in the group are left out. */
function AddPeopleDialog({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const people = useUsers({ q, roles: [], statuses: [], group: null, notInGroup: group.id, sort: 'name', page });
  const add = useUpdateGroup(group.id);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const onSearch = useCallback((value: string) => {
    setQ(value);
    setPage(0);
  }, []);
  const outsiders = people.data?.items ?? [];
  const toggle = (id: number) => setChosen((current) => toggled(current, id));

  return (
    <Dialog
      title={t('groups.add.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button
            disabled={chosen.size === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { addUserIds: [...chosen] },
                {
                  onSuccess: () => {
                    showToast(t('groups.done.added', { count: chosen.size }));
                    onClose();
                  },
                },
              )
            }
          >
            {t('groups.add.submit')}
          </Button>
        </>
      }
    >
      <SearchBox
        label={t('groups.add.search')}
        placeholder={t('groups.add.searchHint')}
        value={q}
        onSearch={onSearch}
      />
      {people.isPending ? (
        <TableSkeleton columns={1} rows={4} />
      ) : people.isError ? (
        <ErrorView message={t('groups.add.loadFailed')} onRetry={() => void people.refetch()} />
      ) : outsiders.length === 0 ? (
        <p>{q ? t('groups.add.noMatch') : t('groups.add.allMembers')}</p>
      ) : (
        <fieldset className="add-people" aria-busy={people.isPlaceholderData || undefined}>
          <legend className="visually-hidden">{t('groups.add.people')}</legend>
          {outsiders.map((user) => (
            <label key={user.id} className="add-people__person">
              <input
                type="checkbox"
                className="checkbox__input"
                checked={chosen.has(user.id)}
                onChange={() => toggle(user.id)}
              />
              <span>
                <span className="add-people__name">{user.name}</span>
                <span className="data-table__muted users-table__login">{loginOf(user)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {people.data ? (
        <TableFooter count={people.data.count} page={page} pageSize={USER_PAGE_SIZE} onPage={setPage} />
      ) : null}
      <p className="add-people__count" aria-live="polite">
        {t('groups.add.selected', { count: chosen.size })}
      </p>
      <ErrorText alert>{add.error ? errorText(t, add.error) : undefined}</ErrorText>
    </Dialog>
  );
}
