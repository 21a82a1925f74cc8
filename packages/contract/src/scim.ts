import * as z from 'zod/mini';
import { IsoDateTimeSchema } from './content.js';
import { pageQuery } from './envelope.js';
import { tenantScope } from './people.js';

// Directory sync (SCIM 2.0, issue 31): the access tokens an organisation's ADMIN issues in the console for
// its directory (Microsoft Entra ID, Okta) to keep its people and groups in step. A token is shown once,
// stored as its hash, named, revocable, and says when it was last used.

/** Where the protocol is served, under the server's own origin (beside /api, not in it). */
export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_TOKEN_NAME_MAX_LENGTH = 100;
/** Live (unrevoked) tokens an organisation may hold at once: one a directory, with room to rotate. */
export const SCIM_TOKENS_LIVE_MAX = 20;
export const SCIM_TOKEN_PAGE_SIZE = 20;

const required = { error: 'validation.required' } as const;

/** GET /scim-token: the live tokens first, then the revoked ones, newest first, a page at a time. */
export const ScimTokenListQuerySchema = z.object({ ...pageQuery(SCIM_TOKEN_PAGE_SIZE), ...tenantScope });
export type ScimTokenListQuery = z.infer<typeof ScimTokenListQuerySchema>;

/** POST /scim-token: a name the organisation's live tokens do not already have (whatever its case or accents). */
export const CreateScimTokenBodySchema = z.object({
  name: z
    .string(required)
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(SCIM_TOKEN_NAME_MAX_LENGTH, { error: 'validation.tooLong' }),
    ),
});
export type CreateScimTokenBody = z.infer<typeof CreateScimTokenBodySchema>;

/** A token as the console lists it: never the secret itself. */
export const ScimTokenSchema = z.object({
  id: z.int(),
  name: z.string(),
  createdAt: IsoDateTimeSchema,
  /** Who issued it, of the organisation's people; null once they are deleted, or when `createdByProvider`. */
  createdBy: z.nullable(z.string()),
  /** Issued by the provider's SUPERADMIN working in the organisation (a person of another organisation). */
  createdByProvider: z.boolean(),
  /** When the directory last called with it (to the minute); null: never. */
  lastUsedAt: z.nullable(IsoDateTimeSchema),
  revokedAt: z.nullable(IsoDateTimeSchema),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;
export const ScimTokenListSchema = z.object({ count: z.int(), items: z.array(ScimTokenSchema) });
export type ScimTokenList = z.infer<typeof ScimTokenListSchema>;

/** POST /scim-token's answer: the token, and the secret the directory sends as its bearer token, this once. */
export const CreatedScimTokenSchema = z.object({ ...ScimTokenSchema.shape, token: z.string() });
export type CreatedScimToken = z.infer<typeof CreatedScimTokenSchema>;
