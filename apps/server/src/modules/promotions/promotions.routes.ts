import {
  envelope,
  IdParamsSchema,
  PromotionListQuerySchema,
  PromotionListSchema,
  PromotionSchema,
  UpdatePromotionBodySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Author } from '../authoring/authoring.service.js';
import type { Promotions } from './promotions.service.js';

/** The provider's promotions. Who may call each: src/access.ts. */
export const promotionsRoutes: FastifyPluginAsyncZod<{ staff: Promotions }> = async (app, { staff }) => {
  const tags = ['content'];
  const params = IdParamsSchema;

  // Promotions (SUPERADMIN): the provider's own PROMOTION items and the organisations each goes to. They
  // work in the provider's tenant whatever the console's switcher names, so they take no `?tenant=`.
  const provider = (req: FastifyRequest): Author => ({ ...req.ctx, lang: req.lang, ownTenantId: req.ctx.tenantId });
  app.get(
    '/promotion',
    { schema: { tags, querystring: PromotionListQuerySchema, response: { 200: envelope(PromotionListSchema) } } },
    async (req) => ({ payload: await staff.promotions(provider(req), req.query) }),
  );
  app.get(
    '/promotion/:id',
    { schema: { tags, params, response: { 200: envelope(PromotionSchema) } } },
    async (req) => ({
      payload: await staff.promotion(provider(req), req.params.id),
    }),
  );
  app.patch(
    '/promotion/:id',
    { schema: { tags, params, body: UpdatePromotionBodySchema, response: { 200: envelope(PromotionSchema) } } },
    async (req) => ({ payload: await staff.sendPromotion(provider(req), req.params.id, req.body) }),
  );
};
