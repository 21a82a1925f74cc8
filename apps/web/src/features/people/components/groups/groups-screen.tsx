import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminGroup, type CreateGroupBody, CreateGroupBodySchema, GROUP_PAGE_SIZE } from '@kanal/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog, Dialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { TextField } from '@/components/form/text-field';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { SearchBox } from '@/console/components/lists/search-box';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useCreateGroup, useDeleteGroup, useGroups, useImportGroups, useUpdateGroup } from '../../api/groups';
import { SpreadsheetInput, uploadErrorText } from '../transfer/import-screen';
import '@/components/button.css';
import './groups.css';
import '../users/user-bulk-actions.css';

type Editing = { kind: 'new' } | { kind: 'rename' | 'delete'; group: AdminGroup } | null;

/**
 * The organisation's groups, searched and paged through the URL; an admin also creates, renames,
 * deletes and imports them.
 */
export function GroupsScreen() {
  const { t } = useTranslation('admin');
  const { canEdit } = useConsole();
  const [params, update] = useListParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const groups = useGroups({ q, page });
  const [editing, setEditing] = useState<Editing>(null);
  const onSearch = useCallback((value: string) => update({ q: value }), [update]);
  const close = () => setEditing(null);
  const items = groups.data?.items ?? [];
  const newGroup = canEdit ? <Button onClick={() => setEditing({ kind: 'new' })}>{t('groups.new')}</Button> : null;

  return (
    <ConsolePage title={t('groups.title')} actions={newGroup}>
      <div className="list-toolbar">
        <SearchBox label={t('groups.search')} placeholder={t('groups.searchHint')} value={q} onSearch={onSearch} />
      </div>

      {groups.isPending ? (
        <TableSkeleton columns={canEdit ? 4 : 3} />
      ) : groups.isError ? (
        <ErrorView message={t('groups.loadFailed')} onRetry={() => void groups.refetch()} />
      ) : items.length === 0 ? (
        q ? (
          <EmptyState title={t('groups.empty.filteredTitle')}>
            <p>{t('groups.empty.filteredText')}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t('groups.empty.title')}>
            <p>{t('groups.empty.text')}</p>
            {newGroup}
          </EmptyState>
        )
      ) : (
        <table className="data-table" aria-busy={groups.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('groups.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('groups.columns.name')}</th>
              <th scope="col">{t('groups.columns.members')}</th>
              <th scope="col">{t('groups.columns.createdAt')}</th>
              {canEdit ? (
                <th scope="col">
                  <span className="visually-hidden">{t('groups.columns.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((group) => (
              <tr key={group.id}>
                <td>
                  <Link to={`/admin/groups/${group.id}`} className="link users-table__name">
                    {group.name}
                  </Link>
                </td>
                <td data-label={t('groups.columns.members')}>{group.memberCount}</td>
                <td data-label={t('groups.columns.createdAt')}>{formatDate(group.createdAt)}</td>
                {canEdit ? (
                  <td className="data-table__actions">
                    <Button
                      variant="secondary"
                      aria-label={t('groups.renameNamed', { name: group.name })}
                      onClick={() => setEditing({ kind: 'rename', group })}
                    >
                      {t('groups.rename')}
                    </Button>
                    <Button
                      variant="secondary"
                      className="bulk-bar__delete"
                      aria-label={t('groups.deleteNamed', { name: group.name })}
                      onClick={() => setEditing({ kind: 'delete', group })}
                    >
                      {t('groups.delete')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {groups.data ? (
        <TableFooter
          count={groups.data.count}
          page={page}
          pageSize={GROUP_PAGE_SIZE}
          onPage={(next, how) => update({ page: next }, how)}
        />
      ) : null}

      {canEdit ? <GroupImport /> : null}

      {editing?.kind === 'new' ? <CreateGroupDialog onClose={close} /> : null}
      {editing?.kind === 'rename' ? <RenameGroupDialog group={editing.group} onClose={close} /> : null}
      {editing?.kind === 'delete' ? (
        <DeleteGroupDialog group={editing.group} onCancel={close} onDeleted={close} />
      ) : null}
    </ConsolePage>
  );
}

type GroupNameDialogProps = {
  title: string;
  submitLabel: string;
  name?: string;
  onClose: () => void;
  /** Resolves once saved; a refusal is shown beside the name, or above the buttons. */
  onSubmit: (body: CreateGroupBody) => Promise<unknown>;
};

const resolver = zodResolver(CreateGroupBodySchema);

/** A group's name, as the contract checks it (required, no comma): for a new group and a renamed one. */
function GroupNameDialog({ title, submitLabel, name = '', onClose, onSubmit }: GroupNameDialogProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const formError = useFormError();
  const { register, handleSubmit, formState, setError, setFocus } = useForm({ defaultValues: { name }, resolver });
  // After the dialog has opened (and focused its first button): the name is what is there to type.
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);
  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      if (!showServerError(error, setError, ['name'])) setError('root', { message: errorText(t, error) });
    }
  });
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={formId} loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={submit}>
        <TextField
          label={t('groups.form.name')}
          hint={t('groups.form.nameHint')}
          autoComplete="off"
          error={formError(formState.errors.name)}
          {...register('name')}
        />
        <ErrorText alert>{formState.errors.root?.message}</ErrorText>
      </form>
    </Dialog>
  );
}

function CreateGroupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <GroupNameDialog
      title={t('groups.form.newTitle')}
      submitLabel={t('groups.form.create')}
      onClose={onClose}
      onSubmit={async (body) => {
        const group = await create.mutateAsync(body);
        showToast(t('groups.done.created', { name: group.name }));
        navigate(`/admin/groups/${group.id}`);
      }}
    />
  );
}

export function RenameGroupDialog({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateGroup(group.id);
  return (
    <GroupNameDialog
      title={t('groups.form.renameTitle')}
      submitLabel={t('console.actions.save')}
      name={group.name}
      onClose={onClose}
      onSubmit={async ({ name }) => {
        await update.mutateAsync({ name });
        showToast(t('groups.done.renamed'));
        onClose();
      }}
    />
  );
}

/** Deleting a group takes nobody out of the organisation: only the grouping, and what was aimed at it. */
export function DeleteGroupDialog({
  group,
  onCancel,
  onDeleted,
}: {
  group: AdminGroup;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('admin');
  const remove = useDeleteGroup();
  return (
    <ConfirmDialog
      title={t('groups.confirmDelete.title', { name: group.name })}
      confirmLabel={t('groups.confirmDelete.submit')}
      danger
      pending={remove.isPending}
      error={remove.error ? errorText(t, remove.error) : undefined}
      onCancel={onCancel}
      onConfirm={() =>
        remove.mutate(group.id, {
          onSuccess: () => {
            showToast(t('groups.done.deleted', { name: group.name }));
            onDeleted();
          },
        })
      }
    >
      <p>{t('groups.confirmDelete.text')}</p>
    </ConfirmDialog>
  );
}

/** A column of group names from a spreadsheet: all are created, or none and the problems say why. */
function GroupImport() {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const importGroups = useImportGroups();
  const problems = importGroups.data?.problems ?? [];
  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('groups.import.title')}
      </h2>
      <p>{t('groups.import.text')}</p>
      <SpreadsheetInput
        label={t('groups.import.choose')}
        onFile={(file) =>
          importGroups.mutate(file, {
            onSuccess: (result) => {
              if (result.problems.length === 0)
                showToast(t('groups.import.done', { created: result.created, unchanged: result.unchanged }));
            },
          })
        }
      />
      {importGroups.isPending ? <p role="status">{t('transfer.import.file.checking')}</p> : null}
      <ErrorText alert>{importGroups.error ? uploadErrorText(t, importGroups.error) : undefined}</ErrorText>
      {problems.length > 0 ? (
        <>
          <ErrorText alert>{t('groups.import.problems')}</ErrorText>
          <ul className="group-import__problems">
            {problems.map((problem) => (
              <li key={`${problem.row}:${problem.code}`}>
                {t('groups.import.problem', { row: problem.row, message: problem.message })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
