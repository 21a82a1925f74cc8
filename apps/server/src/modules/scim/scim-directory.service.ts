import { type AdminUser, DEFAULT_LANGUAGE, type PersonAttributeChanges } from '@kanal/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { GroupsService } from '../users/groups.service.js';
import type { Actor, PeopleService } from '../users/people.service.js';
import type { DirectoryRepository } from './scim-directory.repository.js';
import { conditionsOf, GROUP_FILTERS, USER_FILTERS } from './scim-filter.js';
import { applyPatch, type PatchOperation, parsePath, patchOperations } from './scim-patch.js';
import {
  attributeOf,
  invalidPath,
  invalidValue,
  listResponse,
  pageOf,
  resourceNotFound,
  ScimError,
  textOf,
} from './scim-protocol.js';
import {
  type DirectoryPerson,
  directoryPerson,
  groupResource,
  memberIds,
  USER_EXTENSIONS,
  userResource,
} from './scim-resources.js';

type Deps = {
  repo: DirectoryRepository;
  /** The repository over a transaction: the directory's names are written with the person's change. */
  repoOver: (db: DbOrTx) => DirectoryRepository;
  people: Pick<PeopleService, 'create' | 'update' | 'delete' | 'many'>;
  groups: Pick<GroupsService, 'create' | 'update' | 'delete'>;
  /** Whether a person of this e-mail signs in through the organisation's own provider (then no welcome mail). */
  signsInThroughProvider: (email: string) => Promise<boolean>;
  clock: Clock;
  publicUrl: string;
};

type Query = Record<string, unknown>;

const userNameTaken = () => new ScimError(409, 'another user has this userName', 'uniqueness');
const groupNotFound = (id: string) => resourceNotFound('Group', id);
const userNotFound = (id: string) => resourceNotFound('User', id);
const idOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

/** Of the asserted attributes, those that differ from the person's. */
function attributeChanges(asserted: PersonAttributeChanges, current: AdminUser): PersonAttributeChanges {
  const now: PersonAttributeChanges = {
    department: current.department,
    location: current.location,
    jobTitle: current.jobTitle,
    employeeNumber: current.employeeNumber,
    managerId: current.manager?.id ?? null,
  };
  return Object.fromEntries(
    Object.entries(asserted).filter(([key, value]) => now[key as keyof PersonAttributeChanges] !== value),
  );
}

/** Whether `excludedAttributes` (a comma-separated list) leaves out `attribute`. */
const excludes = (query: Query, attribute: string) =>
  typeof query.excludedAttributes === 'string' &&
  query.excludedAttributes.split(',').some((name) => name.trim().toLowerCase() === attribute.toLowerCase());

/**
 * The organisation's people and groups as its directory provisions them (SCIM 2.0 Users and Groups).
 * Every change goes through the people and groups services, as the console's do: the same checks, the
 * audit (by the directory: `by: null`), the inbox following a group or an activation change in the same
 * transaction, and deactivation ending the person's sessions at once. The directory acts with an ADMIN's
 * rights over the people it sees (not the platform's SUPERADMINs).
 */
