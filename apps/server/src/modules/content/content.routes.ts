import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { ContentService } from './content.service.js';

/** The end-user content calls (spec point 7, Mobile). Every one needs a session. */
export const contentRoutes: FastifyPluginAsync<{ content: ContentService }> = async (app, { content }) => {
  route(app, api.listNewItems, { sessionInStatement: true }, async (req) => ({
    payload: await req.admit(content.listNew(req.credentials, req.query)),
  }));
  route(app, api.listFinishedItems, async (req) => ({ payload: await content.listFinished(req.ctx, req.query) }));
  route(app, api.listAttemptedItems, async (req) => ({ payload: await content.listNewWithAttempts(req.ctx) }));
  route(app, api.listArchiveFilters, async (req) => ({ payload: await content.filterOptions(req.ctx, req.lang) }));
  route(app, api.getItem, async (req) => ({ payload: await content.getDetail(req.ctx, req.params.id) }));
  route(app, api.getItemMaterial, async (req) => ({ payload: await content.getMaterial(req.ctx, req.params.id) }));
  route(app, api.getMedia, async (req) => ({ payload: await content.getMedia(req.ctx, req.params.id) }));
  route(app, api.markItemViewed, async (req) => ({ payload: await content.markViewed(req.ctx, req.body) }));
  route(app, api.markItemFinished, async (req) => ({ payload: await content.markFinished(req.ctx, req.body) }));
  route(app, api.commentOnItem, async (req) => ({ payload: await content.comment(req.ctx, req.body) }));
};
