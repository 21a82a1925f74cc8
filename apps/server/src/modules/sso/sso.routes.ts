import { api } from '@kanal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { SsoService } from './sso.service.js';

type Options = { sso: SsoService; scoped: ScopedContext };

const meta = (req: FastifyRequest) => ({ ip: req.ip, lang: req.lang });

/** An organisation's identity providers (its ADMINs') and the sign-in through them (anyone's browser). */
export const ssoRoutes: FastifyPluginAsync<Options> = async (app, { sso, scoped }) => {
  route(app, api.listIdentityProviders, async (req) => ({ payload: await sso.list((await scoped(req)).tenantId) }));
  route(app, api.createIdentityProvider, async (req) => ({ payload: await sso.create(await scoped(req), req.body) }));
  route(app, api.updateIdentityProvider, async (req) => ({
    payload: await sso.update(await scoped(req), req.params.id, req.body),
  }));
  route(app, api.deleteIdentityProvider, async (req) => ({
    payload: await sso.delete(await scoped(req), req.params.id),
  }));

  route(app, api.startSso, async (req, reply) =>
    reply.redirect(
      await sso.start(Number(req.params.tenant), Number(req.params.provider), req.query.remember === '1', meta(req)),
    ),
  );
  route(app, api.ssoCallback, async (req, reply) => reply.redirect(await sso.callback(req.url, req.query, meta(req))));
  route(app, api.listSsoProviders, async (req) => ({ payload: await sso.entries(Number(req.query.tenant)) }));
  route(app, api.redeemSsoTicket, async (req) => ({ payload: await sso.redeem(req.body.ticket, meta(req)) }));
};
