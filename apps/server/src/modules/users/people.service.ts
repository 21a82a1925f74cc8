import type { Readable } from 'node:stream';
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
  IMPORT_COLUMNS,
  type ImportChange,
  type ImportCheck,
  type ImportResult,
  type ImportRowOutcome,
  type Language,
  type PasswordResetMode,
  type PasswordResets,
  type Role,
  type UpdateUserBody,
  USER_BULK_MAX,
  type UserBulkBody,
  type UserBulkResult,
  type UserListQuery,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type ExportFormat, exportTables } from '../../lib/files/table-export.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { ProfileService } from '../profile/profile.service.js';
import type { GroupsRepository } from './groups.repository.js';
import { importProblemsTable, peopleTable, personTables } from './spreadsheets/people-export.js';
import { type ImportRow, parseImport, problem } from './spreadsheets/people-import.js';
import { readSpreadsheet } from './spreadsheets/spreadsheet.js';
import type { AccountChanges, UsersRepository } from './users.repository.js';

type Repos = { users: UsersRepository; groups: GroupsRepository; inbox: Inbox; audit: AuditLog };
type Deps = Pick<Repos, 'users' | 'groups'> & {
  /** Runs `fn` in one transaction, with repositories (and the inbox) bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  /** Lets a new or reset person in: a mailed link, or an activation code for the admin to hand over. */
  invite: AuthService['invite'];
  /** A person's timeline (the profile's reading of what they did). */
  activity: ProfileService['activity'];
  /** Everything a person did, for their access export. */
  personalData: ProfileService['personalData'];
  clock: Clock;
};
/** The admin making a change, and the language of the mails it sends. */
export type Actor = Pick<RequestContext, 'tenantId' | 'userId' | 'role'> & { lang: Language };

