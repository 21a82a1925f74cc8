import { DoneSchema } from '../../auth.js';
import { IdParamsSchema } from '../../envelope.js';
import {
  AdminTenantListSchema,
  AdminTenantSchema,
  CreatedTenantSchema,
  CreateTenantBodySchema,
  DeleteTenantBodySchema,
  TenantListQuerySchema,
  UpdateTenantBodySchema,
} from '../../people.js';
import { TopFiveSchema } from '../../stats.js';
import type { Operation } from '../operation.js';

// The organisations (spec point 7, "Tenant"): the provider's SUPERADMINs run them. The provider's own
// organisation is neither deactivated nor deleted (OwnTenant).
const tags = ['tenants'];

export const listTenants = {
  method: 'GET',
  path: '/tenant',
  access: 'tenants.manage',
  tags,
  query: TenantListQuerySchema,
  response: AdminTenantListSchema,
} as const satisfies Operation;

/** The organisation and its first ADMIN, who is welcomed by mail. */
export const createTenant = {
  method: 'POST',
  path: '/tenant',
  access: 'tenants.manage',
  tags,
  body: CreateTenantBodySchema,
  response: CreatedTenantSchema,
  errors: ['TenantNameTaken', 'EmailTaken'],
} as const satisfies Operation;

/** A tenant's five people with the most points and five items finished by the most: its own staff's too. */
export const topFive = {
  method: 'GET',
  path: '/tenant/top-five/:id',
  access: 'stats.read',
  tags,
  params: IdParamsSchema,
  response: TopFiveSchema,
} as const satisfies Operation;

export const getTenant = {
  method: 'GET',
  path: '/tenant/:id',
  access: 'tenants.manage',
  tags,
  params: IdParamsSchema,
  response: AdminTenantSchema,
} as const satisfies Operation;

export const updateTenant = {
  method: 'PATCH',
  path: '/tenant/:id',
  access: 'tenants.manage',
  tags,
  params: IdParamsSchema,
  body: UpdateTenantBodySchema,
  response: AdminTenantSchema,
  errors: ['TenantNameTaken'],
} as const satisfies Operation;

/** Everything of the organisation goes; its name must be typed back. */
export const deleteTenant = {
  method: 'DELETE',
  path: '/tenant/:id',
  access: 'tenants.manage',
  tags,
  params: IdParamsSchema,
  body: DeleteTenantBodySchema,
  response: DoneSchema,
  errors: ['OwnTenant'],
} as const satisfies Operation;

export const activateTenant = {
  method: 'POST',
  path: '/tenant/:id/activate',
  access: 'tenants.manage',
  tags,
  params: IdParamsSchema,
  response: AdminTenantSchema,
} as const satisfies Operation;

/** Everyone's sessions end at their next request, and sign-in says why. */
export const deactivateTenant = {
  method: 'POST',
  path: '/tenant/:id/deactivate',
  access: 'tenants.manage',
  tags,
  params: IdParamsSchema,
  response: AdminTenantSchema,
  errors: ['OwnTenant'],
} as const satisfies Operation;
