import { api } from '@kanal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { Actor } from '../users/people.service.js';
import type { TenantsService } from './tenants.service.js';

const actor = (req: FastifyRequest): Actor => ({ ...req.ctx, lang: req.lang });

/** The organisations (spec point 7, "Tenant"); who may call: the contract's operations. */
export const tenantsRoutes: FastifyPluginAsync<{ tenants: TenantsService }> = async (app, { tenants }) => {
  route(app, api.listTenants, async (req) => ({ payload: await tenants.list(req.query) }));
  route(app, api.createTenant, async (req) => ({ payload: await tenants.create(actor(req), req.body) }));
  route(app, api.topFive, async (req) => ({ payload: await tenants.topFive(actor(req), req.params.id) }));
  route(app, api.getTenant, async (req) => ({ payload: await tenants.get(req.params.id) }));
  route(app, api.updateTenant, async (req) => ({
    payload: await tenants.update(actor(req), req.params.id, req.body),
  }));
  route(app, api.deleteTenant, async (req) => ({
    payload: await tenants.delete(actor(req), req.params.id, req.body),
  }));
  route(app, api.activateTenant, async (req) => ({
    payload: await tenants.setActive(actor(req), req.params.id, true),
  }));
  route(app, api.deactivateTenant, async (req) => ({
    payload: await tenants.setActive(actor(req), req.params.id, false),
  }));
};
