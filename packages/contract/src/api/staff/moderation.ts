import { IdParamsSchema } from '../../envelope.js';
import { DeletedSchema, TenantScopeQuerySchema } from '../../people.js';
import {
  CommentParamsSchema,
  CommentQuerySchema,
  StaffCommentListSchema,
  StaffCommentSchema,
} from '../../staff-content.js';
import type { Operation } from '../operation.js';

// An item's comments as its staff see and remove them (spec point 7, "Content"). Every call takes
// `?tenant=`; a CREATOR removes only their own items' (moderation.service.ts).
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
