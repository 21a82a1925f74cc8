import { type Filter, parse } from 'scim2-parse-filter';
import { attributeOf, invalidPath, invalidValue, SCHEMA, ScimError } from './scim-protocol.js';

// PATCH (RFC 7644 §3.5.2) applied to a resource's JSON: the resource as it is, changed by each operation
// in turn, is then read as a PUT would read it. Directories differ in the details, and each is read as
// it means: Entra ID's "Replace" and "Add" casing, a path-less operation whose value holds the attributes
// (Okta), attribute names in any case, and a value filter on a multi-valued attribute
// (`emails[type eq "work"].value`) that names an element not there yet, which an add or replace creates.

export type PatchOperation = { op: 'add' | 'replace' | 'remove'; path: string | undefined; value: unknown };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The operations of a PatchOp body, their `op` in lower case; a malformed body is refused. */
export function patchOperations(body: unknown): PatchOperation[] {
  const schemas = attributeOf(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(SCHEMA.patch)) {
    throw new ScimError(400, `a PATCH body names the schema ${SCHEMA.patch}`, 'invalidSyntax');
  }
  const operations = attributeOf(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) {
    throw new ScimError(400, 'a PATCH body has a list of Operations', 'invalidSyntax');
  }
  return operations.map((operation): PatchOperation => {
    const op = attributeOf(operation, 'op');
    const path = attributeOf(operation, 'path');
    const kind = typeof op === 'string' ? op.toLowerCase() : '';
    if (kind !== 'add' && kind !== 'replace' && kind !== 'remove') {
      throw new ScimError(400, `unknown operation ${String(op)}`, 'invalidSyntax');
    }
    if (path !== undefined && (typeof path !== 'string' || path.trim() === '')) throw invalidPath('path is a string');
    if (kind === 'remove' && path === undefined) throw new ScimError(400, 'remove names a path', 'noTarget');
    return { op: kind, path: path?.trim(), value: attributeOf(operation, 'value') };
  });
}

/** A path taken apart: the schema's object it is in (null: the core), attribute, value filter, sub-attribute. */
type Path = { extension: string | null; attribute: string; filter: Filter | null; sub: string | null };

const PATH = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w$-]*))?$/;

export function parsePath(path: string, extensions: readonly string[]): Path {
  let rest = path;
  let extension: string | null = null;
  const named = [SCHEMA.user, SCHEMA.group, ...extensions].find((urn) =>
    path.toLowerCase().startsWith(`${urn.toLowerCase()}:`),
  );
  if (named) {
    rest = path.slice(named.length + 1);
    extension = named === SCHEMA.user || named === SCHEMA.group ? null : named;
  }
  const match = PATH.exec(rest);
  if (!match) throw invalidPath(`the path ${path} cannot be read`);
  const [, attribute = '', filterText, sub] = match;
  let filter: Filter | null = null;
  if (filterText !== undefined) {
    try {
      filter = parse(filterText);
    } catch {
      throw invalidPath(`the value filter of ${path} cannot be read`);
    }
  }
  return { extension, attribute, filter, sub: sub ?? null };
}

/** Whether an element of a multi-valued attribute meets a value filter; strings compare without case. */
export function meets(element: unknown, filter: Filter): boolean {
  const node = filter as Filter & { filters?: Filter[]; filter?: Filter; attrPath?: string; compValue?: unknown };
  switch (node.op) {
    case 'and':
      return (node.filters ?? []).every((part) => meets(element, part));
    case 'or':
      return (node.filters ?? []).some((part) => meets(element, part));
    case 'not':
      return node.filter ? !meets(element, node.filter) : false;
    case 'pr':
      return attributeOf(element, node.attrPath ?? '') !== undefined;
    case 'eq': {
      const value = attributeOf(element, node.attrPath ?? '');
      const wanted = node.compValue;
      return typeof value === 'string' && typeof wanted === 'string'
        ? value.toLowerCase() === wanted.toLowerCase()
        : String(value) === String(wanted);
    }
    default:
      throw invalidPath(`the value filter operator ${node.op} is not supported`);
  }
}

