import {
  type ActivityPage,
  type ActivityQuery,
  type AdminUser,
  type AdminUserList,
  type AudiencePeople,
  type AudiencePeopleQuery,
  type CreatedUser,
  type CreateUserBody,
  grantableRoles,
  type PasswordResetMode,
  type PasswordResets,
  PERSON_ATTRIBUTES,
  type Role,
  type UpdateUserBody,
  USER_BULK_MAX,
  type UserBulkBody,
  type UserBulkResult,
} from '@kanal/contract';
import type { ReadInBatches } from '../../db/cursor.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ProfileService } from '../profile/profile.service.js';
import type { Actor, Alongside, PeopleTransaction, PeopleRepos as Repos } from './people.types.js';
import { type AttributesAuthor, createPersonAttributes } from './people-attributes.js';
import { createPeopleTransfer } from './spreadsheets/people-transfer.js';
import type { AccountChanges, PeopleQuery, UsersRepository } from './users.repository.js';

export type { Actor, Alongside, AttributesAuthor, PeopleTransaction };

type Deps = Pick<Repos, 'users' | 'groups' | 'attributes'> & {
  /** The people export's one sorted read, in batches (db/cursor.ts). */
  readInBatches: ReadInBatches;
  transaction: PeopleTransaction;
  /** Lets a new or reset person in: a mailed link, or an activation code for the admin to hand over. */
  invite: AuthService['invite'];
  /** A person's timeline (the profile's reading of what they did). */
  activity: ProfileService['activity'];
  /** Everything a person did, for their access export. */
  personalData: ProfileService['personalData'];
  clock: Clock;
};

/** Names in a message: the first few, and how many more (a whole list of authors would fill the dialog). */
const NAMES_SHOWN = 5;
const namesList = (names: string[]) =>
  names.length <= NAMES_SHOWN
    ? names.join(', ')
    : `${names.slice(0, NAMES_SHOWN).join(', ')} (+${names.length - NAMES_SHOWN})`;

const fieldError = (name: string, message: string) => new AppError('BodyParamsInvalid', { field: { name, message } });

/**
 * The people of a tenant as its admins run them (spec point 7, "User"): list, create, change, deactivate,
 * delete, and let in again. Every change that decides what someone receives (being added, reactivated,
 * moved between groups) brings their inbox along in the same transaction.
 */
