import {
  findControlCharacter,
  type IdentityProvider,
  type PersonAttributeChangesInput,
  PersonAttributesSchema,
  SSO_CLAIMED_ATTRIBUTES,
  type SsoAttributeClaims,
  type SsoClaimedAttribute,
} from '@kanal/contract';
import { AppError } from '../../lib/app-error.js';

// What a provider's claims say of a person beyond who they are: the groups they list, and the attributes
// the organisation mapped to claims (issue 31).

/** The claim of each attribute a provider maps, as stored: only the mapped ones, by a name that is not empty. */
export type StoredAttributeClaims = Partial<Record<SsoClaimedAttribute, string>>;

export const storedAttributeClaims = (given: SsoAttributeClaims | undefined): StoredAttributeClaims =>
  Object.fromEntries(
    SSO_CLAIMED_ATTRIBUTES.flatMap((attribute) => (given?.[attribute] ? [[attribute, given[attribute]]] : [])),
  );

/** As a provider is answered: every attribute, null where it is not mapped. */
export const shownAttributeClaims = (stored: StoredAttributeClaims): IdentityProvider['attributeClaims'] => ({
  department: stored.department ?? null,
  location: stored.location ?? null,
  jobTitle: stored.jobTitle ?? null,
  employeeNumber: stored.employeeNumber ?? null,
  startDate: stored.startDate ?? null,
});

/** A claim's values as a list: an array's strings, or the one string. */
export const claimList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A claim by its name: as written first (Entra ID's `extn.department`, a namespaced URL), else a dotted name
 * as a path into objects (`address.locality`, in the standard address claim). Undefined when absent.
 */
export function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  let node: unknown = claims;
  for (const part of name.split('.')) {
    if (!isRecord(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * A start date as directories send it: a day (2021-03-01) or a date-time at its start (Entra ID's
 * employeeHireDate, 2021-03-01T00:00:00Z), whose day is taken as written.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const dayOf = (value: string) => DATE_TIME.exec(value.trim())?.[1] ?? value.trim();

/** Why a mapped claim's value was not taken: not a text, control characters, too long, or no day. */
export type IgnoredClaimReason = 'notText' | 'controlCharacters' | 'tooLong' | 'notADay';
export type IgnoredClaim = { attribute: SsoClaimedAttribute; claim: string; reason: IgnoredClaimReason };

/**
 * The attributes the mapped claims carry, as the people service's setAttributes takes them. A claim the
 * answer lacks leaves its attribute as it is; an empty text clears it (the directory holds none). A value
 * that could not be the attribute's is left out and named in `ignored` (never its value, which is the
 * person's), so that one odd claim never costs the person their sign-in.
 */
export function attributesFromClaims(
  mapping: StoredAttributeClaims,
  claims: Record<string, unknown>,
): { changes: PersonAttributeChangesInput; ignored: IgnoredClaim[] } {
  const changes: PersonAttributeChangesInput = {};
  const ignored: IgnoredClaim[] = [];
  for (const attribute of SSO_CLAIMED_ATTRIBUTES) {
    const claim = mapping[attribute];
    if (!claim) continue;
    const value = claimAt(claims, claim);
    if (value === undefined) continue;
    if (typeof value !== 'string' || findControlCharacter(value) !== null) {
      ignored.push({ attribute, claim, reason: typeof value === 'string' ? 'controlCharacters' : 'notText' });
      continue;
    }
    if (attribute === 'startDate') {
      const day = dayOf(value);
      if (day === '') changes.startDate = null;
      else if (PersonAttributesSchema.shape.startDate.safeParse(day).success) changes.startDate = day;
      else ignored.push({ attribute, claim, reason: 'notADay' });
    } else if (PersonAttributesSchema.shape[attribute].safeParse(value).success) {
      changes[attribute] = value;
    } else {
      ignored.push({ attribute, claim, reason: 'tooLong' });
    }
  }
  return { changes, ignored };
}

type TakeDeps = {
  /** The people service's setAttributes: the changes and their audit entry in one transaction. */
  setAttributes: (
    tenantId: number,
    userId: number,
    changes: PersonAttributeChangesInput,
    by: { providerId: number },
  ) => Promise<unknown>;
  log: { warn: (details: object, message: string) => void };
};

/**
 * At a sign-in, the person's attributes as the provider's mapped claims give them. What is ignored is
 * logged; a refusal the checks above did not foresee is logged too, and the sign-in goes on.
 */
export async function takeClaimedAttributes(
  deps: TakeDeps,
  provider: { tenantId: number; id: number; attributeClaims: StoredAttributeClaims },
  userId: number,
  claims: Record<string, unknown>,
): Promise<void> {
  const where = { tenantId: provider.tenantId, providerId: provider.id, userId };
  const { changes, ignored } = attributesFromClaims(provider.attributeClaims, claims);
  for (const each of ignored) deps.log.warn({ ...where, ...each }, 'identity provider claim ignored');
  if (Object.keys(changes).length === 0) return;
  await deps.setAttributes(provider.tenantId, userId, changes, { providerId: provider.id }).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ ...where, code: error.code, field: error.extra.field?.name }, 'identity provider claims not taken');
  });
}
