import { type ActivityItem, type AdminUser, api, USER_PAGE_SIZE } from '@kanal/contract';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { ConsolePage } from '@/console/layout/console-page';
import { inScope, useConsole } from '@/console/lib/console-context';
import { isMissing, useRouteId } from '@/console/lib/route-id';
import { pathOf } from '@/lib/api-path';
import { download } from '@/lib/browser/download';
import { errorText } from '@/lib/errors';
import { formatDate, formatDateTime, formatDay } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import {
  useActivity,
  useDeleteUsers,
  useReportsCount,
  useResendWelcome,
  useUpdateUser,
  useUser,
} from '../../api/users';
import { type ActivationCode, ActivationCodesDialog } from './activation-codes';
import { PasswordResetDialog } from './password-reset-dialog';
import { UserForm } from './user-form';
import { UserStatusBadge } from './user-status-badge';
import './user-screen.css';

/** One person: their details to edit, what can be done to their account, and what they did. */
export function UserScreen() {
  const { t } = useTranslation('admin');
  const id = useRouteId();
  const user = useUser(id);
  const crumbs = [{ label: t('users.title'), to: '/admin/users' }];
  const missing = isMissing(id, user.error);

  if (user.isError || missing) {
    return (
      <ConsolePage
        title={missing ? t('errors.NotFound', { ns: 'common' }) : t('users.detail.loadFailed')}
        crumbs={crumbs}
      >
        {missing ? (
          <Link to="/admin/users" className="link">
            {t('users.title')}
          </Link>
        ) : (
          <ErrorView message={errorText(t, user.error)} onRetry={() => void user.refetch()} />
        )}
      </ConsolePage>
    );
  }
  if (user.isPending) {
    return (
      <ConsolePage title={t('loading', { ns: 'common' })} crumbs={crumbs}>
        <TableSkeleton columns={2} rows={6} />
      </ConsolePage>
    );
  }
  return <UserDetail user={user.data} />;
}

