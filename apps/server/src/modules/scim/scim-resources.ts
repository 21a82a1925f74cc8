import {
  type AdminUser,
  CreateUserBodySchema,
  type PersonAttributeChanges,
  PersonAttributeChangesSchema,
} from '@kanal/contract';
import { attributeOf, booleanOf, invalidValue, SCHEMA, textOf } from './scim-protocol.js';

// A person and a group as SCIM resources (RFC 7643 §4), and a directory's resource read back into what
// the people service takes. The directory's names (userName, externalId) are kept beside the person.

type Json = Record<string, unknown>;

/** Schema extensions whose attributes sit in an object of their own in a User. */
export const USER_EXTENSIONS = [SCHEMA.enterprise] as const;

export type DirectoryNames = { userName: string; externalId: string | null };

/** A person as a directory sees them; `location` is where their resource lives. */
export function userResource(person: AdminUser, names: DirectoryNames | undefined, location: string): Json {
  return {
    schemas: [SCHEMA.user, SCHEMA.enterprise],
    id: String(person.id),
    ...(names?.externalId ? { externalId: names.externalId } : {}),
    userName: names?.userName ?? person.email ?? person.username ?? String(person.id),
    name: { formatted: person.name },
    displayName: person.name,
    active: person.status !== 'deactivated',
    ...(person.jobTitle ? { title: person.jobTitle } : {}),
    emails: person.email ? [{ value: person.email, type: 'work', primary: true }] : [],
    phoneNumbers: person.phone ? [{ value: person.phone, type: 'work' }] : [],
    addresses: person.location ? [{ type: 'work', locality: person.location, primary: true }] : [],
    groups: person.groups.map((group) => ({ value: String(group.id), display: group.name, type: 'direct' })),
    [SCHEMA.enterprise]: {
      ...(person.department ? { department: person.department } : {}),
      ...(person.employeeNumber ? { employeeNumber: person.employeeNumber } : {}),
      ...(person.manager ? { manager: { value: String(person.manager.id), displayName: person.manager.name } } : {}),
    },
    meta: { resourceType: 'User', created: person.createdAt, location },
  };
}

/** A person as a directory's resource gives them, checked as the console's form is checked. */
export type DirectoryPerson = {
  names: DirectoryNames;
  name: string;
  email: string | null;
  /** The userName when it is a username of ours (letters, digits, . _ -), not an address. */
  username: string | null;
  phone: string | null;
  active: boolean;
  /**
   * The person's attributes the resource asserts (RFC 7644 §3.5.1 lets an omitted one be kept): a value,
   * null to clear it (sent empty, or removed by a PATCH), absent to keep it. The manager is the directory's
   * id of another person, checked by the caller.
   */
  attributes: Omit<PersonAttributeChanges, 'managerId' | 'startDate'> & { manager?: string | null };
};

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Of a multi-valued attribute, the value of the primary element, else of the `type` one, else the first. */
const preferredValue = (list: unknown, type: string, attribute: string) => preferredOf(list, type, attribute, 'value');

/** Of a multi-valued attribute, `sub` of the primary element, else of the `type` one, else of the first. */
function preferredOf(list: unknown, type: string, attribute: string, sub: string): string | null {
  if (list === undefined || list === null) return null;
  if (!Array.isArray(list)) throw invalidValue(`${attribute} is a list`);
  const elements = list.filter(isObject);
  const chosen =
    elements.find((element) => attributeOf(element, 'primary') === true) ??
    elements.find((element) => String(attributeOf(element, 'type')).toLowerCase() === type) ??
    elements[0];
  return chosen ? textOf(attributeOf(chosen, sub), `${attribute}.${sub}`) : null;
}

const EMAIL_LIKE = /^[^@\s]+@[^@\s]+$/;

