import { IdParamsSchema } from '../../envelope.js';
import { DeletedSchema, TenantScopeQuerySchema } from '../../people.js';
import {
  CommentChangeBodySchema,
  CommentParamsSchema,
  CommentQuerySchema,
  CommentQueueQuerySchema,
  StaffCommentListSchema,
  StaffCommentSchema,
} from '../../staff-content.js';
import type { Operation } from '../operation.js';

// An item's comments as its staff see, answer, hide and remove them (spec point 7, "Content"), and the
// organisation's comments across items in one queue. Every call takes `?tenant=`; a CREATOR reads and
// moderates only their own items' (moderation.service.ts).
const tags = ['content'];
const query = TenantScopeQuerySchema;
const params = IdParamsSchema;

/** An item's comments, for moderation, newest first. */
export const listComments = {
  method: 'GET',
  path: '/content/:id/comment',
  access: 'content.read',
  tags,
  params,
  query: CommentQuerySchema,
  response: StaffCommentListSchema,
} as const satisfies Operation;

/** The same list, under the name the spec gives it among an item's statistics. */
export const listItemComments = {
  ...listComments,
  path: '/content/:id/comments',
} as const satisfies Operation;

/** One comment of an item. */
export const getComment = {
  method: 'GET',
  path: '/content/:id/comment/:commentId',
  access: 'content.read',
  tags,
  params: CommentParamsSchema,
  query,
  response: StaffCommentSchema,
} as const satisfies Operation;

/** A comment taken down. */
export const deleteComment = {
  method: 'DELETE',
  path: '/content/:id/comment/:commentId',
  access: 'content.author',
  tags,
  params: CommentParamsSchema,
  query,
  response: DeletedSchema,
} as const satisfies Operation;

/** The organisation's comments across items, newest first: a CREATOR's own items', an ANALYST's to read. */
export const listCommentQueue = {
  method: 'GET',
  path: '/comments',
  access: 'content.read',
  tags,
  query: CommentQueueQuerySchema,
  idFilters: { content: 'content', user: 'user' },
  response: StaffCommentListSchema,
} as const satisfies Operation;

/** A reply to a comment, the comment hidden with a reason, or marked handled; its writer hears of a reply. */
export const changeComment = {
  method: 'PATCH',
  path: '/content/:id/comment/:commentId',
  access: 'content.author',
  tags,
  params: CommentParamsSchema,
  query,
  body: CommentChangeBodySchema,
  response: StaffCommentSchema,
} as const satisfies Operation;
