import * as z from 'zod/mini';
import { CLAIM_NAME_MAX_LENGTH, NAME_MAX_LENGTH } from './constants.js';
import { IsoDateTimeSchema } from './content.js';
import { IdSchema } from './envelope.js';

// Single sign-on (issue 31): an organisation's own OpenID Connect providers, which its people sign in
// through (authorization code flow with PKCE, state and nonce), and the groups a provider's claim maps to.

export const SSO_DOMAINS_MAX = 20;
export const SSO_GROUP_MAPPINGS_MAX = 200;
/** How long a started sign-in waits for the provider's answer, and a finished one's ticket for the app. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60_000;
export const SSO_TICKET_TTL_MS = 60_000;

const required = { error: 'validation.required' } as const;
/** An e-mail domain as people's addresses end: lowercase, at least one dot, no scheme or @. */
export const SsoDomainSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(253),
    z.regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'validation.domain' }),
  );

export const SsoGroupMappingSchema = z.object({
  /** A value of the provider's groups claim (a group's name or id at the provider). */
  value: z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(256)),
  groupId: IdSchema,
});
export type SsoGroupMapping = z.infer<typeof SsoGroupMappingSchema>;

/**
 * Each entry once, by `keyOf`: a domain and a claim value are keys of their tables, so a repeat would fail
 * the insert. The repeat (not the first) is named, at `path` inside it.
 */
const listedOnce = <T>(keyOf: (item: T) => string, path: (string | number)[] = []) =>
  z.superRefine<T[]>((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', input: item, path: [index, ...path], message: 'validation.listedTwice' });
      }
      seen.add(key);
    });
  });

/**
 * The person attributes a provider's claims may set at each sign-in (issue 31). Not the manager: a claim
 * names a manager as the directory knows them (its id, a distinguished name), not as a person here.
 */
export const SSO_CLAIMED_ATTRIBUTES = ['department', 'location', 'jobTitle', 'employeeNumber', 'startDate'] as const;
export type SsoClaimedAttribute = (typeof SSO_CLAIMED_ATTRIBUTES)[number];

/**
 * A claim's name as tokens carry it: a plain name (`department`, `jobTitle`), Entra ID's `extn.<name>` for a
 * directory extension, or a namespaced URL as Auth0 asks for (`https://firma.hr/department`). Empty: not mapped.
 */
const CLAIM_NAME_PATTERN = /^(?:[A-Za-z_][\w.:/#-]*)?$/;
const claimName = z.optional(
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(CLAIM_NAME_MAX_LENGTH, { error: 'validation.claimNameTooLong' }),
        z.regex(CLAIM_NAME_PATTERN, { error: 'validation.claimName' }),
      ),
  ),
);
/**
 * Which claim carries each attribute; one not named (or null, or empty) is not taken from the provider.
 * Given whole: a PATCH that names it replaces the mapping.
 */
export const SsoAttributeClaimsSchema = z.object({
  department: claimName,
  location: claimName,
  jobTitle: claimName,
  employeeNumber: claimName,
  startDate: claimName,
});
export type SsoAttributeClaims = z.infer<typeof SsoAttributeClaimsSchema>;

const providerFields = {
  name: z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(NAME_MAX_LENGTH)),
  /** The provider's issuer; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: z
    .string(required)
    .check(
      z.trim(),
      z.maxLength(500),
      z.regex(/^https?:\/\/[a-zA-Z0-9.-]+(:\d{1,5})?(\/[\w.~%!$&'()*+,;=:@/-]*)?$/, { error: 'validation.url' }),
    ),
  clientId: z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(500)),
  domains: z.array(SsoDomainSchema).check(
    z.maxLength(SSO_DOMAINS_MAX),
    listedOnce((domain: string) => domain),
  ),
  /** The ID token's or userinfo's claim that lists the person's groups; null: groups are not taken from it. */
  groupsClaim: z.nullable(z.string().check(z.trim(), z.maxLength(100))),
  groups: z.array(SsoGroupMappingSchema).check(
    z.maxLength(SSO_GROUP_MAPPINGS_MAX),
    listedOnce((mapping: SsoGroupMapping) => mapping.value, ['value']),
  ),
  /** Person attributes taken from claims at each sign-in; left out of a new provider's body: none. */
  attributeClaims: z.optional(SsoAttributeClaimsSchema),
  /** People unknown to the organisation are created at their first sign-in (just in time). */
  createPeople: z.boolean(),
  /** People of the provider's domains may still sign in with a password. */
  passwordsAllowed: z.boolean(),
  enabled: z.boolean(),
};
const secret = z.string(required).check(z.minLength(1, required), z.maxLength(1000));

