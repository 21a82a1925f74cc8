import { IdParamsSchema } from '../../envelope.js';
import { TenantScopeQuerySchema } from '../../people.js';
import {
  ReviewDecisionBodySchema,
  ReviewHistorySchema,
  ReviewQueueQuerySchema,
  ReviewQueueSchema,
  ReviewSettingsBodySchema,
  ReviewSettingsSchema,
} from '../../review.js';
import { StaffContentSchema } from '../../staff-content.js';
import type { Operation } from '../operation.js';

// Review before publishing (ADR 0065). Every call takes `?tenant=`; who approves is decided by the item
// and the organisation's reviewers besides the route's role (`mayReview`, review.service.ts).
const tags = ['content'];
const query = TenantScopeQuerySchema;

/** Whether the organisation reviews, its named reviewers, and what that means for the caller. */
export const getReviewSettings = {
  method: 'GET',
  path: '/review/settings',
  access: 'content.read',
  tags,
  query,
  response: ReviewSettingsSchema,
} as const satisfies Operation;

/** The organisation's choice and its named reviewers, written as a whole. */
export const updateReviewSettings = {
  method: 'PUT',
  path: '/review/settings',
  access: 'review.manage',
  tags,
  query,
  body: ReviewSettingsBodySchema,
  response: ReviewSettingsSchema,
} as const satisfies Operation;

/** The items in review, the longest waiting first: a reviewer's all of them, another CREATOR's own. */
export const listReviews = {
  method: 'GET',
  path: '/reviews',
  access: 'content.author',
  tags,
  query: ReviewQueueQuerySchema,
  response: ReviewQueueSchema,
} as const satisfies Operation;

/** An item in review approved (out at its time) or sent back to its author with a comment. */
export const reviewContent = {
  method: 'POST',
  path: '/content/:id/review',
  access: 'content.author',
  tags,
  params: IdParamsSchema,
  query,
  body: ReviewDecisionBodySchema,
  response: StaffContentSchema,
  errors: ['NotInReview'],
} as const satisfies Operation;

/** An item's review history, newest first. */
export const listContentReviews = {
  method: 'GET',
  path: '/content/:id/reviews',
  access: 'content.read',
  tags,
  params: IdParamsSchema,
  query,
  response: ReviewHistorySchema,
} as const satisfies Operation;
