import type { Readable } from 'node:stream';
import {
  type AdminUser,
  type ExportFormat,
  grantableRoles,
  IMPORT_COLUMNS,
  type ImportChange,
  type ImportCheck,
  type ImportResult,
  type ImportRowOutcome,
  type PersonAttributeChanges,
} from '@kanal/contract';
import type { ReadInBatches } from '../../../db/cursor.js';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { exportTables } from '../../../lib/files/table-export.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import type { AuthService } from '../../auth/auth.service.js';
import type { ProfileService } from '../../profile/profile.service.js';
import type { AttributesRepository } from '../attributes.repository.js';
import type { GroupsRepository } from '../groups.repository.js';
import type { Actor, PeopleTransaction } from '../people.types.js';
import { attributeDiff, attributesOf } from '../people-attributes.js';
import type { AccountChanges, UsersRepository } from '../users.repository.js';
import { formatDay } from './import-dates.js';
import { type ManagerRef, resolveManagers } from './import-managers.js';
import { importProblemsTable, peopleTable, personTables } from './people-export.js';
import { type ImportRow, parseImport, problem } from './people-import.js';
import { readSpreadsheet } from './spreadsheet.js';

/** New people of an import are written this many to a statement. */
const IMPORT_BATCH = 1000;

type Deps = {
  users: UsersRepository;
  /** An export's one sorted read, in batches (db/cursor.ts). */
  readInBatches: ReadInBatches;
  groups: GroupsRepository;
  attributes: AttributesRepository;
  transaction: PeopleTransaction;
  invite: AuthService['invite'];
  personalData: ProfileService['personalData'];
  clock: Clock;
  /** People's rows with their groups, as the people service shows them. */
  withGroups: (tenantId: number, rows: Awaited<ReturnType<UsersRepository['findPeople']>>) => Promise<AdminUser[]>;
  /** One person of the tenant; another tenant's answers 404. */
  person: (tenantId: number, userId: number) => Promise<AdminUser>;
};

/**
 * People in and out of spreadsheets: the export of a tenant's people and of one person's data, and the
 * import with its check, its findings as a spreadsheet, and the import itself in one transaction.
 */
