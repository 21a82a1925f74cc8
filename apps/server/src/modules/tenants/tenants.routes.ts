import {
  AdminTenantListSchema,
  AdminTenantSchema,
  CreatedTenantSchema,
  CreateTenantBodySchema,
  DeleteTenantBodySchema,
  DoneSchema,
  envelope,
  IdParamsSchema,
  TenantListQuerySchema,
  TopFiveSchema,
  UpdateTenantBodySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../users/people.service.js';
import type { TenantsService } from './tenants.service.js';

const actor = (req: FastifyRequest): Actor => ({ ...req.ctx, lang: req.lang });

/** The organisations (spec point 7, "Tenant"); who may call: src/access.ts. */
export const tenantsRoutes: FastifyPluginAsyncZod<{ tenants: TenantsService }> = async (app, { tenants }) => {
  const tags = ['tenants'];
  const one = { 200: envelope(AdminTenantSchema) };

  app.get(
    '/tenant',
    { schema: { tags, querystring: TenantListQuerySchema, response: { 200: envelope(AdminTenantListSchema) } } },
    async (req) => ({ payload: await tenants.list(req.query) }),
  );
  app.post(
    '/tenant',
    {
      config: { errors: [409] },
      schema: { tags, body: CreateTenantBodySchema, response: { 200: envelope(CreatedTenantSchema) } },
    },
    async (req) => ({ payload: await tenants.create(actor(req), req.body) }),
  );
  app.get(
    '/tenant/top-five/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: envelope(TopFiveSchema) } } },
    async (req) => ({ payload: await tenants.topFive(actor(req), req.params.id) }),
  );
  app.get('/tenant/:id', { schema: { tags, params: IdParamsSchema, response: one } }, async (req) => ({
    payload: await tenants.get(req.params.id),
  }));
  app.patch(
    '/tenant/:id',
    {
      config: { errors: [409] },
      schema: { tags, params: IdParamsSchema, body: UpdateTenantBodySchema, response: one },
    },
    async (req) => ({ payload: await tenants.update(actor(req), req.params.id, req.body) }),
  );
  app.delete(
    '/tenant/:id',
    {
      config: { errors: [409] },
      schema: { tags, params: IdParamsSchema, body: DeleteTenantBodySchema, response: { 200: envelope(DoneSchema) } },
    },
    async (req) => ({ payload: await tenants.delete(actor(req), req.params.id, req.body) }),
  );
  for (const [path, active] of [
    ['/tenant/:id/activate', true],
    ['/tenant/:id/deactivate', false],
  ] as const) {
    app.post(
      path,
      { config: { errors: [409] }, schema: { tags, params: IdParamsSchema, response: one } },
      async (req) => ({ payload: await tenants.setActive(actor(req), req.params.id, active) }),
    );
  }
};
