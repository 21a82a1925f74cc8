import { DoneSchema } from '../../auth.js';
import { IdParamsSchema } from '../../envelope.js';
import { TenantScopeQuerySchema } from '../../people.js';
import {
  CreatedScimTokenSchema,
  CreateScimTokenBodySchema,
  ScimTokenListQuerySchema,
  ScimTokenListSchema,
} from '../../scim.js';
import type { Operation } from '../operation.js';

// An organisation's directory-sync (SCIM) tokens (issue 31): its ADMINs issue them, see when each was last
// used, and revoke them. The secret is answered once, when it is issued; the protocol itself is served
// at SCIM_BASE_PATH, outside these calls.
const tags = ['scim'];

export const listScimTokens = {
  method: 'GET',
  path: '/scim-token',
  access: 'directory.manage',
  tags,
  query: ScimTokenListQuerySchema,
  response: ScimTokenListSchema,
} as const satisfies Operation;

export const createScimToken = {
  method: 'POST',
  path: '/scim-token',
  access: 'directory.manage',
  tags,
  query: TenantScopeQuerySchema,
  body: CreateScimTokenBodySchema,
  response: CreatedScimTokenSchema,
  errors: ['ScimTokenNameTaken', 'ScimTokenLimitReached'],
} as const satisfies Operation;

/** The directory is refused from its next call on; the token stays listed as revoked. */
export const revokeScimToken = {
  method: 'DELETE',
  path: '/scim-token/:id',
  access: 'directory.manage',
  tags,
  params: IdParamsSchema,
  query: TenantScopeQuerySchema,
  response: DoneSchema,
} as const satisfies Operation;