/** The key an object has for `name` whatever its case, or `name` itself when it has none. */
const keyIn = (object: Json, name: string) =>
  Object.keys(object).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;

/** The attributes an element created by `attr[filter].sub` gets from its filter's equalities. */
function elementOf(filter: Filter): Json {
  const node = filter as Filter & { filters?: Filter[]; attrPath?: string; compValue?: unknown };
  if (node.op === 'eq' && node.attrPath) return { [node.attrPath]: node.compValue };
  if (node.op === 'and') return Object.assign({}, ...(node.filters ?? []).map(elementOf));
  return {};
}

const asList = (value: unknown) => (Array.isArray(value) ? value : [value]);

/** One operation applied to `resource` (changed in place). */
function applyOne(resource: Json, { op, path, value }: PatchOperation, extensions: readonly string[]): void {
  if (path === undefined) {
    // The value holds the attributes, each as if it were the path (Okta; Entra ID for the extension).
    if (!isObject(value)) throw invalidValue(`${op} without a path takes an object`);
    for (const [name, each] of Object.entries(value)) {
      const extension = extensions.find((urn) => urn.toLowerCase() === name.toLowerCase());
      if (extension && isObject(each)) {
        for (const [inner, innerValue] of Object.entries(each)) {
          applyOne(resource, { op, path: `${extension}:${inner}`, value: innerValue }, extensions);
        }
      } else if (name.toLowerCase() !== 'schemas') {
        applyOne(resource, { op, path: name, value: each }, extensions);
      }
    }
    return;
  }
  const { extension, attribute, filter, sub } = parsePath(path, extensions);
  let target = resource;
  if (extension) {
    const key = keyIn(resource, extension);
    if (!isObject(resource[key])) resource[key] = {};
    target = resource[key] as Json;
  }
  const key = keyIn(target, attribute);

  if (filter) {
    const list = Array.isArray(target[key]) ? (target[key] as unknown[]) : [];
    const matching = list.filter((element) => meets(element, filter));
    if (op === 'remove') {
      if (sub === null) target[key] = list.filter((element) => !matching.includes(element));
      else for (const element of matching) if (isObject(element)) delete element[keyIn(element, sub)];
      return;
    }
    if (sub === null) {
      if (!isObject(value)) throw invalidValue(`${path} takes an object`);
      if (matching.length === 0) target[key] = [...list, { ...elementOf(filter), ...value }];
      for (const element of matching) if (isObject(element)) Object.assign(element, value);
      return;
    }
    if (matching.length === 0) target[key] = [...list, { ...elementOf(filter), [sub]: value }];
    for (const element of matching) if (isObject(element)) element[keyIn(element, sub)] = value;
    return;
  }

  if (sub !== null) {
    if (op === 'remove') {
      const parent = target[key];
      if (isObject(parent)) parent[keyIn(parent, sub)] = null;
      return;
    }
    if (!isObject(target[key])) target[key] = {};
    const parent = target[key] as Json;
    parent[keyIn(parent, sub)] = value;
    return;
  }

  if (op === 'remove') {
    // Null, not gone: a resource read back tells an attribute removed (cleared) from one never sent (kept).
    target[key] = null;
    return;
  }
  const current = target[key];
  if (op === 'add' && Array.isArray(current)) {
    // Adding to a multi-valued attribute adds the values it lacks (RFC 7644 §3.5.2.1).
    const seen = new Set(current.map((element) => JSON.stringify(element)));
    target[key] = [...current, ...asList(value).filter((element) => !seen.has(JSON.stringify(element)))];
  } else if (op === 'add' && isObject(current) && isObject(value)) {
    Object.assign(current, value);
  } else {
    target[key] = value;
  }
}

/**
 * The resource after the operations, in order; `resource` is left as it was. `extensions` are the schema
 * URNs whose attributes sit in an object of their own (the enterprise user's).
 */
export function applyPatch(resource: Json, operations: PatchOperation[], extensions: readonly string[] = []): Json {
  const changed = structuredClone(resource);
  for (const operation of operations) applyOne(changed, operation, extensions);
  return changed;
}
