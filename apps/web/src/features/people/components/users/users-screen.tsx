import {
  type AdminUser,
  type FilterAttribute,
  ROLES,
  type Role,
  USER_PAGE_SIZE,
  USER_SORTS,
  USER_STATUSES,
  type UserSort,
  type UserStatus,
} from '@kanal/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import {
  EmptyState,
  SelectAllHeader,
  SelectCell,
  SortHeader,
  TableFooter,
  TableSkeleton,
} from '@/console/components/lists/data-table';
import { FilterSelect, PhoneSort } from '@/console/components/lists/list-filter';
import { SearchBox } from '@/console/components/lists/search-box';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { useRowSelection } from '@/console/lib/use-row-selection';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { bulkFilterOf, type UserListParams, useUsers } from '../../api/users';
import { GroupFilter } from '../groups/group-filter';
import { AttributeFilters, ManagerFilter } from './attribute-filters';
import { UserBulkActions } from './user-bulk-actions';
import { UserStatusBadge } from './user-status-badge';
import '@/components/button.css';

const sortOf = (value: string | null): UserSort =>
  (USER_SORTS as readonly string[]).includes(value ?? '') ? (value as UserSort) : 'name';
const oneOf = <T extends string>(values: readonly T[], value: string | null): T[] =>
  values.includes(value as T) ? [value as T] : [];
/** An attribute's value from the URL: any text (a value of the organisation's), none when empty. */
const textOf = (value: string | null): string[] => (value ? [value] : []);
const idOf = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The table's state from the URL; anything unknown there (an old link, a hand edit) falls back. */
function useUserListParams() {
  const [params, update] = useListParams();
  const list = useMemo<UserListParams>(() => {
    return {
      q: params.get('q') ?? '',
      roles: oneOf<Role>(ROLES, params.get('role')),
      statuses: oneOf<UserStatus>(USER_STATUSES, params.get('status')),
      group: idOf(params.get('group')),
      departments: textOf(params.get('department')),
      locations: textOf(params.get('location')),
      jobTitles: textOf(params.get('jobTitle')),
      manager: idOf(params.get('manager')),
      sort: sortOf(params.get('sort')),
      page: pageParam(params),
    };
  }, [params]);
  return [list, update] as const;
}

