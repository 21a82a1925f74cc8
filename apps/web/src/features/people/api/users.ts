import {
  api,
  type CreateUserBody,
  joinCsvTexts,
  type PasswordResetBody,
  type Role,
  type UpdateUserBody,
  USER_PAGE_SIZE,
  type UserBulkBody,
  type UserSort,
  type UserStatus,
} from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The people table's state, as the URL keeps it. */
export type UserListParams = {
  q: string;
  roles: Role[];
  statuses: UserStatus[];
  group: number | null;
  /** Exact values of the attributes (GET /user/attributes offers them); none for any. */
  departments?: string[];
  locations?: string[];
  jobTitles?: string[];
  /** The people this person manages. */
  manager?: number | null;
  /** Leaves out this group's members (the people one may add to it). */
  notInGroup?: number;
  sort: UserSort;
  page: number;
};

export function useUsers(params: UserListParams) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.users(scope.tenantId, params),
    queryFn: ({ signal }) =>
      call(api.listUsers, {
        query: {
          ...inScope(scope),
          q: params.q,
          role: params.roles,
          status: params.statuses,
          group: params.group,
          department: joinCsvTexts(params.departments ?? []),
          location: joinCsvTexts(params.locations ?? []),
          jobTitle: joinCsvTexts(params.jobTitles ?? []),
          manager: params.manager,
          notInGroup: params.notInGroup,
          sort: params.sort,
          limit: USER_PAGE_SIZE,
          offset: params.page * USER_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.user(scope.tenantId, id ?? 0),
    queryFn: ({ signal }) => call(api.getUser, { params: { id: String(id) }, query: inScope(scope), signal }),
    enabled: id !== null,
  });
}

/** How many people search shows when choosing a manager: enough to pick from, few enough to scan. */
export const MANAGER_SEARCH_LIMIT = 10;

/** People of the organisation by name, e-mail or username, for the manager picker; nothing for an empty search. */
export function useManagerSearch(q: string) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.users(scope.tenantId, { managerSearch: q }),
    queryFn: ({ signal }) =>
      call(api.listUsers, { query: { ...inScope(scope), q, sort: 'name', limit: MANAGER_SEARCH_LIMIT }, signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

/** How many people this person manages (the list's count, without its rows). */
export function useReportsCount(id: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.users(scope.tenantId, { reportsOf: id }),
    queryFn: async ({ signal }) =>
      (await call(api.listUsers, { query: { ...inScope(scope), manager: id, limit: 1 }, signal })).count,
  });
}

export function useActivity(id: number, page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.activity(scope.tenantId, id, page),
    queryFn: ({ signal }) =>
      call(api.userActivity, {
        params: { id: String(id) },
        query: { ...inScope(scope), limit: USER_PAGE_SIZE, offset: page * USER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const scope = useConsole();
  return useConsoleMutation((body: CreateUserBody) => call(api.createUser, { query: inScope(scope), body }));
}

export function useUpdateUser() {
  const scope = useConsole();
  return useConsoleMutation(({ id, ...body }: UpdateUserBody & { id: number }) =>
    call(api.updateUser, { params: { id: String(id) }, query: inScope(scope), body }),
  );
}

/** Deletes one person or several at once (all or none). */
export function useDeleteUsers() {
  const scope = useConsole();
  return useConsoleMutation((ids: number[]) => call(api.deleteUsers, { query: inScope(scope), body: { ids } }));
}

/** A reset link (or, with `lock`, a lock) for each chosen person with an e-mail; the username-only ones get new codes. */
export function useResetPasswords() {
  const scope = useConsole();
  return useConsoleMutation((body: PasswordResetBody) => call(api.resetPasswords, { query: inScope(scope), body }));
}

/** Reactivates, welcomes again or takes out of a group everyone the list's filters match ("select all N"). */
export function useBulkUsers() {
  const scope = useConsole();
  return useConsoleMutation((body: UserBulkBody) => call(api.bulkUsers, { query: inScope(scope), body }));
}

/** The list's filters as POST /user/bulk takes them: the same people GET /user pages through. */
export const bulkFilterOf = (params: UserListParams): UserBulkBody['filter'] => ({
  q: params.q || undefined,
  role: params.roles,
  status: params.statuses,
  group: params.group ?? undefined,
  department: params.departments ?? [],
  location: params.locations ?? [],
  jobTitle: params.jobTitles ?? [],
  manager: params.manager ?? undefined,
});

export function useResendWelcome() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    call(api.resendWelcome, { params: { id: String(id) }, query: inScope(scope) }),
  );
}

/**
 * Deactivates several people. The API has no call for many at once, so each is its own change: the
 * answer says how many went through and why the first refused one did not.
 */
export function useDeactivateUsers() {
  const scope = useConsole();
  return useConsoleMutation(async (ids: number[]) => {
    const results = await Promise.allSettled(
      ids.map((id) =>
        call(api.updateUser, { params: { id: String(id) }, query: inScope(scope), body: { active: false } }),
      ),
    );
    const refused = results.find((result) => result.status === 'rejected');
    return {
      done: results.filter((result) => result.status === 'fulfilled').length,
      refusal: refused?.status === 'rejected' ? (refused.reason as unknown) : undefined,
    };
  });
}