export const createDirectoryService = ({
  repo,
  repoOver,
  people,
  groups,
  signsInThroughProvider,
  clock,
  publicUrl,
}: Deps) => {
  const actorOf = (tenantId: number): Actor => ({ tenantId, userId: null, role: 'ADMIN', lang: DEFAULT_LANGUAGE });
  const location = (kind: 'Users' | 'Groups', id: number) => `${publicUrl}/scim/v2/${kind}/${id}`;

  async function usersAsResources(tenantId: number, ids: number[]) {
    const [found, names] = await Promise.all([people.many(tenantId, ids), repo.userNames(tenantId, ids)]);
    return found.map((person) => userResource(person, names.get(person.id), location('Users', person.id)));
  }

  /** A person the directory sees, by the id in its path; anyone else's (or a SUPERADMIN's) is not found. */
  async function visiblePerson(tenantId: number, id: string): Promise<AdminUser> {
    const userId = idOf(id);
    const [person] =
      userId !== null && (await repo.isVisible(tenantId, userId)) ? await people.many(tenantId, [userId]) : [];
    if (!person) throw userNotFound(id);
    return person;
  }

  async function user(tenantId: number, id: string) {
    const [resource] = await usersAsResources(tenantId, [(await visiblePerson(tenantId, id)).id]);
    if (!resource) throw userNotFound(id);
    return resource;
  }

  /** Writes the directory's names in the person's transaction; a userName another has refuses it all. */
  const nameWith =
    (tenantId: number, names: DirectoryPerson['names']) =>
    async (db: DbOrTx, userId: number): Promise<void> => {
      if ((await repoOver(db).nameUser(tenantId, userId, names, clock.now())) === 'taken') throw userNameTaken();
    };

  /** A person's resource as the directory now gives it, applied as changes to what they have. */
  async function replaceUser(tenantId: number, current: AdminUser, given: DirectoryPerson) {
    if (await repo.userNameTaken(tenantId, given.names.userName, current.id)) throw userNameTaken();
    const changes = {
      ...(given.name !== current.name ? { name: given.name } : {}),
      ...(given.email !== null && given.email !== current.email ? { email: given.email } : {}),
      ...(given.username !== null && given.username !== current.username ? { username: given.username } : {}),
      ...(given.phone !== current.phone ? { phone: given.phone } : {}),
      ...(given.active !== (current.status !== 'deactivated') ? { active: given.active } : {}),
      ...attributeChanges(await attributesOf(tenantId, given), current),
    };
    if (Object.keys(changes).length > 0) {
      await people.update(actorOf(tenantId), current.id, changes, { alongside: nameWith(tenantId, given.names) });
      return;
    }
    // Directories send what they hold again and again: only a change of their names is written then.
    const names = (await repo.userNames(tenantId, [current.id])).get(current.id);
    if (names?.userName !== given.names.userName || (names?.externalId ?? null) !== given.names.externalId) {
      if ((await repo.nameUser(tenantId, current.id, given.names, clock.now())) === 'taken') throw userNameTaken();
    }
  }

  /**
   * The attributes a resource asserts, its manager read as one of the people the directory sees (a
   * manager not yet provisioned is not asserted: the directory names them again once they are).
   */
  async function attributesOf(tenantId: number, given: DirectoryPerson) {
    const { manager, ...rest } = given.attributes;
    const managerId = manager === undefined || manager === null ? manager : idOf(manager);
    const known = typeof managerId === 'number' && (await repo.isVisible(tenantId, managerId));
    return { ...rest, ...(managerId === null || known ? { managerId } : {}) };
  }

  /** A group of the tenant by the id in its path, its members unless the query leaves them out. */
  async function group(tenantId: number, id: string, query: Query = {}) {
    const {
      rows: [row],
    } =
      idOf(id) === null
        ? { rows: [] }
        : await repo.findGroups(tenantId, [{ attribute: 'id', value: id }], { startIndex: 1, count: 1 });
    if (!row) throw groupNotFound(id);
    const [externalIds, members] = await Promise.all([
      repo.groupExternalIds(tenantId, [row.id]),
      excludes(query, 'members') ? null : repo.membersOf(tenantId, [row.id]),
    ]);
    return groupResource(row, externalIds.get(row.id), members ? (members.get(row.id) ?? []) : null, location);
  }

  async function memberIdsOfGroup(tenantId: number, groupId: number): Promise<number[]> {
    return ((await repo.membersOf(tenantId, [groupId])).get(groupId) ?? []).map((member) => member.id);
  }

  return {
    users: {
      async list(tenantId: number, query: Query) {
        const conditions = conditionsOf(textOf(query.filter, 'filter') ?? undefined, USER_FILTERS);
        const page = pageOf(query);
        const { ids, total } = await repo.findUsers(tenantId, conditions, page);
        return listResponse(await usersAsResources(tenantId, ids), total, page.startIndex);
      },

      get: user,

      async create(tenantId: number, body: unknown) {
        const given = directoryPerson(body);
        if (await repo.userNameTaken(tenantId, given.names.userName)) throw userNameTaken();
        const welcome = given.active && given.email !== null && !(await signsInThroughProvider(given.email));
        const { user: created } = await people.create(
          actorOf(tenantId),
          {
            name: given.name,
            email: given.email,
            username: given.username,
            phone: given.phone,
            role: 'USER',
            groupIds: [],
            active: given.active,
            department: null,
            location: null,
            jobTitle: null,
            employeeNumber: null,
            managerId: null,
            startDate: null,
            ...(await attributesOf(tenantId, given)),
          },
          { welcome, alongside: nameWith(tenantId, given.names) },
        );
        return userResource(created, given.names, location('Users', created.id));
      },

      async replace(tenantId: number, id: string, body: unknown) {
        const current = await visiblePerson(tenantId, id);
        await replaceUser(tenantId, current, directoryPerson(body));
        return user(tenantId, id);
      },

      async patch(tenantId: number, id: string, body: unknown) {
        const operations = patchOperations(body);
        const current = await visiblePerson(tenantId, id);
        const [resource] = await usersAsResources(tenantId, [current.id]);
        if (!resource) throw userNotFound(id);
        await replaceUser(tenantId, current, directoryPerson(applyPatch(resource, operations, USER_EXTENSIONS)));
        return user(tenantId, id);
      },

      async delete(tenantId: number, id: string) {
        const current = await visiblePerson(tenantId, id);
        await people.delete(actorOf(tenantId), [current.id]);
      },
    },

    groups: {
      async list(tenantId: number, query: Query) {
        const conditions = conditionsOf(textOf(query.filter, 'filter') ?? undefined, GROUP_FILTERS);
        const page = pageOf(query);
        const { rows, total } = await repo.findGroups(tenantId, conditions, page);
        const ids = rows.map((row) => row.id);
        const [externalIds, members] = await Promise.all([
          repo.groupExternalIds(tenantId, ids),
          excludes(query, 'members') ? null : repo.membersOf(tenantId, ids),
        ]);
        return listResponse(
          rows.map((row) =>
            groupResource(row, externalIds.get(row.id), members ? (members.get(row.id) ?? []) : null, location),
          ),
          total,
          page.startIndex,
        );
      },

      get: group,

      async create(tenantId: number, body: unknown) {
        const displayName = textOf(attributeOf(body, 'displayName'), 'displayName');
        if (!displayName) throw invalidValue('displayName is required');
        const externalId = textOf(attributeOf(body, 'externalId'), 'externalId');
        const userIds = await knownMembers(tenantId, memberIds(attributeOf(body, 'members')));
        const created = await groups.create(
          actorOf(tenantId),
          { name: displayName, userIds },
          { alongside: (db, groupId) => repoOver(db).setGroupExternalId(tenantId, groupId, externalId) },
        );
        return group(tenantId, String(created.id));
      },

      async replace(tenantId: number, id: string, body: unknown) {
        const current = await group(tenantId, id);
        const displayName = textOf(attributeOf(body, 'displayName'), 'displayName');
        if (!displayName) throw invalidValue('displayName is required');
        const wanted = new Set(await knownMembers(tenantId, memberIds(attributeOf(body, 'members'))));
        const had = new Set(memberIds(current.members));
        await changeGroup(tenantId, Number(current.id), {
          name: displayName === current.displayName ? undefined : displayName,
          externalId: textOf(attributeOf(body, 'externalId'), 'externalId'),
          add: [...wanted].filter((userId) => !had.has(userId)),
          remove: [...had].filter((userId) => !wanted.has(userId)),
        });
        return group(tenantId, id);
      },

      /**
       * Membership changes are read from the operations, never from the whole member list rebuilt. Answers
       * nothing (204, as RFC 7644 §3.5.2 allows, and as Entra ID and Okta expect): a group of thousands
       * would otherwise be sent back whole for every person added to it.
       */
      async patch(tenantId: number, id: string, body: unknown) {
        const operations = patchOperations(body);
        const current = await group(tenantId, id, { excludedAttributes: 'members' });
        await changeGroup(tenantId, Number(current.id), await groupChangeOf(tenantId, Number(current.id), operations));
        return null;
      },

      async delete(tenantId: number, id: string) {
        const current = await group(tenantId, id, { excludedAttributes: 'members' });
        await groups.delete(actorOf(tenantId), Number(current.id));
      },
    },
  };

  /** Members named must be people the directory sees. */
  async function knownMembers(tenantId: number, userIds: number[]): Promise<number[]> {
    const unique = [...new Set(userIds)];
    const known = new Set(await repo.visibleAmong(tenantId, unique));
    const unknown = unique.find((userId) => !known.has(userId));
    if (unknown !== undefined) throw invalidValue(`member ${unknown} is not a user of this organisation`);
    return unique;
  }

  type GroupChange = { name?: string; externalId?: string | null; add: number[]; remove: number[] };

  async function changeGroup(tenantId: number, groupId: number, change: GroupChange) {
    if (change.name === undefined && change.externalId === undefined && !change.add.length && !change.remove.length) {
      return;
    }
    await groups.update(
      actorOf(tenantId),
      groupId,
      { name: change.name, addUserIds: change.add, removeUserIds: change.remove },
      {
        alongside:
          change.externalId === undefined
            ? undefined
            : (db) => repoOver(db).setGroupExternalId(tenantId, groupId, change.externalId ?? null),
      },
    );
  }

  /** What a Group PATCH changes: its name, its externalId, members added and removed. */
  async function groupChangeOf(tenantId: number, groupId: number, operations: PatchOperation[]): Promise<GroupChange> {
    const change: GroupChange = { add: [], remove: [] };
    const apply = async ({ op, path, value }: PatchOperation): Promise<void> => {
      if (path === undefined) {
        // Okta and Entra ID: `replace` with the attributes as the value.
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          throw invalidValue(`${op} without a path takes an object`);
        }
        for (const [name, each] of Object.entries(value)) {
          if (name.toLowerCase() !== 'schemas') await apply({ op, path: name, value: each });
        }
        return;
      }
      const { attribute, filter, sub } = parsePath(path, []);
      switch (attribute.toLowerCase()) {
        case 'displayname':
          if (op === 'remove') throw new ScimError(400, 'displayName is required', 'mutability');
          change.name = textOf(value, 'displayName') ?? undefined;
          if (!change.name) throw invalidValue('displayName is required');
          return;
        case 'id':
          // Entra ID repeats the id in a path-less replace; it never changes.
          if (op === 'remove' || String(value) !== String(groupId))
            throw new ScimError(400, 'id is immutable', 'mutability');
          return;
        case 'externalid':
          change.externalId = op === 'remove' ? null : textOf(value, 'externalId');
          return;
        case 'members': {
          if (sub !== null) throw invalidPath(`${path} names no attribute of a member this server keeps`);
          const named = filter ? memberIdsOf(filter) : memberIds(value);
          if (op === 'remove') {
            // A remove without a filter or a value is of every member (RFC 7644 §3.5.2.2).
            const removed = filter || value !== undefined ? named : await memberIdsOfGroup(tenantId, groupId);
            change.remove.push(...removed);
            change.add = change.add.filter((userId) => !removed.includes(userId));
            return;
          }
          const added = await knownMembers(tenantId, named);
          if (op === 'replace') {
            const had = await memberIdsOfGroup(tenantId, groupId);
            change.remove.push(...had.filter((userId) => !added.includes(userId)));
          }
          change.add.push(...added);
          change.remove = change.remove.filter((userId) => !added.includes(userId));
          return;
        }
        default:
          throw invalidPath(`${path} is not an attribute of a group`);
      }
    };
    for (const operation of operations) await apply(operation);
    return change;
  }

  /** The member ids a value filter names: `members[value eq "7"]`. */
  function memberIdsOf(filter: unknown): number[] {
    const node = filter as { op: string; attrPath?: string; compValue?: unknown; filters?: unknown[] };
    if (node.op === 'eq' && node.attrPath?.toLowerCase() === 'value') return memberIds([String(node.compValue)]);
    if (node.op === 'or') return (node.filters ?? []).flatMap(memberIdsOf);
    throw invalidPath('members are filtered by value eq');
  }
};
export type DirectoryService = ReturnType<typeof createDirectoryService>;
