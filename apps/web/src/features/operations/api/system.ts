import { JOBS_PAGE_SIZE, type JobsState, LOG_PAGE_SIZE, type LogList, type MailTest } from '@kanal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A test message to the operator through the configured transport: what the transport said. */
export const useMailTest = () => useMutation({ mutationFn: () => apiRequest<MailTest>('/email/test') });

/** The background queue, refreshed while the page is open: jobs come and go by themselves. */
export const useJobs = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin.jobs(page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(JOBS_PAGE_SIZE), offset: String(page * JOBS_PAGE_SIZE) });
      return apiRequest<JobsState>(`/system/jobs?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useRetryJob = () =>
  useConsoleMutation((id: number) => apiRequest<{ done: true }>(`/system/jobs/${id}/retry`, { method: 'POST' }));

export type LogFilters = { tenant: string; event: string; from: string; to: string };

/** A day picked as YYYY-MM-DD, as the instant it starts (or, `end`, ends) on this device's clock. */
const dayBound = (day: string, end: boolean) => new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();

export const useLogs = (filters: LogFilters, page: number, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: queryKeys.admin.logs({ ...filters, page }),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(LOG_PAGE_SIZE), offset: String(page * LOG_PAGE_SIZE) });
      if (filters.tenant) query.set('tenant', filters.tenant);
      if (filters.event) query.set('event', filters.event);
      if (filters.from) query.set('from', dayBound(filters.from, false));
      if (filters.to) query.set('to', dayBound(filters.to, true));
      return apiRequest<LogList>(`/logs?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
