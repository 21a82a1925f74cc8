import { type Filter, parse } from 'scim2-parse-filter';
import { invalidFilter } from './scim-protocol.js';

// The `filter` of a SCIM list (RFC 7644 §3.4.2.2), parsed by scim2-parse-filter (docs/adr/0049) and read
// into what this server can answer from its indexes: equality on the attributes directories look people
// and groups up by, joined by `and`. Anything else is refused with `invalidFilter`, as the RFC asks of a
// filter a server does not support, rather than answered wrongly.

/** One condition every resource of the answer meets: an attribute equal to a value. */
export type Condition = { attribute: string; value: string };

/** What `filter` can name, per resource type: SCIM's attribute path (lower case) → the condition's name. */
export type FilterAttributes = Readonly<Record<string, string>>;

export const USER_FILTERS: FilterAttributes = {
  id: 'id',
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  'emails.value': 'email',
  emails: 'email',
};

export const GROUP_FILTERS: FilterAttributes = {
  id: 'id',
  displayname: 'displayName',
  externalid: 'externalId',
  'members.value': 'member',
  members: 'member',
};

/** Sub-attribute filters of a multi-valued attribute (`emails[type eq "work"]`) that every value meets. */
const ALWAYS_MET: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // A person's one address is their work address, and their primary one.
  emails: { type: 'work', primary: 'true' },
};

const supported = (detail: string) => invalidFilter(`unsupported filter: ${detail}`);

/** The conditions of a filter, or none for no filter; a filter this server cannot answer throws. */
export function conditionsOf(text: string | undefined, attributes: FilterAttributes): Condition[] {
  if (text === undefined || text.trim() === '') return [];
  let ast: Filter;
  try {
    ast = parse(text);
  } catch {
    throw invalidFilter('the filter cannot be parsed');
  }
  const conditions: Condition[] = [];
  const read = (node: Filter, within?: string): void => {
    switch (node.op) {
      case 'and':
        for (const part of (node as { filters: Filter[] }).filters) read(part, within);
        return;
      case 'eq': {
        const { attrPath, compValue } = node as { attrPath: string; compValue: unknown };
        const path = (within ? `${within}.${attrPath}` : attrPath).toLowerCase();
        const always = within ? ALWAYS_MET[within]?.[attrPath.toLowerCase()] : undefined;
        if (always !== undefined) {
          if (String(compValue).toLowerCase() !== always) conditions.push({ attribute: 'none', value: '' });
          return;
        }
        const attribute = attributes[path];
        if (!attribute) throw supported(`${path} is not filterable`);
        if (typeof compValue !== 'string') throw supported(`${path} is compared with a string`);
        conditions.push({ attribute, value: compValue });
        return;
      }
      case '[]': {
        const { attrPath, valFilter } = node as { attrPath: string; valFilter: Filter };
        if (within) throw supported('nested value filters');
        read(valFilter, attrPath.toLowerCase());
        return;
      }
      default:
        throw supported(`the operator ${node.op}`);
    }
  };
  read(ast);
  return conditions;
}
