import { IdParamsSchema } from '../../envelope.js';
import {
  PromotionListQuerySchema,
  PromotionListSchema,
  PromotionSchema,
  UpdatePromotionBodySchema,
} from '../../staff-content.js';
import type { Operation } from '../operation.js';

// Promotions (DESIGN.md §5): the provider's own PROMOTION items and the client organisations each is
// sent to. They work in the provider's organisation whatever the console's switcher names, so they take
// no `?tenant=`.
const tags = ['content'];

/** The provider's promotions, newest first, with the organisations each goes to. */
export const listPromotions = {
  method: 'GET',
  path: '/promotion',
  access: 'promotions',
  tags,
  query: PromotionListQuerySchema,
  response: PromotionListSchema,
} as const satisfies Operation;

/** One promotion and the organisations it goes to. */
export const getPromotion = {
  method: 'GET',
  path: '/promotion/:id',
  access: 'promotions',
  tags,
  params: IdParamsSchema,
  response: PromotionSchema,
} as const satisfies Operation;

/** Sends a promotion to exactly these organisations: the ones left out have their copy taken off. */
export const sendPromotion = {
  method: 'PATCH',
  path: '/promotion/:id',
  access: 'promotions',
  tags,
  params: IdParamsSchema,
  body: UpdatePromotionBodySchema,
  response: PromotionSchema,
} as const satisfies Operation;
