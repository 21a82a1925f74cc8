import { DoneSchema } from '../../auth.js';
import { IdParamsSchema } from '../../envelope.js';
import { TenantScopeQuerySchema } from '../../people.js';
import {
  CreateIdentityProviderBodySchema,
  IdentityProviderListSchema,
  IdentityProviderSchema,
  UpdateIdentityProviderBodySchema,
} from '../../sso.js';
import type { Operation } from '../operation.js';

// An organisation's identity providers (issue 31): its ADMINs add, change and remove them. A client
// secret goes in and never comes out; a domain belongs to one provider of one organisation.
const tags = ['sso'];

export const listIdentityProviders = {
  method: 'GET',
  path: '/identity-provider',
  access: 'sso.manage',
  tags,
  query: TenantScopeQuerySchema,
  response: IdentityProviderListSchema,
} as const satisfies Operation;

export const createIdentityProvider = {
  method: 'POST',
  path: '/identity-provider',
  access: 'sso.manage',
  tags,
  query: TenantScopeQuerySchema,
  body: CreateIdentityProviderBodySchema,
  response: IdentityProviderSchema,
  errors: ['SsoDomainTaken'],
} as const satisfies Operation;

export const updateIdentityProvider = {
  method: 'PATCH',
  path: '/identity-provider/:id',
  access: 'sso.manage',
  tags,
  params: IdParamsSchema,
  query: TenantScopeQuerySchema,
  body: UpdateIdentityProviderBodySchema,
  response: IdentityProviderSchema,
  errors: ['SsoDomainTaken'],
} as const satisfies Operation;

/** Its people keep their accounts (and sign in with a password or another provider). */
export const deleteIdentityProvider = {
  method: 'DELETE',
  path: '/identity-provider/:id',
  access: 'sso.manage',
  tags,
  params: IdParamsSchema,
  query: TenantScopeQuerySchema,
  response: DoneSchema,
} as const satisfies Operation;
