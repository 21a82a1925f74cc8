import { ContentStatsSchema, CountByTypeSchema, GroupListSchema, UserStatsSchema } from '../../content.js';
import type { Operation } from '../operation.js';

// The profile panel's calls (spec point 7, Mobile): the signed-in user's own statistics and groups.
const tags = ['profile'];

export const myContentStats = {
  method: 'GET',
  path: '/mobile/content/info/stats',
  access: 'signedIn',
  tags,
  response: ContentStatsSchema,
} as const satisfies Operation;

export const myCountByType = {
  method: 'GET',
  path: '/mobile/content/info/count',
  access: 'signedIn',
  tags,
  response: CountByTypeSchema,
} as const satisfies Operation;

export const myStats = {
  method: 'GET',
  path: '/mobile/users/stats',
  access: 'signedIn',
  tags,
  response: UserStatsSchema,
} as const satisfies Operation;

export const myGroups = {
  method: 'GET',
  path: '/mobile/users/groups',
  access: 'signedIn',
  tags,
  response: GroupListSchema,
} as const satisfies Operation;
