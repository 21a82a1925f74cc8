import { IdParamsSchema } from '../../envelope.js';
import { TenantScopeQuerySchema } from '../../people.js';
import {
  AttemptDeletedSchema,
  PointsFixSchema,
  StaffAttemptListSchema,
  StaffAttemptSchema,
  UserAnswerQuerySchema,
} from '../../staff-content.js';
import type { Operation } from '../operation.js';

// The organisation's named answers (spec point 7, "User answers"): education and inquiry attempts, by
// item and person. Every call but the maintenance takes `?tenant=`.
const tags = ['answers'];
const query = TenantScopeQuerySchema;
const params = IdParamsSchema;

/** Named attempts by item and person, newest first. */
export const listUserAnswers = {
  method: 'GET',
  path: '/userAnswer',
  access: 'content.read',
  tags,
  query: UserAnswerQuerySchema,
  response: StaffAttemptListSchema,
  idFilters: { content: 'content', user: 'user' },
} as const satisfies Operation;

/** One attempt with its answers. */
export const getUserAnswer = {
  method: 'GET',
  path: '/userAnswer/:id',
  access: 'content.read',
  tags,
  params,
  query,
  response: StaffAttemptSchema,
} as const satisfies Operation;

/** An attempt deleted; it changes the person's points, so only the organisation's admins may. */
export const deleteUserAnswer = {
  method: 'DELETE',
  path: '/userAnswer/:id',
  access: 'people.write',
  tags,
  params,
  query,
  response: AttemptDeletedSchema,
} as const satisfies Operation;

/** Maintenance over every organisation, idempotent: each points ledger made to agree with its attempts. */
export const fixPoints = {
  method: 'POST',
  path: '/content/info/fix-points',
  access: 'system',
  tags,
  response: PointsFixSchema,
} as const satisfies Operation;