function UserDetail({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const { me, canEdit } = useConsole();
  const update = useUpdateUser();
  const own = user.id === me.id;
  return (
    <ConsolePage
      title={user.name}
      crumbs={[{ label: t('users.title'), to: '/admin/users' }]}
      actions={<UserStatusBadge status={user.status} />}
    >
      <p className="user-screen__meta">
        {[user.email, user.username, t('users.detail.created', { date: formatDate(user.createdAt) })]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <UserWork user={user} />
      {own ? <p className="note">{t('users.detail.ownAccount')}</p> : null}
      {canEdit ? null : <p className="note">{t('users.detail.readOnly')}</p>}
      <div className="user-screen__columns">
        <section className="console-panel" aria-labelledby="user-details">
          <h2 id="user-details" className="console-panel__title">
            {t('users.form.details')}
          </h2>
          <UserForm
            key={user.id}
            user={user}
            submitLabel={t('users.form.save')}
            pending={update.isPending}
            onSubmit={async (body) => {
              await update.mutateAsync({ id: user.id, ...body });
              showToast(t('users.done.saved'));
            }}
          />
        </section>
        <UserActions user={user} own={own} />
      </div>
      <UserActivity id={user.id} />
    </ConsolePage>
  );
}

/**
 * Where the person stands in the organisation, at a glance: job title, department, location, start date
 * (DD.MM.YYYY.), employee number, their manager (a link to them) and the people who report to them (a
 * link to the list of them). What is not set is left out.
 */
function UserWork({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const reports = useReportsCount(user.id);
  const facts: [string, ReactNode][] = [
    ['jobTitle', user.jobTitle],
    ['department', user.department],
    ['location', user.location],
    ['startDate', user.startDate ? formatDay(user.startDate) : null],
    ['employeeNumber', user.employeeNumber],
    [
      'manager',
      user.manager ? (
        <Link key="manager" to={`/admin/users/${user.manager.id}`} className="link">
          {user.manager.name}
        </Link>
      ) : null,
    ],
  ];
  const shown = facts.filter(([, value]) => value !== null);
  const reportCount = reports.data ?? 0;
  return (
    <section className="user-screen__work" aria-labelledby="user-work">
      <h2 id="user-work" className="visually-hidden">
        {t('users.detail.work')}
      </h2>
      {shown.length === 0 ? (
        <p className="user-screen__muted">{t('users.detail.noWork')}</p>
      ) : (
        <dl className="user-screen__facts">
          {shown.map(([key, value]) => (
            <div key={key} className="user-screen__fact">
              <dt>{t(`users.detail.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {reportCount > 0 ? (
        <Link to={`/admin/users?manager=${user.id}`} className="link">
          {t('users.detail.reports', { count: reportCount })}
        </Link>
      ) : null}
    </section>
  );
}

type Confirming = 'deactivate' | 'link' | 'lock' | 'delete' | null;

function UserActions({ user, own }: { user: AdminUser; own: boolean }) {
  const { t } = useTranslation('admin');
  const scope = useConsole();
  const navigate = useNavigate();
  const update = useUpdateUser();
  const resend = useResendWelcome();
  const remove = useDeleteUsers();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [codes, setCodes] = useState<ActivationCode[]>([]);
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const fail = (error: unknown) => setFailure(errorText(t, error));

  const exportData = async () => {
    setFailure(undefined);
    setExporting(true);
    try {
      await download(pathOf(api.exportUser, { id: user.id }, inScope(scope)), `kanal-${user.id}.xlsx`);
    } catch (error) {
      fail(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="console-panel user-screen__actions" aria-labelledby="user-actions">
      <h2 id="user-actions" className="console-panel__title">
        {t('users.detail.actions')}
      </h2>
      {scope.canEdit && !own ? (
        user.status === 'deactivated' ? (
          <Button
            variant="secondary"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: user.id, active: true },
                { onSuccess: () => showToast(t('users.done.activated')), onError: fail },
              )
            }
          >
            {t('users.detail.activate')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming('deactivate')}>
            {t('users.detail.deactivate')}
          </Button>
        )
      ) : null}
      {scope.canEdit && user.status === 'invited' && user.email ? (
        <Button
          variant="secondary"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(user.id, { onSuccess: () => showToast(t('users.done.welcomeSent')), onError: fail })
          }
        >
          {t('users.detail.resendWelcome')}
        </Button>
      ) : null}
      {scope.canEdit && !own ? (
        <>
          <Button variant="secondary" onClick={() => setConfirming('link')}>
            {t('users.reset.linkAction')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming('lock')}>
            {t('users.reset.lockAction')}
          </Button>
        </>
      ) : null}
      <Button variant="secondary" loading={exporting} onClick={() => void exportData()}>
        {t('users.detail.export')}
      </Button>
      {scope.canEdit && !own ? (
        <Button variant="secondary" className="bulk-bar__delete" onClick={() => setConfirming('delete')}>
          {t('users.detail.delete')}
        </Button>
      ) : null}
      <ErrorText alert>{failure}</ErrorText>

      {confirming === 'deactivate' ? (
        <ConfirmDialog
          title={t('users.detail.deactivateTitle', { name: user.name })}
          confirmLabel={t('users.detail.deactivate')}
          danger
          pending={update.isPending}
          error={update.error ? errorText(t, update.error) : undefined}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            update.mutate(
              { id: user.id, active: false },
              {
                onSuccess: () => {
                  setConfirming(null);
                  showToast(t('users.done.deactivatedOne'));
                },
              },
            )
          }
        >
          <p>{t('users.confirm.deactivateText', { count: 1 })}</p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'link' || confirming === 'lock' ? (
        <PasswordResetDialog
          ids={[user.id]}
          mode={confirming}
          title={t(`users.reset.${confirming}TitleNamed`, { name: user.name })}
          onCancel={() => setConfirming(null)}
          onDone={(result, message) => {
            setConfirming(null);
            if (confirming === 'lock' || result.mailed > 0) showToast(message);
            setCodes(result.codes);
          }}
        />
      ) : null}
      {confirming === 'delete' ? (
        <ConfirmDialog
          title={t('users.detail.deleteTitle', { name: user.name })}
          confirmLabel={t('users.detail.delete')}
          danger
          pending={remove.isPending}
          error={remove.error ? errorText(t, remove.error) : undefined}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            remove.mutate([user.id], {
              onSuccess: () => {
                showToast(t('users.done.deletedOne'));
                navigate('/admin/users', { replace: true });
              },
            })
          }
        >
          <p>{t('users.confirm.deleteText', { count: 1 })}</p>
        </ConfirmDialog>
      ) : null}
      {codes.length > 0 ? <ActivationCodesDialog codes={codes} onClose={() => setCodes([])} /> : null}
    </section>
  );
}

function UserActivity({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(0);
  const activity = useActivity(id, page);
  return (
    <section className="console-panel" aria-labelledby="user-activity">
      <h2 id="user-activity" className="console-panel__title">
        {t('users.activity.title')}
      </h2>
      {activity.isPending ? (
        <TableSkeleton columns={2} rows={3} />
      ) : activity.isError ? (
        <ErrorView message={t('users.activity.loadFailed')} onRetry={() => void activity.refetch()} />
      ) : activity.data.items.length === 0 ? (
        <EmptyState title={t('users.activity.empty')} />
      ) : (
        <ol className="timeline" aria-busy={activity.isPlaceholderData || undefined}>
          {activity.data.items.map((item) => (
            <ActivityEntry key={`${item.kind}-${item.at}-${item.content.id}`} item={item} />
          ))}
        </ol>
      )}
      {activity.data ? (
        <TableFooter count={activity.data.count} page={page} pageSize={USER_PAGE_SIZE} onPage={setPage} />
      ) : null}
    </section>
  );
}

function ActivityEntry({ item }: { item: ActivityItem }) {
  const { t } = useTranslation('admin');
  const mark = item.finalMark === null ? null : Math.round(item.finalMark * 100);
  const verdict =
    mark === null
      ? null
      : item.passed === null
        ? t('users.activity.mark', { mark })
        : t(item.passed ? 'users.activity.passed' : 'users.activity.failed', { mark });
  return (
    <li className={`timeline__entry timeline__entry--${item.kind}`}>
      <time className="timeline__time" dateTime={item.at}>
        {formatDateTime(item.at)}
      </time>
      <p className="timeline__what">
        {t(`users.activity.${item.kind}`, { name: item.content.name })}
        <span className="timeline__type"> · {t(`contentType.${item.content.type}`, { ns: 'common' })}</span>
      </p>
      {verdict ? <p className={item.passed === false ? 'timeline__failed' : 'timeline__verdict'}>{verdict}</p> : null}
      {item.text ? <blockquote className="timeline__comment">{item.text}</blockquote> : null}
    </li>
  );
}