/** The organisation's people: search, filters, sort and paging in the URL, and actions on a selection. */
export function UsersScreen() {
  const { t } = useTranslation('admin');
  const { canEdit } = useConsole();
  const [params, update] = useUserListParams();
  const users = useUsers(params);
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const onSort = useCallback((sort: UserSort) => update({ sort: sort === 'name' ? null : sort }), [update]);

  const attributes: Record<FilterAttribute, string> = {
    department: params.departments?.[0] ?? '',
    location: params.locations?.[0] ?? '',
    jobTitle: params.jobTitles?.[0] ?? '',
  };
  const filtered =
    params.q !== '' ||
    params.roles.length > 0 ||
    params.statuses.length > 0 ||
    params.group !== null ||
    Object.values(attributes).some(Boolean) ||
    params.manager != null;
  const items = users.data?.items ?? [];
  const selection = useRowSelection(items, params);
  // "Select all N matching": offered while the whole page is ticked and more people match; any tick or
  // a new search takes it back to the rows on screen.
  const [allMatching, setAllMatching] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's parameters are the trigger.
  useEffect(() => setAllMatching(false), [params]);
  const count = users.data?.count ?? 0;
  const matching =
    selection.allTicked && count > items.length
      ? { count, filter: bulkFilterOf(params), all: allMatching, onAll: setAllMatching }
      : undefined;
  const tick = (change: () => void) => () => {
    setAllMatching(false);
    change();
  };

  return (
    <ConsolePage
      title={t('users.title')}
      actions={
        canEdit ? (
          <Link to="/admin/users/new" className="button button--primary">
            {t('users.new')}
          </Link>
        ) : null
      }
    >
      <div className="list-toolbar">
        <SearchBox label={t('users.search')} placeholder={t('users.searchHint')} value={params.q} onSearch={onSearch} />
        <fieldset className="list-toolbar__filters">
          <legend className="visually-hidden">{t('users.filters.label')}</legend>
          <FilterSelect
            label={t('users.filters.role')}
            anyLabel={t('users.filters.any')}
            value={params.roles[0] ?? ''}
            options={ROLES.map((role) => ({ value: role, label: t(`console.roles.${role}`) }))}
            onChange={(role) => update({ role })}
          />
          <FilterSelect
            label={t('users.filters.status')}
            anyLabel={t('users.filters.any')}
            value={params.statuses[0] ?? ''}
            options={USER_STATUSES.map((status) => ({ value: status, label: t(`users.status.${status}`) }))}
            onChange={(status) => update({ status })}
          />
          <GroupFilter value={params.group} onChange={(group) => update({ group })} />
          <AttributeFilters value={attributes} onChange={(attribute, value) => update({ [attribute]: value })} />
          <PhoneSort
            label={t('users.filters.sort')}
            value={params.sort}
            sorts={USER_SORTS}
            labelOf={(sort) => t(`users.sort.${sort}`)}
            onSort={onSort}
          />
          {filtered ? (
            <Button
              variant="secondary"
              className="list-toolbar__clear"
              onClick={() =>
                update({
                  q: null,
                  role: null,
                  status: null,
                  group: null,
                  department: null,
                  location: null,
                  jobTitle: null,
                  manager: null,
                })
              }
            >
              {t('console.actions.clearFilters')}
            </Button>
          ) : null}
        </fieldset>
      </div>
      {params.manager != null ? <ManagerFilter id={params.manager} onClear={() => update({ manager: null })} /> : null}

      {canEdit && selection.ticked.length > 0 ? (
        <UserBulkActions users={selection.ticked} matching={matching} onDone={tick(selection.clear)} />
      ) : null}

      {users.isPending ? (
        <TableSkeleton columns={7} />
      ) : users.isError ? (
        <ErrorView message={t('users.loadFailed')} onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState title={t('users.empty.filteredTitle')}>
            <p>{t('users.empty.filteredText')}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t('users.empty.title')}>
            {canEdit ? (
              <>
                <p>{t('users.empty.text')}</p>
                <div className="console-page__actions">
                  <Link to="/admin/users/new" className="button button--primary">
                    {t('users.new')}
                  </Link>
                  <Link to="/admin/import" className="button button--secondary">
                    {t('console.nav.import')}
                  </Link>
                </div>
              </>
            ) : null}
          </EmptyState>
        )
      ) : (
        <table className="data-table" aria-busy={users.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('users.title')}</caption>
          <thead>
            <tr>
              {canEdit ? <SelectAllHeader checked={selection.allTicked} onChange={tick(selection.toggleAll)} /> : null}
              <SortHeader column="name" label={t('users.columns.name')} sort={params.sort} onSort={onSort} />
              <SortHeader column="role" label={t('users.columns.role')} sort={params.sort} onSort={onSort} />
              <th scope="col">{t('users.columns.groups')}</th>
              <SortHeader
                column="department"
                label={t('users.columns.department')}
                sort={params.sort}
                onSort={onSort}
              />
              <SortHeader column="location" label={t('users.columns.location')} sort={params.sort} onSort={onSort} />
              <th scope="col">{t('users.columns.status')}</th>
              <SortHeader column="createdAt" label={t('users.columns.createdAt')} sort={params.sort} onSort={onSort} />
            </tr>
          </thead>
          <tbody>
            {items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                selectable={canEdit}
                selected={selection.isTicked(user.id)}
                onToggle={tick(() => selection.toggle(user.id))}
              />
            ))}
          </tbody>
        </table>
      )}
      {users.data ? (
        <TableFooter
          count={users.data.count}
          page={params.page}
          pageSize={USER_PAGE_SIZE}
          onPage={(page, how) => update({ page }, how)}
        />
      ) : null}
    </ConsolePage>
  );
}

function UserRow({
  user,
  selectable,
  selected,
  onToggle,
}: {
  user: AdminUser;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <tr>
      {selectable ? <SelectCell name={user.name} checked={selected} onChange={onToggle} /> : null}
      <td className="users-table__who">
        <Link to={`/admin/users/${user.id}`} className="link users-table__name">
          {user.name}
        </Link>
        <span className="data-table__muted users-table__login">{user.email ?? user.username}</span>
      </td>
      <td data-label={t('users.columns.role')}>{t(`console.roles.${user.role}`)}</td>
      <td data-label={t('users.columns.groups')}>{user.groups.map((group) => group.name).join(', ') || '–'}</td>
      <td data-label={t('users.columns.department')}>{user.department ?? '–'}</td>
      <td data-label={t('users.columns.location')}>{user.location ?? '–'}</td>
      <td data-label={t('users.columns.status')}>
        <UserStatusBadge status={user.status} />
      </td>
      <td data-label={t('users.columns.createdAt')}>{formatDate(user.createdAt)}</td>
    </tr>
  );
}