/**
 * Sign-out's answer (GET /auth/signout). A session started through an organisation's identity provider that
 * can end its own session also names where (`endSessionUrl`): the browser goes there, and the provider sends
 * it back to /login. Absent for a password's session, and when the provider could not be asked. Here rather
 * than beside DoneSchema in auth.ts: the browser builds every schema of auth.ts on /login's path.
 */
export const SignOutResultSchema = z.object({ done: z.literal(true), endSessionUrl: z.optional(z.string()) });
export type SignOutResult = z.infer<typeof SignOutResultSchema>;

/** POST /identity-provider: the client secret is stored encrypted and never answered. */
export const CreateIdentityProviderBodySchema = z.object({ ...providerFields, clientSecret: secret });
export type CreateIdentityProviderBody = z.infer<typeof CreateIdentityProviderBodySchema>;
/**
 * PATCH /identity-provider/{id}: what is given changes; a new secret replaces the stored one. Made from the
 * POST schema by name, so a bundle that does not use it drops it (a spread literal here would be kept).
 */
export const UpdateIdentityProviderBodySchema = z.partial(CreateIdentityProviderBodySchema);
export type UpdateIdentityProviderBody = z.infer<typeof UpdateIdentityProviderBodySchema>;
/**
 * A provider's settings whole, as the console's form on its page sends them (a PATCH body that gives every
 * field): the secret only when a new one replaces the stored one. The form checks this rather than the PATCH
 * schema, whose z.partial would put zod's partial into the web's chunk that /login shares.
 */
export const IdentityProviderSettingsSchema = z.object({ ...providerFields, clientSecret: z.optional(secret) });

export const IdentityProviderSchema = z.object({
  id: z.int(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  domains: z.array(z.string()),
  groupsClaim: z.nullable(z.string()),
  groups: z.array(z.object({ value: z.string(), groupId: z.int() })),
  /** Each attribute's claim; null: not mapped. */
  attributeClaims: z.object({
    department: z.nullable(z.string()),
    location: z.nullable(z.string()),
    jobTitle: z.nullable(z.string()),
    employeeNumber: z.nullable(z.string()),
    startDate: z.nullable(z.string()),
  }),
  createPeople: z.boolean(),
  passwordsAllowed: z.boolean(),
  enabled: z.boolean(),
  /** Where the provider sends people back: registered at the provider as the client's redirect URI. */
  redirectUri: z.string(),
  /** Where the provider sends people back after signing them out: its post-logout (sign-out) redirect URI. */
  postLogoutRedirectUri: z.string(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;
export const IdentityProviderListSchema = z.array(IdentityProviderSchema);

/** GET /auth/sso/{tenant}/{provider}: where the web app sends a person to sign in. */
export const SsoStartParamsSchema = z.object({
  tenant: z.string().check(z.regex(/^\d{1,9}$/)),
  provider: z.string().check(z.regex(/^\d{1,9}$/)),
});
export const SsoStartQuerySchema = z.object({
  /** Stay signed in (a longer session), as the sign-in form's checkbox. */
  remember: z.optional(z.enum(['0', '1'])),
});
/** GET /auth/sso/callback: what the provider sends back (an error instead of a code when it refused). */
export const SsoCallbackQuerySchema = z.object({
  state: z.optional(z.string().check(z.maxLength(200))),
  code: z.optional(z.string().check(z.maxLength(4000))),
  error: z.optional(z.string().check(z.maxLength(200))),
  iss: z.optional(z.string().check(z.maxLength(500))),
});
/** Why a sign-in through a provider was refused: the login screen explains each. */
export const SSO_REFUSALS = [
  'expired',
  'providerError',
  'tokenInvalid',
  'unknownPerson',
  'deactivated',
  'ssoOff',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** GET /auth/sso/providers?tenant=: an organisation's providers people may sign in with (its tenant link). */
export const SsoProvidersQuerySchema = z.object({ tenant: z.string().check(z.regex(/^\d{1,9}$/)) });
export const SsoEntrySchema = z.object({ name: z.string(), url: z.string() });
export const SsoEntryListSchema = z.array(SsoEntrySchema);
export type SsoEntry = z.infer<typeof SsoEntrySchema>;

/** POST /auth/sso/ticket: the single-use ticket the callback handed the web app, for its session. */
export const SsoTicketBodySchema = z.object({ ticket: z.string().check(z.minLength(1), z.maxLength(200)) });
