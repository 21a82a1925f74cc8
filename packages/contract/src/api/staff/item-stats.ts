import { IdParamsSchema } from '../../envelope.js';
import { EXPORT_TYPES, ExportQuerySchema, TenantScopeQuerySchema } from '../../people.js';
import { StaffAttemptListSchema, StaffAttemptSchema } from '../../staff-content.js';
import {
  AudienceMemberListSchema,
  ContentActivitySchema,
  ContentAttemptParamsSchema,
  ContentAttemptsQuerySchema,
  ContentInfoSchema,
  ContentReachSchema,
  ContentResultsSchema,
  ContentUserParamsSchema,
  ContentUsersQuerySchema,
  GroupReachListSchema,
  PeriodQuerySchema,
} from '../../stats.js';
import type { Operation } from '../operation.js';

// An item's statistics (spec point 7, "Content" info calls). Every call takes `?tenant=`; a CREATOR reads
// only their own items' (item-stats.service.ts).
const tags = ['statistics'];
const query = TenantScopeQuerySchema;
const params = IdParamsSchema;

/** An item's figures: its audience, views, completions, comments. */
export const getItemInfo = {
  method: 'GET',
  path: '/content/:id/info',
  access: 'content.read',
  tags,
  params,
  query,
  response: ContentInfoSchema,
} as const satisfies Operation;

/** How far an item has reached its audience. */
export const getItemReach = {
  method: 'GET',
  path: '/content/:id/reach',
  access: 'content.read',
  tags,
  params,
  query,
  response: ContentReachSchema,
} as const satisfies Operation;

/** An item's views and completions over a period. */
export const getItemActivity = {
  method: 'GET',
  path: '/content/:id/info/activity',
  access: 'content.read',
  tags,
  params,
  query: PeriodQuerySchema,
  response: ContentActivitySchema,
} as const satisfies Operation;

/** An item's reach in each of its audience's groups. */
export const getItemGroupsReach = {
  method: 'GET',
  path: '/content/:id/groups-reach',
  access: 'content.read',
  tags,
  params,
  query,
  response: GroupReachListSchema,
} as const satisfies Operation;

/** An item's audience, each person with where they are, searched and a page at a time. */
export const listItemAudience = {
  method: 'GET',
  path: '/content/:id/users',
  access: 'content.read',
  tags,
  params,
  query: ContentUsersQuerySchema,
  response: AudienceMemberListSchema,
} as const satisfies Operation;

/** A quiz's or a poll's results over every submission. */
export const getItemResults = {
  method: 'GET',
  path: '/content/:id/results',
  access: 'content.read',
  tags,
  params,
  query,
  response: ContentResultsSchema,
} as const satisfies Operation;

/** An item's attempts, newest first. */
export const listAttemptsOfItem = {
  method: 'GET',
  path: '/content/:id/attempts',
  access: 'content.read',
  tags,
  params,
  query: ContentAttemptsQuerySchema,
  response: StaffAttemptListSchema,
} as const satisfies Operation;

/** One person's attempts at an item. */
export const listAttemptsOfMember = {
  method: 'GET',
  path: '/content/:id/users/:userId/attempts',
  access: 'content.read',
  tags,
  params: ContentUserParamsSchema,
  query: ContentAttemptsQuerySchema,
  response: StaffAttemptListSchema,
} as const satisfies Operation;

/** One attempt of a person at an item, with its answers. */
export const getAttemptOfMember = {
  method: 'GET',
  path: '/content/:id/users/:userId/results/:attemptId',
  access: 'content.read',
  tags,
  params: ContentAttemptParamsSchema,
  query,
  response: StaffAttemptSchema,
} as const satisfies Operation;

/** An item's audience with their answers, and its results, as a spreadsheet. */
export const exportItem = {
  method: 'GET',
  path: '/export/content/:id',
  access: 'content.read',
  tags,
  params,
  query: ExportQuerySchema,
  produces: Object.values(EXPORT_TYPES),
} as const satisfies Operation;
