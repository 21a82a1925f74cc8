import { AUDIT_EVENTS, JOBS_PAGE_SIZE, LOG_PAGE_SIZE, type MailTest } from '@kanal/contract';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useTenants } from '@/console/api/tenants';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { StatsSection } from '@/console/components/stats-section';
import { ConsolePage } from '@/console/layout/console-page';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import {
  type LogFilters,
  useBackupDownload,
  useInstallation,
  useJobs,
  useLogs,
  useMailTest,
  useRetryJob,
} from '../api/system';
import { LogSentence } from './log-sentence';
import './system.css';

/** The operator's page (SUPERADMIN): the installation and its backup, the mail test, the background queue, and the audit log. */
export function SystemScreen() {
  const { t } = useTranslation('admin');
  return (
    <ConsolePage title={t('system.title')}>
      <InstallationSection />
      <MailTestSection />
      <JobsSection />
      <LogSection />
    </ConsolePage>
  );
}

function InstallationSection() {
  const { t } = useTranslation('admin');
  const installation = useInstallation();
  if (installation.isPending) return <TableSkeleton columns={2} rows={3} />;
  if (installation.isError) {
    return <ErrorView message={errorText(t, installation.error)} onRetry={() => void installation.refetch()} />;
  }
  const { version, database, files } = installation.data;
  return (
    <StatsSection title={t('system.installation.title')}>
      <dl className="system__facts">
        <div>
          <dt>{t('system.installation.version')}</dt>
          <dd>{version}</dd>
        </div>
        <div>
          <dt>{t('system.installation.database')}</dt>
          <dd>{t(`system.installation.databases.${database}`)}</dd>
        </div>
        <div>
          <dt>{t('system.installation.files')}</dt>
          <dd>{t(`system.installation.fileStores.${files}`)}</dd>
        </div>
      </dl>
      <h3 className="system__subheading">{t('system.backup.title')}</h3>
      {database === 'embedded' ? <BackupDownload /> : <p>{t('system.backup.postgres')}</p>}
    </StatsSection>
  );
}

function BackupDownload() {
  const { t } = useTranslation('admin');
  const backup = useBackupDownload();
  return (
    <>
      <p>{t('system.backup.embedded')}</p>
      <div>
        <Button variant="secondary" loading={backup.isPending} onClick={() => backup.mutate()}>
          {t('system.backup.download')}
        </Button>
      </div>
      <ErrorText alert>{backup.error ? errorText(t, backup.error) : null}</ErrorText>
    </>
  );
}

function MailTestSection() {
  const { t } = useTranslation('admin');
  const test = useMailTest();
  return (
    <StatsSection title={t('system.mail.title')}>
      <p>{t('system.mail.intro')}</p>
      <div>
        <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
          {t('system.mail.send')}
        </Button>
      </div>
      {test.data ? <MailTestResult result={test.data} /> : null}
      <ErrorText alert>{test.error ? errorText(t, test.error) : null}</ErrorText>
    </StatsSection>
  );
}

function MailTestResult({ result }: { result: MailTest }) {
  const { t } = useTranslation('admin');
  return (
    <div className={result.ok ? 'system__result' : 'system__result system__result--failed'} role="status">
      <p>{t(result.ok ? 'system.mail.sent' : 'system.mail.failed', { to: result.to, transport: result.transport })}</p>
      <p>
        {t('system.mail.response')} <code>{result.response}</code>
      </p>
    </div>
  );
}

/** What a queue does, in words; a queue this screen does not know shows its name. */
function useQueueName() {
  const { t, i18n } = useTranslation('admin');
  return (queue: string) => {
    const key = `system.jobs.queues.${queue.replace('.', '_')}`;
    return i18n.exists(key, { ns: 'admin' }) ? t(key) : queue;
  };
}

