import {
  type ActivityPage,
  type ActivityQuery,
  type AdminUser,
  type AdminUserList,
  type CreatedUser,
  type CreateUserBody,
  grantableRoles,
  type Language,
  type PasswordResets,
  type Role,
  type UpdateUserBody,
  type UserListQuery,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { ProfileService } from '../profile/profile.service.js';
import type { GroupsRepository } from './groups.repository.js';
import type { AccountChanges, UsersRepository } from './users.repository.js';

type Repos = { users: UsersRepository; groups: GroupsRepository; inbox: Inbox; audit: AuditLog };
type Deps = Pick<Repos, 'users' | 'groups'> & {
  /** Runs `fn` in one transaction, with repositories (and the inbox) bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  /** Lets a new or reset person in: a mailed link, or an activation code for the admin to hand over. */
  invite: AuthService['invite'];
  /** A person's timeline (the profile's reading of what they did). */
  activity: ProfileService['activity'];
  clock: Clock;
};
/** The admin making a change, and the language of the mails it sends. */
export type Actor = Pick<RequestContext, 'tenantId' | 'userId' | 'role'> & { lang: Language };

const fieldError = (name: string, message: string) =>
  new AppError('BodyParamsInvalid', 400, { field: { name, message } });

/**
 * The people of a tenant as its admins run them (spec point 7, "User"): list, create, change, deactivate,
 * delete, and let in again. Every change that decides what someone receives (being added, reactivated,
 * moved between groups) brings their inbox along in the same transaction.
 */
export const createPeopleService = ({ users, groups, transaction, invite, activity, clock }: Deps) => {
  async function withGroups(tenantId: number, rows: Awaited<ReturnType<UsersRepository['findPeople']>>) {
    const groupsOf = await groups.groupsOf(
      tenantId,
      rows.map((row) => row.id),
    );
    return rows.map(
      (row): AdminUser => ({ ...row, createdAt: row.createdAt.toISOString(), groups: groupsOf.get(row.id) ?? [] }),
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
    if (!grantableRoles(actor.role).includes(role)) throw new AppError('Forbidden', 403);
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
    if (taken.email) throw new AppError('EmailTaken', 409);
    if (taken.username) throw new AppError('UsernameTaken', 409);
  }

  return {
    async list(actor: Actor, query: UserListQuery): Promise<AdminUserList> {
      const { count, rows } = await users.listPeople(actor.tenantId, query);
      return { count, items: await withGroups(actor.tenantId, rows) };
    },

    get: (actor: Actor, userId: number) => person(actor.tenantId, userId),

    /** GET /user/{id}/activity: what the person viewed, finished, attempted and commented, newest first. */
    async activity(actor: Actor, userId: number, page: ActivityQuery): Promise<ActivityPage> {
      await person(actor.tenantId, userId);
      return activity(actor.tenantId, userId, page);
    },

    /** A new person, in their groups, with what is aimed at them; then their welcome (mail or code). */
    async create(actor: Actor, body: CreateUserBody): Promise<CreatedUser> {
      const { tenantId } = actor;
      await assertGroups(tenantId, body.groupIds);
      assertGrantable(actor, body.role);
      await assertIdentifiersFree(body);
      const userId = await transaction(async (tx) => {
        const [created] = await tx.users
          .insertAccounts(tenantId, [
            { name: body.name, email: body.email, username: body.username, phone: body.phone, role: body.role },
          ])
          .catch((error: unknown) => {
            // Another admin took the address or username since the check above.
            throw isUniqueViolation(error) ? new AppError('EmailTaken', 409) : error;
          });
        if (!created) throw new Error('account insert returned nothing');
        await tx.groups.setGroupsOf(tenantId, created.id, body.groupIds);
        await tx.inbox.syncUsers(tenantId, [created.id]);
        await tx.audit.record({ event: 'user.created', tenantId, userId: created.id, details: { by: actor.userId } });
        return created.id;
      });
      const { activationCode } = await invite(tenantId, userId, 'welcome', actor);
      return { user: await person(tenantId, userId), activationCode };
    },

    /**
     * Changes what is given; `groupIds` replaces the person's groups. Nobody changes their own role or
     * deactivates themselves (the tenant could be left without an admin), and a person keeps at least
     * one way to sign in (an e-mail or a username).
     */
    async update(actor: Actor, userId: number, body: UpdateUserBody): Promise<AdminUser> {
      const { tenantId } = actor;
      const current = await person(tenantId, userId);
      assertMayHandle(actor, current.role);
      const own = userId === actor.userId;
      if (own && ((body.role !== undefined && body.role !== current.role) || body.active === false)) {
        throw new AppError('OwnAccount', 409);
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

      const { groupIds, ...fields } = body;
      const changes: AccountChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      await transaction(async (tx) => {
        if ((await tx.users.changeAccount(tenantId, userId, changes, clock.now())) === 'taken') {
          throw new AppError(email !== current.email ? 'EmailTaken' : 'UsernameTaken', 409);
        }
        if (groupIds) await tx.groups.setGroupsOf(tenantId, userId, groupIds);
        if (groupIds || changes.active !== undefined) await tx.inbox.syncUsers(tenantId, [userId]);
        await tx.audit.record({
          event: 'user.updated',
          tenantId,
          userId,
          details: { by: actor.userId, changed: [...Object.keys(changes), ...(groupIds ? ['groupIds'] : [])] },
        });
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
      if (found.some((target) => target.id === actor.userId)) throw new AppError('OwnAccount', 409);
      const ids = found.map((target) => target.id);
      if ((await users.authorsAmong(tenantId, ids)).length > 0) throw new AppError('UserOwnsContent', 409);
      return transaction(async (tx) => {
        const deleted = await tx.users.deletePeople(tenantId, ids);
        for (const id of ids) {
          await tx.audit.record({ event: 'user.deleted', tenantId, details: { by: actor.userId, userId: id } });
        }
        return { deleted };
      });
    },

    /** New links by mail, and new activation codes for those who sign in with a username only. */
    async resetPasswords(actor: Actor, userIds: number[]): Promise<PasswordResets> {
      const found = await users.findPeople(actor.tenantId, [...new Set(userIds)]);
      if (found.length === 0) throw notFound();
      for (const target of found) assertMayHandle(actor, target.role);
      const result: PasswordResets = { mailed: 0, codes: [] };
      for (const target of found) {
        const { activationCode } = await invite(actor.tenantId, target.id, 'reset', actor);
        if (activationCode === null) result.mailed += 1;
        else result.codes.push({ id: target.id, name: target.name, username: target.username ?? '', activationCode });
      }
      return result;
    },

    /** The welcome again, for someone who has not set up yet (a lost mail, an expired code). */
    async resendWelcome(actor: Actor, userId: number): Promise<CreatedUser> {
      const target = await person(actor.tenantId, userId);
      assertMayHandle(actor, target.role);
      const { activationCode } = await invite(actor.tenantId, userId, 'welcome', actor);
      return { user: target, activationCode };
    },
  };
};
export type PeopleService = ReturnType<typeof createPeopleService>;
