import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import { type ScopedContext, staffCallerOf } from '../../plugins/request-context.js';
import type { Moderation } from './moderation.service.js';

type Options = {
  staff: Moderation;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** Comments as their staff see, answer, hide and remove them. Who may call each: the contract's operations. */
export const moderationRoutes: FastifyPluginAsync<Options> = async (app, { staff, scoped }) => {
  const author = staffCallerOf(scoped);

  // The spec names the list twice: for moderation (`comment`) and among an item's statistics (`comments`).
  for (const operation of [api.listComments, api.listItemComments]) {
    route(app, operation, async (req) => ({
      payload: await staff.comments(await author(req), req.params.id, req.query),
    }));
  }
  route(app, api.getComment, async (req) => ({
    payload: await staff.comment(await author(req), req.params.id, req.params.commentId),
  }));
  route(app, api.listCommentQueue, async (req) => ({
    payload: await staff.queue(await author(req), req.query),
  }));
  route(app, api.changeComment, async (req) => ({
    payload: await staff.change(await author(req), req.params.id, req.params.commentId, req.body),
  }));
  route(app, api.deleteComment, async (req) => ({
    payload: await staff.deleteComment(await author(req), req.params.id, req.params.commentId),
  }));
};
