import { api } from '@kanal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { ScimTokenService, TokenActor } from './scim-tokens.service.js';

type Options = { tokens: ScimTokenService; scoped: ScopedContext };

/** An organisation's directory-sync tokens, its ADMINs' (a SUPERADMIN's in the organisation they work in). */
export const scimTokenRoutes: FastifyPluginAsync<Options> = async (app, { tokens, scoped }) => {
  const actor = async (req: FastifyRequest): Promise<TokenActor> => {
    const ctx = await scoped(req);
    return { tenantId: ctx.tenantId, userId: ctx.userId, ownTenantId: req.ctx.tenantId };
  };

  route(app, api.listScimTokens, async (req) => ({
    payload: await tokens.list((await scoped(req)).tenantId, req.query),
  }));
  route(app, api.createScimToken, async (req) => ({ payload: await tokens.issue(await actor(req), req.body.name) }));
  route(app, api.revokeScimToken, async (req) => ({
    payload: await tokens.revoke(await actor(req), req.params.id),
  }));
};
