import type { AdminUser, ImportProblem, Language } from '@kanal/contract';
import type { AttributesRepository } from '../attributes.repository.js';
import type { UsersRepository } from '../users.repository.js';
import { type ImportRow, problem } from './people-import.js';

/** A manager an import names: a person the tenant has, or a new person of the same file (by row). */
export type ManagerRef = { id: number; name: string } | { row: number; name: string };

/** An import's row as manager resolution reads it: the person it names, if the tenant has them. */
type Row = Pick<ImportRow, 'row' | 'name' | 'email' | 'username' | 'manager'> & {
  attributes: Pick<ImportRow['attributes'], 'employeeNumber'>;
  match?: AdminUser | undefined;
};

type Deps = {
  users: Pick<UsersRepository, 'identifierOwners' | 'findPeople'>;
  attributes: Pick<AttributesRepository, 'byEmployeeNumbers' | 'managerChains'>;
};

/** A person as the walk up the chains knows them: the tenant's by id, a new one by row. */
const keyOf = (ref: { id: number } | { row: number }) => ('id' in ref ? `id:${ref.id}` : `row:${ref.row}`);
const rowKey = (row: Row) => (row.match ? `id:${row.match.id}` : `row:${row.row}`);

/**
 * The managers an import's manager column names, each an e-mail, a username or an employee number of a
 * person the tenant has or that the same file brings (e-mails and usernames whatever their case, employee
 * numbers exactly). A name that fits nobody, or two people, is a problem of its row, as is the person
 * themselves; and so is a manager that would put the row's person above themselves, through the file's
 * managers and those the tenant's people already have. Answers each resolved row's manager by row number.
 */
export async function resolveManagers({ users, attributes }: Deps, tenantId: number, rows: Row[], lang: Language) {
  const managerOf = new Map<number, ManagerRef>();
  const problems: ImportProblem[] = [];
  const naming = rows.filter((row) => row.manager !== null);
  if (naming.length === 0) return { managerOf, problems };

  // Who each name means: the file's people (by what the row gives, or the person has), then the tenant's.
  const candidates = new Map<string, Map<string, ManagerRef>>();
  const add = (name: string | null | undefined, ref: ManagerRef) => {
    if (!name) return;
    const found = candidates.get(name) ?? new Map<string, ManagerRef>();
    found.set(keyOf(ref), ref);
    candidates.set(name, found);
  };
  for (const row of rows) {
    const ref: ManagerRef = row.match ? { id: row.match.id, name: row.name } : { row: row.row, name: row.name };
    add(row.email?.toLowerCase(), ref);
    add(row.username?.toLowerCase(), ref);
    add(row.attributes.employeeNumber ?? row.match?.employeeNumber, ref);
  }
  const names = [...new Set(naming.map((row) => row.manager ?? ''))];
  const owners = await users.identifierOwners(names.map((name) => name.toLowerCase()));
  const byNumber = await attributes.byEmployeeNumbers(tenantId, names);
  const tenantIds = [
    ...[...owners.values()].filter((owner) => owner.tenantId === tenantId).map((owner) => owner.userId),
    ...byNumber.map((person) => person.id),
  ];
  const known = new Map((await users.findPeople(tenantId, [...new Set(tenantIds)])).map((p) => [p.id, p.name]));
  for (const name of names) {
    const owner = owners.get(name.toLowerCase());
    if (owner && known.has(owner.userId))
      add(name.toLowerCase(), { id: owner.userId, name: known.get(owner.userId) ?? '' });
    for (const person of byNumber.filter((p) => p.employeeNumber === name)) {
      add(name, { id: person.id, name: known.get(person.id) ?? '' });
    }
  }

  for (const row of naming) {
    const name = row.manager ?? '';
    const found = new Map([...(candidates.get(name.toLowerCase()) ?? []), ...(candidates.get(name) ?? [])]);
    const [ref, ...others] = [...found.values()];
    if (!ref) problems.push(problem(lang, row.row, 'manager', 'unknownManager', { manager: name }));
    else if (others.length > 0) problems.push(problem(lang, row.row, 'manager', 'ambiguousManager', { manager: name }));
    else if (keyOf(ref) === rowKey(row)) problems.push(problem(lang, row.row, 'manager', 'validation.ownManager'));
    else managerOf.set(row.row, ref);
  }

  // Up each chain: the file's manager where it names one, otherwise the one the person has. Only a new
  // link can close a loop (the tenant's chains have none), so each loop is found from a row of the file.
  const chains = await attributes.managerChains(tenantId, [
    ...rows.flatMap((row) => (row.match ? [row.match.id] : [])),
    ...[...managerOf.values()].flatMap((ref) => ('id' in ref ? [ref.id] : [])),
  ]);
  const next = new Map<string, string>();
  for (const [id, managerId] of chains) if (managerId !== null) next.set(`id:${id}`, `id:${managerId}`);
  const keyOfRow = new Map(rows.map((row) => [row.row, rowKey(row)]));
  for (const [row, ref] of managerOf) next.set(keyOfRow.get(row) ?? '', keyOf(ref));
  // People whose chain is known to end (at someone without a manager): a walk that reaches one is done.
  const ends = new Set<string>();
  for (const [row, ref] of managerOf) {
    const start = keyOfRow.get(row);
    const seen = new Set<string>();
    let at: string | undefined = keyOf(ref);
    while (at !== undefined && at !== start && !ends.has(at) && !seen.has(at)) {
      seen.add(at);
      at = next.get(at);
    }
    if (at === start) {
      problems.push(problem(lang, row, 'manager', 'validation.managerCycle'));
      managerOf.delete(row);
    } else if (at === undefined || ends.has(at)) {
      for (const key of seen) ends.add(key);
    }
  }
  return { managerOf, problems };
}