/** New people of an import are written this many to a statement. */
const IMPORT_BATCH = 1000;

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
export const createPeopleService = ({ users, groups, transaction, invite, activity, personalData, clock }: Deps) => {
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

  /**
   * What importing a row changes of a person the tenant has: the fields the row gives that differ (an
   * empty cell changes nothing), and whether their groups do (an empty groups cell leaves them as they are).
   */
  function changesOf(row: ImportRow & { groupIds: number[] }, current: AdminUser) {
    const changes: AccountChanges = {};
    if (row.name !== current.name) changes.name = row.name;
    if (row.phone !== null && row.phone !== current.phone) changes.phone = row.phone;
    if (row.role !== current.role) changes.role = row.role;
    if (row.email !== null && row.email !== current.email) changes.email = row.email;
    if (row.username !== null && row.username !== current.username) changes.username = row.username;
    const groupsChanged =
      row.groups.length > 0 &&
      (row.groupIds.length !== current.groups.length || current.groups.some((g) => !row.groupIds.includes(g.id)));
    return { changes, groupsChanged, changed: Object.keys(changes).length > 0 || groupsChanged };
  }

  /**
   * What the check shows of an update: each changed field as it is and as it will be, in the template's
   * column order; groups by their names as the tenant spells them.
   */
  function changeList(row: ImportRow & { groupIds: number[]; groupNames: string[] }, current: AdminUser) {
    const { changes, groupsChanged } = changesOf(row, current);
    const list: ImportChange[] = IMPORT_COLUMNS.flatMap((column) =>
      column !== 'groups' && column in changes ? [{ column, from: current[column], to: changes[column] ?? null }] : [],
    );
    if (groupsChanged) {
      const names = (groups: string[]) => (groups.length > 0 ? groups.join(', ') : null);
      list.push({ column: 'groups', from: names(current.groups.map((g) => g.name)), to: names(row.groupNames) });
    }
    return list;
  }

  /**
   * An import's rows checked against the tenant: its groups by name (the database's folded key, by which
   * group names are unique, so a name means one group or none), and whose account each e-mail or username
   * is (another tenant's is a problem, the tenant's own is the person to update). A row naming someone the
   * admin may not change (a SUPERADMIN, for an ADMIN) is skipped with the reason, not refused: an export
   * of everyone imports back. Answers the rows to import with their groups' ids and matched account, every
   * problem and warning by row, and what importing does with each row.
   */
  async function resolveImport(actor: Actor, bytes: Buffer) {
    const { tenantId, lang } = actor;
    const parsed = parseImport(await readSpreadsheet(bytes), lang);
    const problems = [...parsed.problems];
    const owners = await users.identifierOwners(
      parsed.rows.flatMap((row) => [row.email, row.username].filter((value): value is string => value !== null)),
    );
    const ownersInTenant = [...owners.values()].filter((owner) => owner.tenantId === tenantId);
    const existing = new Map(
      (
        await withGroups(tenantId, await users.findPeople(tenantId, [...new Set(ownersInTenant.map((o) => o.userId))]))
      ).map((person) => [person.id, person]),
    );
    const named = await groups.named(
      tenantId,
      [...parsed.rows, ...parsed.refused].flatMap((row) => row.groups),
    );
    const groupIdsOf = (row: Pick<ImportRow, 'row' | 'groups'>) =>
      row.groups.flatMap((name) => {
        const group = named.get(name)?.group;
        if (!group) problems.push(problem(lang, row.row, 'groups', 'unknownGroup', { group: name }));
        return group ? [group.id] : [];
      });
    // Rows refused on their own still have their groups checked: the admin sees every problem at once.
    for (const row of parsed.refused) groupIdsOf(row);
    const mayHandle = grantableRoles(actor.role);
    const skipped: ImportRowOutcome[] = [];
    const rows = parsed.rows.flatMap((row) => {
      const byEmail = row.email === null ? undefined : owners.get(row.email);
      const byUsername = row.username === null ? undefined : owners.get(row.username);
      if (byEmail && byEmail.tenantId !== tenantId) problems.push(problem(lang, row.row, 'email', 'errors.EmailTaken'));
      if (byUsername && (byUsername.tenantId !== tenantId || (byEmail && byEmail.userId !== byUsername.userId))) {
        problems.push(problem(lang, row.row, 'username', 'errors.UsernameTaken'));
      }
      const match = existing.get((byEmail ?? byUsername)?.userId ?? 0);
      if (match && !mayHandle.includes(match.role)) {
        const { code, message } = problem(lang, row.row, 'role', 'personNotChangeable');
        skipped.push({ row: row.row, name: row.name, outcome: 'skipped', changes: [], reason: { code, message } });
        return [];
      }
      if (!mayHandle.includes(row.role)) {
        problems.push(problem(lang, row.row, 'role', 'validation.roleNotAllowed'));
      } else if (match?.id === actor.userId && match.role !== row.role) {
        problems.push(problem(lang, row.row, 'role', 'errors.OwnAccount'));
      }
      const groupIds = [...new Set(groupIdsOf(row))];
      const groupNames = [...new Set(row.groups.flatMap((name) => named.get(name)?.group?.name ?? []))];
      return [{ ...row, groupIds, groupNames, match }];
    });
    problems.sort((a, b) => a.row - b.row);
    const refusedRows = new Set(problems.map((p) => p.row));
    const outcomes: ImportRowOutcome[] = [
      ...skipped,
      ...rows
        .filter((row) => !refusedRows.has(row.row))
        .map((row): ImportRowOutcome => {
          const changes = row.match ? changeList(row, row.match) : [];
          const outcome = !row.match ? 'new' : changes.length > 0 ? 'updated' : 'unchanged';
          return { row: row.row, name: row.name, outcome, changes, reason: null };
        }),
    ].sort((a, b) => a.row - b.row);
    return { count: parsed.count, rows, skipped: skipped.length, problems, warnings: parsed.warnings, outcomes };
  }

  return {
    /** GET /export/users: the tenant's people as a spreadsheet, streamed. */
    exportPeople(actor: Actor, format: ExportFormat): Readable {
      return exportTables(format, [
        peopleTable(actor.lang, (afterId, limit) => users.exportPage(actor.tenantId, afterId, limit)),
      ]);
    },

    /** GET /export/user/{id}: everything the product holds about one person (an access request). */
    async exportPerson(actor: Actor, userId: number, format: ExportFormat): Promise<Readable> {
      const target = await person(actor.tenantId, userId);
      return exportTables(
        format,
        personTables(actor.lang, target, await personalData(actor.tenantId, userId, clock.now())),
      );
    },

    /** POST /import/template/check: every problem and warning of every row, and what importing would do. */
    async checkImport(actor: Actor, bytes: Buffer): Promise<ImportCheck> {
      const { count, problems, warnings, outcomes } = await resolveImport(actor, bytes);
      return { rows: count, problems, warnings, outcomes };
    },

    /** POST /import/template/problems: the check's findings as a spreadsheet, to fix the file by. */
    async importProblems(actor: Actor, bytes: Buffer, format: ExportFormat): Promise<Readable> {
      const { problems, warnings, outcomes } = await resolveImport(actor, bytes);
      return exportTables(format, [importProblemsTable(actor.lang, { problems, warnings, outcomes })]);
    },

    /**
     * POST /import/template: the same checks, then every row in one transaction or none. People the
     * tenant already has (same e-mail or username) are updated where the row differs; new ones are
     * created, put in their groups, given what is aimed at them, and welcomed once it has committed.
     */
    async import(actor: Actor, bytes: Buffer): Promise<ImportResult> {
      const { tenantId } = actor;
      const { rows, skipped, problems } = await resolveImport(actor, bytes);
      if (problems.length > 0) {
        throw new AppError('BodyParamsInvalid', {
          field: { name: 'file', message: 'validation.importHasProblems' },
        });
      }
      const result: ImportResult = { created: 0, updated: 0, unchanged: 0, skipped, codes: [] };
      const createdIds = await transaction(async (tx) => {
        const fresh = rows.filter((row) => !row.match);
        const created: number[] = [];
        for (let start = 0; start < fresh.length; start += IMPORT_BATCH) {
          const batch = fresh.slice(start, start + IMPORT_BATCH);
          const inserted = await tx.users
            .insertAccounts(
              tenantId,
              batch.map(({ name, email, username, phone, role }) => ({ name, email, username, phone, role })),
            )
            .catch((error: unknown) => {
              throw isUniqueViolation(error) ? new AppError('EmailTaken') : error;
            });
          // The rows come back as sent; matched by their identifiers all the same.
          const idOf = new Map(inserted.map((account) => [account.email ?? `@${account.username}`, account.id]));
          const memberships = batch.flatMap((row) => {
            const userId = idOf.get(row.email ?? `@${row.username}`) ?? 0;
            created.push(userId);
            return row.groupIds.map((groupId) => ({ userId, groupId }));
          });
          await tx.groups.addMemberships(tenantId, memberships);
        }
        if (created.length > 0) await tx.users.refreshStatistics();
        const updated: number[] = [];
        for (const row of rows) {
          const current = row.match;
          if (!current) continue;
          const { changes, groupsChanged, changed } = changesOf(row, current);
          if (!changed) {
            result.unchanged += 1;
            continue;
          }
          if ((await tx.users.changeAccount(tenantId, current.id, changes, clock.now())) === 'taken') {
            throw new AppError('EmailTaken');
          }
          if (groupsChanged) await tx.groups.setGroupsOf(tenantId, current.id, row.groupIds);
          updated.push(current.id);
        }
        await tx.inbox.syncUsers(tenantId, [...created, ...updated]);
        result.created = created.length;
        result.updated = updated.length;
        await tx.audit.record({
          event: 'user.imported',
          tenantId,
          details: {
            by: actor.userId,
            created: result.created,
            updated: result.updated,
            unchanged: result.unchanged,
            skipped,
          },
        });
        return created;
      });
      const codes = await invite(tenantId, createdIds, 'welcome', actor);
      for (const person of await users.findPeople(tenantId, createdIds)) {
        const activationCode = codes.get(person.id);
        if (activationCode) result.codes.push({ name: person.name, username: person.username ?? '', activationCode });
      }
      return result;
    },

    async list(actor: Actor, query: UserListQuery): Promise<AdminUserList> {
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
            throw isUniqueViolation(error) ? new AppError('EmailTaken') : error;
          });
        if (!created) throw new Error('account insert returned nothing');
        await tx.groups.setGroupsOf(tenantId, created.id, body.groupIds);
        await tx.inbox.syncUsers(tenantId, [created.id]);
        await tx.audit.record({ event: 'user.created', tenantId, userId: created.id, details: { by: actor.userId } });
        return created.id;
      });
      const codes = await invite(tenantId, [userId], 'welcome', actor);
      return { user: await person(tenantId, userId), activationCode: codes.get(userId) ?? null };
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

      const { groupIds, ...fields } = body;
      const changes: AccountChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      await transaction(async (tx) => {
        if ((await tx.users.changeAccount(tenantId, userId, changes, clock.now())) === 'taken') {
          throw new AppError(email !== current.email ? 'EmailTaken' : 'UsernameTaken');
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
        const deleted = await tx.users.deletePeople(tenantId, ids);
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