export const createPeopleService = ({
  users,
  readInBatches,
  groups,
  attributes,
  transaction,
  invite,
  activity,
  personalData,
  clock,
}: Deps) => {
  async function withGroups(tenantId: number, rows: Awaited<ReturnType<UsersRepository['findPeople']>>) {
    const groupsOf = await groups.groupsOf(
      tenantId,
      rows.map((row) => row.id),
    );
    return rows.map(
      ({ managerId, managerName, createdAt, ...row }): AdminUser => ({
        ...row,
        manager: managerId === null ? null : { id: managerId, name: managerName ?? '' },
        createdAt: createdAt.toISOString(),
        groups: groupsOf.get(row.id) ?? [],
      }),
    );
  }

  /** One person of the caller's tenant; another tenant's answers 404. */
  async function person(tenantId: number, userId: number): Promise<AdminUser> {
    const [found] = await withGroups(tenantId, await users.findPeople(tenantId, [userId]));
    if (!found) throw notFound();
    return found;
  }

  /** Only a SUPERADMIN gives, takes or touches the SUPERADMIN role. */
  function assertMayHandle(actor: Actor, role: Role) {
    if (!grantableRoles(actor.role).includes(role)) throw new AppError('Forbidden');
  }

  function assertGrantable(actor: Actor, role: Role) {
    if (!grantableRoles(actor.role).includes(role)) throw fieldError('role', 'validation.roleNotAllowed');
  }

  /** Groups named in a body must be the tenant's: another tenant's id answers 404, as in a path. */
  async function assertGroups(tenantId: number, groupIds: number[]) {
    const found = await groups.existing(tenantId, groupIds);
    if (found.length !== new Set(groupIds).size) throw notFound();
  }

  async function assertIdentifiersFree(
    identifiers: { email: string | null; username: string | null },
    exceptUserId?: number,
  ) {
    const taken = await users.takenIdentifiers(identifiers, exceptUserId);
    if (taken.email) throw new AppError('EmailTaken');
    if (taken.username) throw new AppError('UsernameTaken');
  }

  const personAttributes = createPersonAttributes({ users, attributes, transaction, clock, person });

  return {
    ...createPeopleTransfer({
      users,
      readInBatches,
      groups,
      attributes,
      transaction,
      invite,
      personalData,
      clock,
      withGroups,
      person,
    }),
    attributeValues: personAttributes.attributeValues,
    setAttributes: personAttributes.setAttributes,

    async list(actor: Actor, query: PeopleQuery): Promise<AdminUserList> {
      const { count, rows } = await users.listPeople(actor.tenantId, query);
      return { count, items: await withGroups(actor.tenantId, rows) };
    },

    /** GET /audience/people: the receiving people by name (or a group's), with their groups and nothing else. */
    async audience(actor: Actor, query: AudiencePeopleQuery): Promise<AudiencePeople> {
      const { count, rows } = await users.listPeople(
        actor.tenantId,
        { ...query, role: [], status: ['active', 'invited'], sort: 'name' },
        { namesOnly: true },
      );
      const groupsOf = await groups.groupsOf(
        actor.tenantId,
        rows.map((row) => row.id),
      );
      return { count, items: rows.map((row) => ({ id: row.id, name: row.name, groups: groupsOf.get(row.id) ?? [] })) };
    },

    get: (actor: Actor, userId: number) => person(actor.tenantId, userId),

    /** These people of the tenant as the console shows them, in the order asked (ids of no one: left out). */
    many: async (tenantId: number, userIds: number[]) =>
      withGroups(tenantId, await users.findPeople(tenantId, userIds)),

    /** GET /user/{id}/activity: what the person viewed, finished, attempted and commented, newest first. */
    async activity(actor: Actor, userId: number, page: ActivityQuery): Promise<ActivityPage> {
      await person(actor.tenantId, userId);
      return activity(actor.tenantId, userId, page);
    },

    /**
     * A new person, in their groups, with what is aimed at them; then their welcome (mail or code), unless
     * the caller says they need none (a directory's person who signs in through the organisation's provider).
     */
    async create(
      actor: Actor,
      body: CreateUserBody & { active?: boolean },
      { welcome = true, alongside }: { welcome?: boolean; alongside?: Alongside } = {},
    ): Promise<CreatedUser> {
      const { tenantId } = actor;
      await assertGroups(tenantId, body.groupIds);
      await personAttributes.assertManager(tenantId, body.managerId);
      assertGrantable(actor, body.role);
      await assertIdentifiersFree(body);
      const { name, email, username, phone, role } = body;
      const attributeValues = Object.fromEntries(PERSON_ATTRIBUTES.map((key) => [key, body[key]]));
      const userId = await transaction(async (tx) => {
        const [created] = await tx.users
          .insertAccounts(tenantId, [
            { name, email, username, phone, role, active: body.active ?? true, ...attributeValues },
          ])
          .catch((error: unknown) => {
            // Another admin took the address or username since the check above.
            throw isUniqueViolation(error) ? new AppError('EmailTaken') : error;
          });
        if (!created) throw new Error('account insert returned nothing');
        await tx.groups.setGroupsOf(tenantId, created.id, body.groupIds);
        await tx.inbox.syncUsers(tenantId, [created.id]);
        await tx.audit.record({ event: 'user.created', tenantId, userId: created.id, details: { by: actor.userId } });
        await alongside?.(tx.db, created.id);
        return created.id;
      });
      const codes = welcome ? await invite(tenantId, [userId], 'welcome', actor) : new Map<number, string | null>();
      return { user: await person(tenantId, userId), activationCode: codes.get(userId) ?? null };
    },

    /**
     * A person their organisation's identity provider vouched for and the organisation did not know yet,
     * created at their first sign-in (issue 31): a USER with the e-mail the provider verified, in the groups
     * its claim maps to, with what is aimed at them. No welcome: they sign in through the provider.
     */
    async createFromProvider(
      tenantId: number,
      person: { name: string; email: string },
      groupIds: number[],
      providerId: number,
    ): Promise<number> {
      await assertIdentifiersFree({ email: person.email, username: null });
      return transaction(async (tx) => {
        const [created] = await tx.users
          .insertAccounts(tenantId, [
            { name: person.name, email: person.email, username: null, phone: null, role: 'USER' },
          ])
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? new AppError('EmailTaken') : error;
          });
        if (!created) throw new Error('account insert returned nothing');
        await tx.groups.setGroupsOf(tenantId, created.id, groupIds);
        await tx.inbox.syncUsers(tenantId, [created.id]);
        await tx.audit.record({ event: 'sso.person_created', tenantId, userId: created.id, details: { providerId } });
        return created.id;
      });
    },

    /**
     * The groups a provider's claim puts a person in, among those its mappings name (`managed`): they join
     * `member` and leave the rest of `managed`; groups no mapping names stay as the admins set them. The
     * inbox follows in the same transaction, as for any group change.
     */
    async setProviderGroups(
      tenantId: number,
      userId: number,
      claimed: { managed: number[]; member: number[] },
      providerId: number,
    ): Promise<void> {
      const current = (await groups.groupsOf(tenantId, [userId])).get(userId)?.map((group) => group.id) ?? [];
      const managed = new Set(claimed.managed);
      const next = [...new Set([...current.filter((id) => !managed.has(id)), ...claimed.member])];
      if (next.length === current.length && next.every((id) => current.includes(id))) return;
      await transaction(async (tx) => {
        await tx.groups.setGroupsOf(tenantId, userId, next);
        await tx.inbox.syncUsers(tenantId, [userId]);
        await tx.audit.record({
          event: 'sso.groups_changed',
          tenantId,
          userId,
          details: {
            providerId,
            joined: next.filter((id) => !current.includes(id)),
            left: current.filter((id) => !next.includes(id)),
          },
        });
      });
    },

    /**
     * Changes what is given; `groupIds` replaces the person's groups. Nobody changes their own role or
     * deactivates themselves (the tenant could be left without an admin), and a person keeps at least
     * one way to sign in (an e-mail or a username).
     */
    async update(
      actor: Actor,
      userId: number,
      body: UpdateUserBody,
      { alongside }: { alongside?: Alongside } = {},
    ): Promise<AdminUser> {
      const { tenantId } = actor;
      const current = await person(tenantId, userId);
      assertMayHandle(actor, current.role);
      const own = userId === actor.userId;
      if (own && ((body.role !== undefined && body.role !== current.role) || body.active === false)) {
        throw new AppError('OwnAccount');
      }
      if (body.groupIds) await assertGroups(tenantId, body.groupIds);
      if (body.role !== undefined) assertGrantable(actor, body.role);
      const email = body.email === undefined ? current.email : body.email;
      const username = body.username === undefined ? current.username : body.username;
      if (email === null && username === null) throw fieldError('email', 'validation.emailOrUsername');
      await assertIdentifiersFree(
        { email: body.email === undefined ? null : email, username: body.username === undefined ? null : username },
        userId,
      );

      const { groupIds, department, location, jobTitle, employeeNumber, managerId, startDate, ...fields } = body;
      const changes: AccountChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      await transaction(async (tx) => {
        if ((await tx.users.changeAccount(tenantId, userId, changes, clock.now())) === 'taken') {
          throw new AppError(email !== current.email ? 'EmailTaken' : 'UsernameTaken');
        }
        if (groupIds) await tx.groups.setGroupsOf(tenantId, userId, groupIds);
        if (groupIds || changes.active !== undefined) await tx.inbox.syncUsers(tenantId, [userId]);
        const attributesChanged = await personAttributes.apply(tx, tenantId, current, {
          department,
          location,
          jobTitle,
          employeeNumber,
          managerId,
          startDate,
        });
        await tx.audit.record({
          event: 'user.updated',
          tenantId,
          userId,
          details: {
            by: actor.userId,
            changed: [...Object.keys(changes), ...(groupIds ? ['groupIds'] : []), ...attributesChanged],
          },
        });
        await alongside?.(tx.db, userId);
      });
      return person(tenantId, userId);
    },

    /**
     * Deletes people with everything that is theirs, all or none. Not oneself, and not an author of
     * content (deactivate them instead: their items keep their creator). Ids of no one in the tenant are
     * passed over; none at all answers 404.
     */
    async delete(actor: Actor, userIds: number[]): Promise<{ deleted: number }> {
      const { tenantId } = actor;
      const found = await users.findPeople(tenantId, [...new Set(userIds)]);
      if (found.length === 0) throw notFound();
      for (const target of found) assertMayHandle(actor, target.role);
      if (found.some((target) => target.id === actor.userId)) throw new AppError('OwnAccount');
      const ids = found.map((target) => target.id);
      const authors = new Set(await users.authorsAmong(tenantId, ids));
      if (authors.size > 0) {
        // Named, so the admin can take them off the list (or deactivate them) and delete the rest.
        const names = found.filter((target) => authors.has(target.id)).map((target) => target.name);
        throw new AppError('UserOwnsContent', {
          field: { name: 'ids', message: 'validation.authorsNotDeleted' },
          params: { names: namesList(names) },
        });
      }
      return transaction(async (tx) => {
        const deleted = await personAttributes.deletePeople(tx, tenantId, ids);
        for (const id of ids) {
          await tx.audit.record({ event: 'user.deleted', tenantId, details: { by: actor.userId, userId: id } });
        }
        return { deleted };
      });
    },

    /**
     * New links by mail, and new activation codes for those who sign in with a username only; `lock` also
     * ends every password, session and trusted browser of theirs at once.
     */
    async resetPasswords(actor: Actor, userIds: number[], mode: PasswordResetMode): Promise<PasswordResets> {
      const found = await users.findPeople(actor.tenantId, [...new Set(userIds)]);
      if (found.length === 0) throw notFound();
      for (const target of found) assertMayHandle(actor, target.role);
      const codes = await invite(
        actor.tenantId,
        found.map((target) => target.id),
        mode === 'lock' ? 'lock' : 'reset',
        actor,
      );
      const result: PasswordResets = { mailed: 0, codes: [] };
      for (const target of found) {
        const activationCode = codes.get(target.id);
        if (!activationCode) result.mailed += 1;
        else result.codes.push({ id: target.id, name: target.name, username: target.username ?? '', activationCode });
      }
      return result;
    },

    /**
     * POST /user/bulk: an action on everyone the list's filters match (GET /user's own query), those the
     * action applies to: the deactivated are reactivated, the invited welcomed again, the group's members
     * taken out of it. People the admin may not handle (a SUPERADMIN, for an ADMIN) are passed over.
     * Each change is audited as its one-person action is.
     */
    async bulk(actor: Actor, { action, filter, groupId }: UserBulkBody): Promise<UserBulkResult> {
      const { tenantId } = actor;
      if (action === 'removeFromGroup' && groupId === undefined) throw fieldError('groupId', 'validation.required');
      await assertGroups(
        tenantId,
        [filter.group, groupId].filter((id) => id !== undefined),
      );
      if (filter.manager !== undefined && (await users.findPeople(tenantId, [filter.manager])).length === 0) {
        throw notFound();
      }
      const { count, rows } = await users.listPeople(tenantId, {
        ...filter,
        sort: 'name',
        limit: USER_BULK_MAX,
        offset: 0,
      });
      if (count > USER_BULK_MAX) {
        throw new AppError('BodyParamsInvalid', {
          field: { name: 'filter', message: 'validation.bulkTooMany' },
          params: { count, max: USER_BULK_MAX },
        });
      }
      const mayHandle = grantableRoles(actor.role);
      const targets = rows.filter((row) => mayHandle.includes(row.role));
      const withStatus = (status: AdminUser['status']) =>
        targets.filter((row) => row.status === status).map((row) => row.id);

      if (action === 'resendWelcome') {
        const invited = withStatus('invited');
        if (invited.length === 0) return { changed: 0, codes: [] };
        const codes = await invite(tenantId, invited, 'welcome', actor);
        return {
          changed: invited.length,
          codes: targets.flatMap((row) => {
            const activationCode = codes.get(row.id);
            return activationCode ? [{ id: row.id, name: row.name, username: row.username ?? '', activationCode }] : [];
          }),
        };
      }
      return transaction(async (tx) => {
        let changed: number[];
        if (action === 'reactivate') {
          changed = withStatus('deactivated');
          await tx.users.reactivate(tenantId, changed, clock.now());
        } else {
          changed = await tx.groups.removeMembers(
            tenantId,
            groupId ?? 0,
            targets.map((row) => row.id),
          );
        }
        if (changed.length === 0) return { changed: 0, codes: [] };
        await tx.inbox.syncUsers(tenantId, changed);
        const field = action === 'reactivate' ? 'active' : 'groupIds';
        await tx.audit.record(
          ...changed.map((userId) => ({
            event: 'user.updated' as const,
            tenantId,
            userId,
            details: { by: actor.userId, changed: [field] },
          })),
        );
        return { changed: changed.length, codes: [] };
      });
    },

    /** The welcome again, for someone who has not set up yet (a lost mail, an expired code). */
    async resendWelcome(actor: Actor, userId: number): Promise<CreatedUser> {
      const target = await person(actor.tenantId, userId);
      assertMayHandle(actor, target.role);
      const codes = await invite(actor.tenantId, [userId], 'welcome', actor);
      return { user: target, activationCode: codes.get(userId) ?? null };
    },
  };
};
export type PeopleService = ReturnType<typeof createPeopleService>;
