import { ERROR_STATUS, isMessageKey, translate } from '@kanal/contract';
import { AppError } from '../../lib/app-error.js';

// The wire of SCIM 2.0 (RFC 7643, RFC 7644) as this server speaks it: the schema URNs, the error body
// and the list envelope. What a person or a group looks like on it is scim-users.ts's and scim-groups.ts's.

export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** RFC 7644 §3.12's detail error keywords this server answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/** A refusal in SCIM's terms: the status, the keyword a directory acts on, and a sentence for its logs. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
export const resourceNotFound = (what: string, id: string) => new ScimError(404, `${what} ${id} not found`);

/**
 * The SCIM error for whatever a handler threw: its own, a service's AppError (EmailTaken is a 409
 * `uniqueness`, a field's problem a 400 `invalidValue`, in English: a directory's logs are read by its
 * administrators, whose language the token does not tell), or nothing (a 500 for the caller's log).
 */
export function scimErrorOf(error: unknown): ScimError | null {
  if (error instanceof ScimError) return error;
  if (!(error instanceof AppError)) return null;
  const status = ERROR_STATUS[error.code];
  const field = error.extra.field;
  const message = translate('en', field && isMessageKey(field.message) ? field.message : `errors.${error.code}`, {
    ...error.extra.params,
  });
  const detail = field ? `${field.name}: ${message}` : message;
  // The keyword a directory acts on: a field's problem, or a name or address another holds.
  const scimType = status === 400 ? 'invalidValue' : error.code.endsWith('Taken') ? 'uniqueness' : undefined;
  return new ScimError(status, detail, scimType);
}

export const errorBody = (error: ScimError) => ({
  schemas: [SCHEMA.error],
  status: String(error.status),
  ...(error.scimType ? { scimType: error.scimType } : {}),
  detail: error.detail,
});

/** RFC 7644 §3.4.2: a page of resources, `startIndex` counted from 1. */
export const listResponse = <T>(resources: T[], totalResults: number, startIndex: number) => ({
  schemas: [SCHEMA.list],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** What a page asks for (RFC 7644 §3.4.2.4): 1-based, at most MAX_COUNT; nonsense is read as the default. */
export const MAX_COUNT = 200;
export function pageOf(query: Record<string, unknown>): { startIndex: number; count: number } {
  const number = (value: unknown, fallback: number) => {
    const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
    return Number.isSafeInteger(parsed) ? parsed : fallback;
  };
  return {
    startIndex: Math.max(1, number(query.startIndex, 1)),
    count: Math.min(MAX_COUNT, Math.max(0, number(query.count, 100))),
  };
}

/**
 * Directories send JSON booleans, or (Entra ID) the strings "True" and "False": both mean the same.
 * Anything else is refused, naming the attribute.
 */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${attribute} must be a boolean`);
}

/** A string attribute's value, trimmed; empty or absent is null. */
export function textOf(value: unknown, attribute: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue(`${attribute} must be a string`);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The value of `key` in `object`, its name matched without regard to case (RFC 7643 §2.1). */
export function attributeOf(object: unknown, key: string): unknown {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const lower = key.toLowerCase();
  for (const [name, value] of Object.entries(object)) if (name.toLowerCase() === lower) return value;
  return undefined;
}
