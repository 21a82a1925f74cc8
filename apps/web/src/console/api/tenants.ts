import {
  type AdminTenant,
  type AdminTenantList,
  api,
  type CreatedTenant,
  type CreateTenantBody,
  type DeleteTenantBody,
  type UpdateTenantBody,
} from '@kanal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useConsoleMutation } from './use-console-mutation';

export type TenantListParams = { q: string; page: number; limit: number };

export const tenantsQueryOptions = ({ q, page, limit }: TenantListParams) =>
  queryOptions({
    queryKey: queryKeys.admin.tenants({ q, page, limit }),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(limit), offset: String(page * limit) });
      if (q) query.set('q', q);
      return apiRequest<AdminTenantList>(`/tenant?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** Organisations, a page at a time (SUPERADMIN). */
export const useTenants = (params: TenantListParams, enabled = true) =>
  useQuery({ ...tenantsQueryOptions(params), enabled });

export const useTenant = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.admin.tenant(id),
    queryFn: ({ signal }) => apiRequest<AdminTenant>(`/tenant/${id}`, { signal }),
    enabled,
  });

export const useCreateTenant = () =>
  useConsoleMutation((body: CreateTenantBody) => apiRequest<CreatedTenant>('/tenant', { method: 'POST', body }));

export const useUpdateTenant = (id: number) =>
  useConsoleMutation((body: UpdateTenantBody) => apiRequest<AdminTenant>(`/tenant/${id}`, { method: 'PATCH', body }));

/** Activates or deactivates an organisation (its people's sessions end at their next request). */
export const useSetTenantActive = (id: number) =>
  useConsoleMutation((active: boolean) =>
    apiRequest<AdminTenant>(`/tenant/${id}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' }),
  );

export const useDeleteTenant = (id: number) =>
  useConsoleMutation((body: DeleteTenantBody) => apiRequest<unknown>(`/tenant/${id}`, { method: 'DELETE', body }));

/** A logo for an organisation: uploaded into that organisation, so its people can load it. */
export const useUploadTenantLogo = (id: number) =>
  useConsoleMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(api.uploadFile, { query: { tenant: id }, body });
  });
