import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import { type ScopedContext, staffCallerOf } from '../../plugins/request-context.js';
import type { Review } from './review.service.js';

type Options = {
  review: Review;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** Review before publishing. Who may call each: the contract's operations; who decides: review.service.ts. */
export const reviewRoutes: FastifyPluginAsync<Options> = async (app, { review, scoped }) => {
  const author = staffCallerOf(scoped);
  route(app, api.getReviewSettings, async (req) => ({ payload: await review.settings(await author(req)) }));
  route(app, api.updateReviewSettings, async (req) => ({
    payload: await review.updateSettings(await author(req), req.body),
  }));
  route(app, api.listReviews, async (req) => ({ payload: await review.queue(await author(req), req.query) }));
  route(app, api.reviewContent, async (req) => ({
    payload: await review.decide(await author(req), req.params.id, req.body),
  }));
  route(app, api.listContentReviews, async (req) => ({
    payload: await review.history(await author(req), req.params.id),
  }));
};