export function directoryPerson(resource: unknown): DirectoryPerson {
  if (!isObject(resource)) throw invalidValue('the body is a JSON object');
  const userName = textOf(attributeOf(resource, 'userName'), 'userName');
  if (!userName) throw invalidValue('userName is required');
  const externalId = textOf(attributeOf(resource, 'externalId'), 'externalId');
  const name = attributeOf(resource, 'name');
  const fullName =
    textOf(attributeOf(resource, 'displayName'), 'displayName') ??
    textOf(attributeOf(name, 'formatted'), 'name.formatted') ??
    ([
      textOf(attributeOf(name, 'givenName'), 'name.givenName'),
      textOf(attributeOf(name, 'familyName'), 'name.familyName'),
    ]
      .filter(Boolean)
      .join(' ') ||
      userName);
  const email =
    preferredValue(attributeOf(resource, 'emails'), 'work', 'emails') ?? (EMAIL_LIKE.test(userName) ? userName : null);
  const username = EMAIL_LIKE.test(userName) ? null : userName.toLowerCase();
  const active = attributeOf(resource, 'active');

  const checked = CreateUserBodySchema.safeParse({
    name: fullName,
    email,
    username,
    phone: preferredValue(attributeOf(resource, 'phoneNumbers'), 'work', 'phoneNumbers'),
  });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = { name: 'displayName', email: 'emails', username: 'userName', phone: 'phoneNumbers' }[
      String(issue?.path[0])
    ];
    throw invalidValue(`${field ?? 'the user'} is not valid here: ${issue?.message ?? ''}`);
  }
  return {
    attributes: attributesOf(resource),
    names: { userName, externalId },
    name: checked.data.name,
    email: checked.data.email,
    username: checked.data.username,
    phone: checked.data.phone,
    active: active === undefined || active === null ? true : booleanOf(active, 'active'),
  };
}

/** The title, the work address's locality and the enterprise extension's attributes, as DirectoryPerson says. */
function attributesOf(resource: Json): DirectoryPerson['attributes'] {
  const asserted = (value: unknown, attribute: string) => (value === undefined ? undefined : textOf(value, attribute));
  const addresses = attributeOf(resource, 'addresses');
  const enterprise = attributeOf(resource, SCHEMA.enterprise);
  const manager = attributeOf(enterprise, 'manager');
  const given = {
    jobTitle: asserted(attributeOf(resource, 'title'), 'title'),
    location: addresses === undefined ? undefined : preferredOf(addresses, 'work', 'addresses', 'locality'),
    department: asserted(attributeOf(enterprise, 'department'), `${SCHEMA.enterprise}:department`),
    employeeNumber: asserted(attributeOf(enterprise, 'employeeNumber'), `${SCHEMA.enterprise}:employeeNumber`),
  };
  const checked = PersonAttributeChangesSchema.safeParse(given);
  if (!checked.success) {
    const field = String(checked.error.issues[0]?.path[0]);
    throw invalidValue(`${{ jobTitle: 'title', location: 'addresses' }[field] ?? field} is too long`);
  }
  // Entra ID sends the manager's id as a string; the RFC, as { value }.
  const managerId = typeof manager === 'string' || manager === null ? manager : attributeOf(manager, 'value');
  return {
    ...Object.fromEntries(Object.entries(checked.data).filter(([, value]) => value !== undefined)),
    ...(manager === undefined ? {} : { manager: asserted(managerId, `${SCHEMA.enterprise}:manager`) }),
  };
}

/** A group as a directory sees it; `members` left out when it asked for them not to be. */
export function groupResource(
  group: { id: number; name: string; createdAt: Date },
  externalId: string | null | undefined,
  members: { id: number; name: string }[] | null,
  location: (kind: 'Users' | 'Groups', id: number) => string,
): Json {
  return {
    schemas: [SCHEMA.group],
    id: String(group.id),
    ...(externalId ? { externalId } : {}),
    displayName: group.name,
    ...(members
      ? {
          members: members.map((member) => ({
            value: String(member.id),
            display: member.name,
            $ref: location('Users', member.id),
          })),
        }
      : {}),
    meta: { resourceType: 'Group', created: group.createdAt.toISOString(), location: location('Groups', group.id) },
  };
}

/** The person ids of a `members` value: a list of `{ value }` (Entra ID's removal adds `"$ref": null`). */
export function memberIds(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = typeof member === 'string' ? member : attributeOf(member, 'value');
    if (typeof id !== 'string' || !/^\d{1,9}$/.test(id)) throw invalidValue('members are given by their id');
    return Number(id);
  });
}
