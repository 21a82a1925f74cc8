import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/pg-errors.js';
import type { DirectoryService } from './scim-directory.service.js';
import { DISCOVERY } from './scim-discovery.js';
import { errorBody, ScimError, scimErrorOf } from './scim-protocol.js';

/** Where the directory's calls arrive: outside /api, since its clients are directories, not the web app. */
export const SCIM_PREFIX = '/scim/v2';

const SCIM_JSON = 'application/scim+json; charset=utf-8';

type Options = {
  directory: DirectoryService;
  /** The organisation a directory's bearer token belongs to; null for a token that is not a live one. */
  authenticate: (token: string) => Promise<{ tenantId: number } | null>;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation whose directory is calling (SCIM's bearer token names it). */
    directoryTenant: number;
  }
}

/** A path the router refuses before any route (bad percent-encoding, an id too long): SCIM's 400. */
export const scimRouterError = (reply: FastifyReply) =>
  reply
    .status(400)
    .type(SCIM_JSON)
    .send(JSON.stringify(errorBody(new ScimError(400, 'the path cannot be read', 'invalidSyntax'))));

type Params = { id: string };
type Query = Record<string, unknown>;

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2, the way Microsoft Entra ID, Okta and Google provision an organisation's
 * people: one rule of access for every route (a live SCIM token of the organisation, docs/adr/0049),
 * `application/scim+json` in and out, and every refusal in SCIM's error body, which directories log and
 * act on (`scimType`).
 */
export const scimDirectoryRoutes: FastifyPluginAsync<Options> = async (app, { directory, authenticate }) => {
  app.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(String(body)));
    } catch {
      done(new ScimError(400, 'the body is not JSON', 'invalidSyntax'));
    }
  });
  app.decorateRequest('directoryTenant', 0);
  // Not the API's: SCIM describes itself (/ServiceProviderConfig, /Schemas), so the OpenAPI document leaves it out.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  app.addHook('onRequest', async (req) => {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    const found = scheme?.toLowerCase() === 'bearer' && token ? await authenticate(token) : null;
    if (!found) throw new ScimError(401, 'a SCIM token of the organisation is required');
    req.directoryTenant = found.tenantId;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.status(status).type(SCIM_JSON).send(JSON.stringify(body));

  app.setErrorHandler((error, req, reply) => {
    const scim =
      scimErrorOf(error) ??
      (isDatabaseUnavailable(error)
        ? new ScimError(503, 'the service is unavailable for a moment; try again')
        : (error as { statusCode?: number }).statusCode === 413
          ? new ScimError(413, 'the body is too large')
          : (error as { statusCode?: number }).statusCode === 415
            ? new ScimError(415, 'the body is sent as application/scim+json')
            : null);
    if (!scim) {
      req.log.error({ err: error }, 'SCIM request failed');
      return send(reply, 500, errorBody(new ScimError(500, 'the request failed; it is logged')));
    }
    req.log.info({ status: scim.status, scimType: scim.scimType }, 'SCIM request refused');
    if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
    if (scim.status === 503) reply.header('retry-after', '5');
    return send(reply, scim.status, errorBody(scim));
  });
  app.setNotFoundHandler((_req, reply) => send(reply, 404, errorBody(new ScimError(404, 'no such endpoint'))));

  const tenant = (req: FastifyRequest) => req.directoryTenant;
  const created = (reply: FastifyReply, resource: { meta: { location: string } }) =>
    send(reply.header('location', resource.meta.location), 201, resource);

  for (const [kind, resources] of [
    ['Users', directory.users],
    ['Groups', directory.groups],
  ] as const) {
    app.get<{ Querystring: Query }>(`/${kind}`, async (req, reply) =>
      send(reply, 200, await resources.list(tenant(req), req.query)),
    );
    app.post<{ Body: unknown }>(`/${kind}`, async (req, reply) =>
      created(reply, (await resources.create(tenant(req), req.body)) as { meta: { location: string } }),
    );
    app.get<{ Params: Params; Querystring: Query }>(`/${kind}/:id`, async (req, reply) =>
      send(reply, 200, await resources.get(tenant(req), req.params.id, req.query)),
    );
    app.put<{ Params: Params; Body: unknown }>(`/${kind}/:id`, async (req, reply) =>
      send(reply, 200, await resources.replace(tenant(req), req.params.id, req.body)),
    );
    app.patch<{ Params: Params; Body: unknown }>(`/${kind}/:id`, async (req, reply) => {
      const changed = await resources.patch(tenant(req), req.params.id, req.body);
      return changed === null ? reply.status(204).send() : send(reply, 200, changed);
    });
    app.delete<{ Params: Params }>(`/${kind}/:id`, async (req, reply) => {
      await resources.delete(tenant(req), req.params.id);
      return reply.status(204).send();
    });
  }

  app.get('/ServiceProviderConfig', async (_req, reply) => send(reply, 200, DISCOVERY.serviceProviderConfig));
  app.get('/ResourceTypes', async (_req, reply) => send(reply, 200, DISCOVERY.resourceTypes));
  app.get<{ Params: Params }>('/ResourceTypes/:id', async (req, reply) =>
    send(reply, 200, DISCOVERY.resourceType(req.params.id)),
  );
  app.get('/Schemas', async (_req, reply) => send(reply, 200, DISCOVERY.schemas));
  app.get<{ Params: Params }>('/Schemas/:id', async (req, reply) => send(reply, 200, DISCOVERY.schema(req.params.id)));
};
