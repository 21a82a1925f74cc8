import {
  type AdminUser,
  isMessageKey,
  PERSON_ATTRIBUTES,
  type PersonAttribute,
  type PersonAttributeChanges,
  type PersonAttributeChangesInput,
  PersonAttributeChangesSchema,
  type PersonAttributes,
  type PersonAttributeValues,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AttributeColumns, AttributesRepository } from './attributes.repository.js';
import type { Actor, PeopleRepos, PeopleTransaction } from './people.types.js';
import type { UsersRepository } from './users.repository.js';

/**
 * Who sets a person's attributes, as the audit trail records it: an admin (`details.by`, whom the log
 * names), or the organisation's identity provider at sign-in (`details.providerId`). SCIM adds its own.
 */
export type AttributesAuthor = { userId: number } | { providerId: number };

const fieldError = (name: string, message: string) => new AppError('BodyParamsInvalid', { field: { name, message } });

/** A person's attributes as the people service shows them (AdminUser), by a body's names. */
export const attributesOf = (person: AdminUser): PersonAttributes => ({
  department: person.department,
  location: person.location,
  jobTitle: person.jobTitle,
  employeeNumber: person.employeeNumber,
  managerId: person.manager?.id ?? null,
  startDate: person.startDate,
});

/** Of the attributes `changes` names, those that differ from `current`, as the columns to write. */
export function attributeDiff(current: PersonAttributes, changes: PersonAttributeChanges) {
  const columns: AttributeColumns = {};
  const changed: PersonAttribute[] = [];
  for (const name of PERSON_ATTRIBUTES) {
    const value = changes[name];
    if (value === undefined || value === current[name]) continue;
    Object.assign(columns, { [name]: value });
    changed.push(name);
  }
  return { columns, changed };
}

type Deps = {
  users: UsersRepository;
  attributes: AttributesRepository;
  transaction: PeopleTransaction;
  clock: Clock;
  /** One person of the tenant; another tenant's answers 404. */
  person: (tenantId: number, userId: number) => Promise<AdminUser>;
};

/**
 * A person's attributes (issue 31): department, location, job title, employee number, manager and
 * start date. The console's create and update, the import, and (later) SCIM and sign-in claims all write
 * them through `apply`, so each keeps the same rules: a manager is a person of the same organisation
 * (another's answers 404, as a group does), never the person themselves nor anyone below them.
 */
export const createPersonAttributes = ({ users, attributes, transaction, clock, person }: Deps) => {
  /** A manager named for a new person must be the tenant's (a new person has nobody below them yet). */
  async function assertManager(tenantId: number, managerId: number | null | undefined) {
    if (managerId == null) return;
    if ((await users.findPeople(tenantId, [managerId])).length === 0) throw notFound();
  }

  /**
   * Writes the attributes `changes` gives that differ from the person's, in the caller's transaction,
   * and answers which those were. A new manager is checked after the write, under the tenant's manager
   * lock: a change that would put the person above themselves is refused on `managerId`. The person's
   * inbox follows in the same transaction: items aimed by rule follow attributes as others follow groups.
   */
  async function apply(
    tx: Pick<PeopleRepos, 'users' | 'attributes' | 'inbox'>,
    tenantId: number,
    current: AdminUser,
    changes: PersonAttributeChanges,
  ): Promise<PersonAttribute[]> {
    const { columns, changed } = attributeDiff(attributesOf(current), changes);
    if (changed.length === 0) return [];
    const managerId = columns.managerId;
    if (managerId != null) {
      if (managerId === current.id) throw fieldError('managerId', 'validation.ownManager');
      if ((await tx.users.findPeople(tenantId, [managerId])).length === 0) throw notFound();
      await tx.attributes.lockManagers(tenantId);
    }
    await tx.attributes.set(tenantId, current.id, columns, clock.now());
    if (managerId != null && (await tx.attributes.inManagerLoops(tenantId, [current.id])).length > 0) {
      throw fieldError('managerId', 'validation.managerCycle');
    }
    await tx.inbox.syncUsers(tenantId, [current.id]);
    return changed;
  }

  /**
   * Deletes people (users.repository's deletePeople) in the caller's transaction; their reports lose
   * their manager with them, and the items aimed at "manager is" them follow (their inboxes synced).
   */
  async function deletePeople(
    tx: Pick<PeopleRepos, 'users' | 'attributes' | 'inbox'>,
    tenantId: number,
    ids: number[],
  ) {
    const reports = await tx.attributes.reportsOf(tenantId, ids);
    const deleted = await tx.users.deletePeople(tenantId, ids);
    await tx.inbox.syncUsers(
      tenantId,
      reports.filter((id) => !ids.includes(id)),
    );
    return deleted;
  }

  return {
    assertManager,
    apply,
    deletePeople,

    /** GET /user/attributes: the departments, locations and job titles in use, with their counts. */
    attributeValues: (actor: Actor): Promise<PersonAttributeValues> => attributes.values(actor.tenantId),

    /**
     * Sets some of a person's attributes (those not named stay as they are), checked by the contract's
     * rules as a body is, in one transaction with its audit entry ('user.updated', the fields changed).
     * The one call for every other way in: SCIM and sign-in claims. Answers the attributes that changed;
     * a person of another tenant answers 404, a refused value 400 naming its field.
     */
    async setAttributes(
      tenantId: number,
      userId: number,
      input: PersonAttributeChangesInput,
      by: AttributesAuthor,
    ): Promise<PersonAttribute[]> {
      const parsed = PersonAttributeChangesSchema.safeParse(input);
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        const message = issue && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
        throw fieldError(String(issue?.path[0] ?? 'body'), message);
      }
      const current = await person(tenantId, userId);
      return transaction(async (tx) => {
        const changed = await apply(tx, tenantId, current, parsed.data);
        if (changed.length > 0) {
          await tx.audit.record({
            event: 'user.updated',
            tenantId,
            userId,
            details: { ...('userId' in by ? { by: by.userId } : { providerId: by.providerId }), changed },
          });
        }
        return changed;
      });
    },
  };
};
export type PersonAttributesService = ReturnType<typeof createPersonAttributes>;
