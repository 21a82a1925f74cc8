import type {
  AdminGroup,
  AdminGroupList,
  AdminUserList,
  CreateGroupBody,
  Group,
  GroupImportResult,
  GroupListQuery,
  GroupMembersQuery,
  UpdateGroupBody,
} from '@kanal/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { GroupsRepository } from './groups.repository.js';
import type { Actor, Alongside, PeopleService } from './people.service.js';
import { parseGroupImport, problem } from './spreadsheets/people-import.js';
import { readSpreadsheet } from './spreadsheets/spreadsheet.js';
import type { UsersRepository } from './users.repository.js';

type Repos = { groups: GroupsRepository; inbox: Inbox; db: DbOrTx };
type Deps = {
  groups: GroupsRepository;
  users: Pick<UsersRepository, 'findPeople'>;
  people: Pick<PeopleService, 'list'>;
  /** Runs `fn` in one transaction, with repositories (and the inbox) bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
};

/** A name another group of the tenant has, whatever its case, accents or spacing: a conflict on `name`. */
const nameTaken = () => new AppError('GroupNameTaken', { field: { name: 'name', message: 'errors.GroupNameTaken' } });

const toGroup = (row: { id: number; name: string; memberCount: number; createdAt: Date }): AdminGroup => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A tenant's groups (spec point 7, "Group"): content is aimed at them, so joining or leaving one brings
 * the person's inbox along in the same transaction.
 */
export const createGroupsService = ({ groups, users, people, transaction }: Deps) => {
  async function group(tenantId: number, groupId: number): Promise<AdminGroup> {
    const found = await groups.find(tenantId, groupId);
    if (!found) throw notFound();
    return toGroup(found);
  }

  /** Members named must be people of the tenant: another tenant's id answers 404, as in a path. */
  async function assertPeople(tenantId: number, userIds: number[]) {
    const unique = [...new Set(userIds)];
    if ((await users.findPeople(tenantId, unique)).length !== unique.length) throw notFound();
  }

  return {
    async list(actor: Actor, query: GroupListQuery): Promise<AdminGroupList> {
      const { count, rows } = await groups.list(actor.tenantId, query);
      return { count, items: rows.map(toGroup) };
    },

    all: (actor: Actor): Promise<Group[]> => groups.all(actor.tenantId),

    get: (actor: Actor, groupId: number) => group(actor.tenantId, groupId),

    /** GET /group/{id}/users: the members, searchable, by name. */
    async members(actor: Actor, groupId: number, query: GroupMembersQuery): Promise<AdminUserList> {
      await group(actor.tenantId, groupId);
      return people.list(actor, { ...query, group: groupId, role: [], status: [], sort: 'name' });
    },

    async create(
      actor: Actor,
      { name, userIds }: CreateGroupBody,
      { alongside }: { alongside?: Alongside } = {},
    ): Promise<AdminGroup> {
      const { tenantId } = actor;
      await assertPeople(tenantId, userIds);
      const groupId = await transaction(async (tx) => {
        const created = await tx.groups.insert(tenantId, name);
        if (created === 'taken') throw nameTaken();
        await tx.groups.addMembers(tenantId, created, userIds);
        await tx.inbox.syncUsers(tenantId, userIds);
        await alongside?.(tx.db, created);
        return created;
      });
      return group(tenantId, groupId);
    },

    /** A new name, and members added and removed (someone in both lists ends up out). */
    async update(
      actor: Actor,
      groupId: number,
      { name, addUserIds, removeUserIds }: UpdateGroupBody,
      { alongside }: { alongside?: Alongside } = {},
    ) {
      const { tenantId } = actor;
      await group(tenantId, groupId);
      await assertPeople(tenantId, [...addUserIds, ...removeUserIds]);
      await transaction(async (tx) => {
        if (name !== undefined && (await tx.groups.rename(tenantId, groupId, name)) === 'taken') throw nameTaken();
        await tx.groups.addMembers(tenantId, groupId, addUserIds);
        await tx.groups.removeMembers(tenantId, groupId, removeUserIds);
        await tx.inbox.syncUsers(tenantId, [...new Set([...addUserIds, ...removeUserIds])]);
        await alongside?.(tx.db, groupId);
      });
      return group(tenantId, groupId);
    },

    /**
     * POST /group/import: a column of group names; those the tenant lacks are created, in one
     * transaction, and only if no row has a problem (then nothing is, and the problems say why). Names
     * are compared by the database's folded key, as its unique index compares them.
     */
    async import(actor: Actor, bytes: Buffer): Promise<GroupImportResult> {
      const { tenantId, lang } = actor;
      const { names, problems } = parseGroupImport(await readSpreadsheet(bytes), lang);
      const named = await groups.named(
        tenantId,
        names.map(({ name }) => name),
      );
      const firstRowOf = new Map<string, number>();
      const fresh: string[] = [];
      for (const { row, name } of names) {
        const match = named.get(name);
        const key = match?.key ?? name;
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          problems.push(problem(lang, row, 'name', 'duplicateInFile', { row: first }));
          continue;
        }
        firstRowOf.set(key, row);
        if (!match?.group) fresh.push(name);
      }
      if (problems.length > 0) return { created: 0, unchanged: 0, problems: problems.sort((a, b) => a.row - b.row) };
      await transaction(async (tx) => {
        for (const name of fresh) {
          if ((await tx.groups.insert(tenantId, name)) === 'taken') throw nameTaken();
        }
      });
      return { created: fresh.length, unchanged: names.length - fresh.length, problems: [] };
    },

    /** Its members lose the untouched items that only the group brought them. */
    async delete(actor: Actor, groupId: number): Promise<{ done: true }> {
      const { tenantId } = actor;
      await group(tenantId, groupId);
      await transaction(async (tx) => {
        const members = await tx.groups.delete(tenantId, groupId);
        await tx.inbox.syncUsers(tenantId, members);
      });
      return { done: true };
    },
  };
};
export type GroupsService = ReturnType<typeof createGroupsService>;