function JobsSection() {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const page = pageParam(params, 'jobsPage');
  const jobs = useJobs(page);
  const retry = useRetryJob();
  const queueName = useQueueName();
  if (jobs.isPending) return <TableSkeleton columns={4} rows={3} />;
  if (jobs.isError) return <ErrorView message={errorText(t, jobs.error)} onRetry={() => void jobs.refetch()} />;
  const { queues, failed, deliveries } = jobs.data;
  return (
    <StatsSection title={t('system.jobs.title')}>
      <p>{t('system.jobs.deliveries', deliveries)}</p>
      {queues.length === 0 ? (
        <p className="data-table__muted">{t('system.jobs.idle')}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('system.jobs.queuesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('system.jobs.columns.queue')}</th>
              <th scope="col">{t('system.jobs.columns.waiting')}</th>
              <th scope="col">{t('system.jobs.columns.failed')}</th>
              <th scope="col">{t('system.jobs.columns.next')}</th>
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr key={q.queue}>
                <td>{queueName(q.queue)}</td>
                <td data-label={t('system.jobs.columns.waiting')}>{q.waiting}</td>
                <td data-label={t('system.jobs.columns.failed')}>{q.failed}</td>
                <td data-label={t('system.jobs.columns.next')}>{q.nextRunAt ? formatDateTime(q.nextRunAt) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 className="system__subheading">{t('system.jobs.failedTitle')}</h3>
      {failed.items.length === 0 ? (
        <p className="data-table__muted">{t('system.jobs.noneFailed')}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('system.jobs.failedTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('system.jobs.columns.queue')}</th>
              <th scope="col">{t('system.jobs.columns.error')}</th>
              <th scope="col">{t('system.jobs.columns.attempts')}</th>
              <th scope="col">{t('system.jobs.columns.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('system.jobs.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {failed.items.map((job) => (
              <tr key={job.id}>
                <td>{queueName(job.queue)}</td>
                <td data-label={t('system.jobs.columns.error')}>
                  <code className="system__error">{job.lastError}</code>
                </td>
                <td data-label={t('system.jobs.columns.attempts')}>{job.attempts}</td>
                <td data-label={t('system.jobs.columns.created')}>{formatDateTime(job.createdAt)}</td>
                <td>
                  <Button
                    variant="secondary"
                    loading={retry.isPending && retry.variables === job.id}
                    onClick={() => retry.mutate(job.id)}
                    aria-label={t('system.jobs.retryOne', { queue: queueName(job.queue), id: job.id })}
                  >
                    {t('system.jobs.retry')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorText alert>{retry.error ? errorText(t, retry.error) : null}</ErrorText>
      <TableFooter
        count={failed.count}
        page={page}
        pageSize={JOBS_PAGE_SIZE}
        // The log's page stays where it is while the failed jobs are paged.
        onPage={(next, how) => update({ jobsPage: next, page: pageParam(params) }, how)}
      />
    </StatsSection>
  );
}

function LogSection() {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const page = pageParam(params);
  const filters: LogFilters = {
    tenant: params.get('tenant') ?? '',
    event: params.get('event') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  // A period that ends before it starts is the first day's mistake, said beside it; nothing is asked.
  const backwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const logs = useLogs(filters, page, !backwards);
  const tenants = useTenants({ page: 0, limit: 100, q: '' });
  const items = logs.data?.items ?? [];
  // The server's refusal of a filter (GET /logs names it) is shown beside that filter too.
  const refused = logs.error instanceof ApiError && logs.error.status === 400 ? logs.error : null;
  const fieldError = (name: string) =>
    name === 'from' && backwards
      ? t('validation.dateOrder')
      : refused?.field === name
        ? (refused.reason ?? refused.message)
        : undefined;
  return (
    <StatsSection title={t('system.log.title')}>
      <div className="system__filters">
        <SelectField
          label={t('system.log.tenant')}
          value={filters.tenant}
          onChange={(event) => update({ tenant: event.currentTarget.value })}
        >
          <option value="">{t('system.log.anyTenant')}</option>
          {(tenants.data?.items ?? []).map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('system.log.event')}
          value={filters.event}
          error={fieldError('event')}
          onChange={(event) => update({ event: event.currentTarget.value })}
        >
          <option value="">{t('system.log.anyEvent')}</option>
          {AUDIT_EVENTS.map((event) => (
            <option key={event} value={event}>
              {t(`system.log.eventNames.${event}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          type="date"
          label={t('system.log.from')}
          value={filters.from}
          error={fieldError('from')}
          onChange={(event) => update({ from: event.currentTarget.value })}
        />
        <TextField
          type="date"
          label={t('system.log.to')}
          value={filters.to}
          error={fieldError('to')}
          onChange={(event) => update({ to: event.currentTarget.value })}
        />
      </div>
      {backwards || refused ? null : logs.isPending ? (
        <TableSkeleton columns={4} />
      ) : logs.isError ? (
        <ErrorView message={errorText(t, logs.error)} onRetry={() => void logs.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('system.log.empty')} />
      ) : (
        <table className="data-table" aria-busy={logs.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('system.log.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('system.log.columns.at')}</th>
              <th scope="col">{t('system.log.columns.what')}</th>
              <th scope="col">{t('system.log.columns.tenant')}</th>
              <th scope="col">{t('system.log.columns.ip')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td data-label={t('system.log.columns.what')}>
                  <LogSentence entry={entry} />
                </td>
                <td data-label={t('system.log.columns.tenant')}>{entry.tenant?.name ?? '–'}</td>
                <td data-label={t('system.log.columns.ip')}>{entry.ip ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {logs.data && !backwards && !refused ? (
        <TableFooter
          count={logs.data.count}
          page={page}
          pageSize={LOG_PAGE_SIZE}
          onPage={(next, how) => update({ page: next }, how)}
        />
      ) : null}
    </StatsSection>
  );
}
