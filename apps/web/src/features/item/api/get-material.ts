import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

export const getMaterial = (id: number, signal?: AbortSignal) =>
  call(api.getItemMaterial, { params: { id: String(id) }, signal });

export const materialQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.material(id),
    queryFn: ({ signal }) => getMaterial(id, signal),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });

export const useMaterial = (id: number) => useQuery(materialQueryOptions(id, useSession() !== null));
