import { api, type CreateTenantBody, type DeleteTenantBody, type UpdateTenantBody } from '@kanal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useConsoleMutation } from './use-console-mutation';

export type TenantListParams = { q: string; page: number; limit: number };

export const tenantsQueryOptions = ({ q, page, limit }: TenantListParams) =>
  queryOptions({
    queryKey: queryKeys.admin.tenants({ q, page, limit }),
    queryFn: ({ signal }) => call(api.listTenants, { query: { limit, offset: page * limit, q }, signal }),
    placeholderData: keepPreviousData,
  });

/** Organisations, a page at a time (SUPERADMIN). */
export const useTenants = (params: TenantListParams, enabled = true) =>
  useQuery({ ...tenantsQueryOptions(params), enabled });

export const useTenant = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.admin.tenant(id),
    queryFn: ({ signal }) => call(api.getTenant, { params: { id: String(id) }, signal }),
    enabled,
  });

export const useCreateTenant = () => useConsoleMutation((body: CreateTenantBody) => call(api.createTenant, { body }));

export const useUpdateTenant = (id: number) =>
  useConsoleMutation((body: UpdateTenantBody) => call(api.updateTenant, { params: { id: String(id) }, body }));

/** Activates or deactivates an organisation (its people's sessions end at their next request). */
export const useSetTenantActive = (id: number) =>
  useConsoleMutation((active: boolean) =>
    call(active ? api.activateTenant : api.deactivateTenant, { params: { id: String(id) } }),
  );

export const useDeleteTenant = (id: number) =>
  useConsoleMutation((body: DeleteTenantBody) => call(api.deleteTenant, { params: { id: String(id) }, body }));

/** A logo for an organisation: uploaded into that organisation, so its people can load it. */
export const useUploadTenantLogo = (id: number) =>
  useConsoleMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(api.uploadFile, { query: { tenant: id }, body });
  });
