import { api, JOBS_PAGE_SIZE, LOG_PAGE_SIZE } from '@kanal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { call } from '@/lib/api-client';
import { pathOf } from '@/lib/api-path';
import { download } from '@/lib/browser/download';
import { queryKeys } from '@/lib/query-keys';

/** What the installation runs on: it changes only with a restart, so it is read once. */
export const useInstallation = () =>
  useQuery({
    queryKey: queryKeys.admin.installation(),
    queryFn: ({ signal }) => call(api.installation, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A backup of the embedded database, downloaded under the name the server gives it. */
export const useBackupDownload = () =>
  useMutation({ mutationFn: () => download(pathOf(api.backup), 'kanal-backup.tar.gz') });

/** A test message to the operator through the configured transport: what the transport said. */
export const useMailTest = () => useMutation({ mutationFn: () => call(api.mailTest) });

/** The background queue, refreshed while the page is open: jobs come and go by themselves. */
export const useJobs = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin.jobs(page),
    queryFn: ({ signal }) =>
      call(api.listJobs, { query: { limit: JOBS_PAGE_SIZE, offset: page * JOBS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useRetryJob = () => useConsoleMutation((id: number) => call(api.retryJob, { params: { id: String(id) } }));

export type LogFilters = { tenant: string; event: string; from: string; to: string };

/** A day picked as YYYY-MM-DD, as the instant it starts (or, `end`, ends) on this device's clock. */
const dayBound = (day: string, end: boolean) => new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();

export const useLogs = (filters: LogFilters, page: number, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: queryKeys.admin.logs({ ...filters, page }),
    queryFn: ({ signal }) =>
      call(api.auditLog, {
        query: {
          limit: LOG_PAGE_SIZE,
          offset: page * LOG_PAGE_SIZE,
          tenant: filters.tenant,
          event: filters.event,
          from: filters.from && dayBound(filters.from, false),
          to: filters.to && dayBound(filters.to, true),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
