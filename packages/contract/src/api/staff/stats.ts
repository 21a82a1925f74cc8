import { TenantScopeQuerySchema } from '../../people.js';
import { GroupCompletionListSchema, OverviewSchema, PeriodQuerySchema, TenantActivitySchema } from '../../stats.js';
import type { Operation } from '../operation.js';

// A tenant's statistics (spec point 7): its admins and analysts, a SUPERADMIN in any (`?tenant=`, an
// unknown one answers 404).
const tags = ['statistics'];

/** The tenant's periods, each also split by content type. */
export const tenantActivity = {
  method: 'GET',
  path: '/content/info/activity',
  access: 'stats.read',
  tags,
  query: PeriodQuerySchema,
  response: TenantActivitySchema,
} as const satisfies Operation;

export const dashboardOverview = {
  method: 'GET',
  path: '/stats/dashboard/overview',
  access: 'stats.read',
  tags,
  query: TenantScopeQuerySchema,
  response: OverviewSchema,
} as const satisfies Operation;

/** Each group's active members and how far they got with the live items sent to them. */
export const groupCompletion = {
  method: 'GET',
  path: '/tenant/info/groups',
  access: 'stats.read',
  tags,
  query: TenantScopeQuerySchema,
  response: GroupCompletionListSchema,
} as const satisfies Operation;