export const createPeopleTransfer = ({
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
}: Deps) => {
  /**
   * What importing a row changes of a person the tenant has: the fields the row gives that differ (an
   * empty cell, or a column the file does not have, changes nothing), and whether their groups do (an
   * empty groups cell leaves them as they are). `managerId` is the manager the row names, if it names one.
   */
  function changesOf(row: ImportRow & { groupIds: number[] }, current: AdminUser, managerId?: number) {
    const changes: AccountChanges = {};
    if (row.name !== current.name) changes.name = row.name;
    if (row.phone !== null && row.phone !== current.phone) changes.phone = row.phone;
    if (row.role !== current.role) changes.role = row.role;
    if (row.email !== null && row.email !== current.email) changes.email = row.email;
    if (row.username !== null && row.username !== current.username) changes.username = row.username;
    const groupsChanged =
      row.groups.length > 0 &&
      (row.groupIds.length !== current.groups.length || current.groups.some((g) => !row.groupIds.includes(g.id)));
    const given: PersonAttributeChanges = Object.fromEntries(
      Object.entries(row.attributes).filter(([, value]) => value !== null),
    );
    if (managerId !== undefined) given.managerId = managerId;
    const { columns, changed: attributesChanged } = attributeDiff(attributesOf(current), given);
    const changed = Object.keys(changes).length > 0 || groupsChanged || attributesChanged.length > 0;
    return { changes, groupsChanged, attributeColumns: columns, attributesChanged, changed };
  }

  /**
   * What the check shows of an update: each changed field as it is and as it will be, in the template's
   * column order; groups by their names as the tenant spells them, the manager by name, a date as
   * DD.MM.YYYY.
   */
  function changeList(
    row: ImportRow & { groupIds: number[]; groupNames: string[]; managerRef?: ManagerRef | undefined },
    current: AdminUser,
  ) {
    // A manager new in the same file has no id yet: any id that is no one's stands for them.
    const ref = row.managerRef;
    const { changes, groupsChanged, attributeColumns, attributesChanged } = changesOf(
      row,
      current,
      ref && ('id' in ref ? ref.id : -ref.row),
    );
    const names = (list: string[]) => (list.length > 0 ? list.join(', ') : null);
    return IMPORT_COLUMNS.flatMap((column): ImportChange[] => {
      switch (column) {
        case 'name':
        case 'email':
        case 'username':
        case 'phone':
        case 'role':
          return column in changes ? [{ column, from: current[column], to: changes[column] ?? null }] : [];
        case 'groups':
          return groupsChanged
            ? [{ column, from: names(current.groups.map((g) => g.name)), to: names(row.groupNames) }]
            : [];
        case 'manager':
          return attributesChanged.includes('managerId')
            ? [{ column, from: current.manager?.name ?? null, to: ref?.name ?? null }]
            : [];
        case 'startDate':
          return attributesChanged.includes(column)
            ? [{ column, from: formatDay(current.startDate), to: formatDay(attributeColumns.startDate ?? null) }]
            : [];
        default:
          return attributesChanged.includes(column)
            ? [{ column, from: current[column], to: attributeColumns[column] ?? null }]
            : [];
      }
    });
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
    const managers = await resolveManagers({ users, attributes }, tenantId, rows, lang);
    problems.push(...managers.problems);
    const resolved = rows.map((row) => ({ ...row, managerRef: managers.managerOf.get(row.row) }));
    problems.sort((a, b) => a.row - b.row);
    const refusedRows = new Set(problems.map((p) => p.row));
    const outcomes: ImportRowOutcome[] = [
      ...skipped,
      ...resolved
        .filter((row) => !refusedRows.has(row.row))
        .map((row): ImportRowOutcome => {
          const changes = row.match ? changeList(row, row.match) : [];
          const outcome = !row.match ? 'new' : changes.length > 0 ? 'updated' : 'unchanged';
          return { row: row.row, name: row.name, outcome, changes, reason: null };
        }),
    ].sort((a, b) => a.row - b.row);
    return {
      count: parsed.count,
      rows: resolved,
      skipped: skipped.length,
      problems,
      warnings: parsed.warnings,
      outcomes,
    };
  }

  return {
    /** GET /export/users: the tenant's people as a spreadsheet, streamed. */
    exportPeople(actor: Actor, format: ExportFormat): Readable {
      return exportTables(format, [peopleTable(actor.lang, readInBatches(users.exportInOrder(actor.tenantId)))]);
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
        const naming = rows.filter((row) => row.managerRef !== undefined);
        if (naming.length > 0) await tx.attributes.lockManagers(tenantId);
        const fresh = rows.filter((row) => !row.match);
        const created: number[] = [];
        const createdOfRow = new Map<number, number>();
        for (let start = 0; start < fresh.length; start += IMPORT_BATCH) {
          const batch = fresh.slice(start, start + IMPORT_BATCH);
          const inserted = await tx.users
            .insertAccounts(
              tenantId,
              batch.map(({ name, email, username, phone, role, attributes }) => ({
                name,
                email,
                username,
                phone,
                role,
                ...attributes,
              })),
            )
            .catch((error: unknown) => {
              throw isUniqueViolation(error) ? new AppError('EmailTaken') : error;
            });
          // The rows come back as sent; matched by their identifiers all the same.
          const idOf = new Map(inserted.map((account) => [account.email ?? `@${account.username}`, account.id]));
          const memberships = batch.flatMap((row) => {
            const userId = idOf.get(row.email ?? `@${row.username}`) ?? 0;
            created.push(userId);
            createdOfRow.set(row.row, userId);
            return row.groupIds.map((groupId) => ({ userId, groupId }));
          });
          await tx.groups.addMemberships(tenantId, memberships);
        }
        if (created.length > 0) await tx.users.refreshStatistics();
        // Managers once everyone is in: a row may name a person a later row brings.
        const managerIdOf = ({ managerRef: ref }: (typeof rows)[number]) =>
          ref && ('id' in ref ? ref.id : (createdOfRow.get(ref.row) ?? 0));
        await tx.attributes.setManagers(
          tenantId,
          fresh.flatMap((row) => {
            const managerId = managerIdOf(row);
            return managerId === undefined ? [] : [{ userId: createdOfRow.get(row.row) ?? 0, managerId }];
          }),
          clock.now(),
        );
        const updated: number[] = [];
        for (const row of rows) {
          const current = row.match;
          if (!current) continue;
          const { changes, groupsChanged, attributeColumns, attributesChanged, changed } = changesOf(
            row,
            current,
            managerIdOf(row),
          );
          if (!changed) {
            result.unchanged += 1;
            continue;
          }
          if ((await tx.users.changeAccount(tenantId, current.id, changes, clock.now())) === 'taken') {
            throw new AppError('EmailTaken');
          }
          if (attributesChanged.length > 0)
            await tx.attributes.set(tenantId, current.id, attributeColumns, clock.now());
          if (groupsChanged) await tx.groups.setGroupsOf(tenantId, current.id, row.groupIds);
          updated.push(current.id);
        }
        // The check found no loop of managers; one made since (by another admin) refuses the whole file.
        const named = naming.map((row) => row.match?.id ?? createdOfRow.get(row.row) ?? 0);
        if ((await tx.attributes.inManagerLoops(tenantId, named)).length > 0) {
          throw new AppError('BodyParamsInvalid', { field: { name: 'file', message: 'validation.managerCycle' } });
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
  };
};
