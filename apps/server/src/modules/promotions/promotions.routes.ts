import { api } from '@kanal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { Author } from '../authoring/authoring.service.js';
import type { Promotions } from './promotions.service.js';

/** The provider's promotions. Who may call each: the contract's operations. */
export const promotionsRoutes: FastifyPluginAsync<{ staff: Promotions }> = async (app, { staff }) => {
  // Promotions (SUPERADMIN): the provider's own PROMOTION items and the organisations each goes to. They
  // work in the provider's tenant whatever the console's switcher names, so they take no `?tenant=`.
  const provider = (req: FastifyRequest): Author => ({ ...req.ctx, lang: req.lang, ownTenantId: req.ctx.tenantId });
  route(app, api.listPromotions, async (req) => ({ payload: await staff.promotions(provider(req), req.query) }));
  route(app, api.getPromotion, async (req) => ({
    payload: await staff.promotion(provider(req), req.params.id),
  }));
  route(app, api.sendPromotion, async (req) => ({
    payload: await staff.sendPromotion(provider(req), req.params.id, req.body),
  }));
};
