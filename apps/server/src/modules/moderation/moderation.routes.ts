import {
  CommentParamsSchema,
  CommentQuerySchema,
  DeletedSchema,
  envelope,
  IdParamsSchema,
  StaffCommentListSchema,
  StaffCommentSchema,
  TenantScopeQuerySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { Author } from '../authoring/authoring.service.js';
import type { Moderation } from './moderation.service.js';

type Options = {
  staff: Moderation;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** An item's comments as its staff see and remove them. Who may call each: src/access.ts. */
export const moderationRoutes: FastifyPluginAsyncZod<Options> = async (app, { staff, scoped }) => {
  const tags = ['content'];
  // Every route here takes `?tenant=` (its querystring schema has the scope), so the query has it parsed.
  const author = async (req: FastifyRequest): Promise<Author> => ({
    ...(await scoped(req)),
    lang: req.lang,
    ownTenantId: req.ctx.tenantId,
  });
  const querystring = TenantScopeQuerySchema;
  const params = IdParamsSchema;
  const deleted = { 200: envelope(DeletedSchema) };

  // The spec names the list twice: for moderation (`comment`) and among an item's statistics (`comments`).
  for (const path of ['/content/:id/comment', '/content/:id/comments'] as const) {
    app.get(
      path,
      {
        schema: { tags, params, querystring: CommentQuerySchema, response: { 200: envelope(StaffCommentListSchema) } },
      },
      async (req) => ({ payload: await staff.comments(await author(req), req.params.id, req.query) }),
    );
  }
  app.get(
    '/content/:id/comment/:commentId',
    { schema: { tags, querystring, params: CommentParamsSchema, response: { 200: envelope(StaffCommentSchema) } } },
    async (req) => ({ payload: await staff.comment(await author(req), req.params.id, req.params.commentId) }),
  );
  app.delete(
    '/content/:id/comment/:commentId',
    { schema: { tags, querystring, params: CommentParamsSchema, response: deleted } },
    async (req) => ({
      payload: await staff.deleteComment(await author(req), req.params.id, req.params.commentId),
    }),
  );
};
