import { api, type CreateGroupBody, GROUP_PAGE_SIZE, type UpdateGroupBody, USER_PAGE_SIZE } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { spreadsheetBody } from '@/console/api/transfer';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type GroupListParams = { q: string; page: number };

export function useGroups(params: GroupListParams) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.groups(scope.tenantId, params),
    queryFn: ({ signal }) =>
      call(api.listGroups, {
        query: { ...inScope(scope), q: params.q, limit: GROUP_PAGE_SIZE, offset: params.page * GROUP_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGroup(id: number | null) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.group(scope.tenantId, id ?? 0),
    queryFn: ({ signal }) => call(api.getGroup, { params: { id: String(id) }, query: inScope(scope), signal }),
    enabled: id !== null,
  });
}

export function useGroupMembers(id: number, params: { q: string; page: number }) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.members(scope.tenantId, id, params),
    queryFn: ({ signal }) =>
      call(api.listGroupMembers, {
        params: { id: String(id) },
        query: { ...inScope(scope), q: params.q, limit: USER_PAGE_SIZE, offset: params.page * USER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateGroup() {
  const scope = useConsole();
  return useConsoleMutation((body: CreateGroupBody) => call(api.createGroup, { query: inScope(scope), body }));
}

/** Renames a group and adds or removes members, in one call. */
export function useUpdateGroup(id: number) {
  const scope = useConsole();
  return useConsoleMutation((body: Partial<UpdateGroupBody>) =>
    call(api.updateGroup, { params: { id: String(id) }, query: inScope(scope), body }),
  );
}

export function useDeleteGroup() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    call(api.deleteGroup, { params: { id: String(id) }, query: inScope(scope) }),
  );
}

/** A spreadsheet with a column of group names: the new ones are created. */
export function useImportGroups() {
  const scope = useConsole();
  return useConsoleMutation(async (file: File) =>
    call(api.importGroups, { query: inScope(scope), body: spreadsheetBody(file) }),
  );
}
