import { type Language, pickLanguage, type Role } from '@kanal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** Who is asking: every service call carries it, every tenant-owned query filters by its tenantId. */
export type RequestContext = { tenantId: number; userId: number; role: Role; sessionId: number };

export type Authenticate = (token: string) => Promise<RequestContext | null>;

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    /** The signed-in caller; reading it on a route without a session answers 401. */
    readonly ctx: RequestContext;
    session: RequestContext | null;
  }
  interface FastifyContextConfig {
    /** Also accept the session cookie, for GET /files/* loaded by <img src>. */
    cookieAuth?: boolean;
    /**
     * For the OpenAPI document: the error statuses this route answers beyond those its shape implies
     * (plugins/openapi.ts): a refused sign-in, conflicts, a reused idempotency key, rate limits.
     */
    errors?: readonly (401 | 409 | 422 | 429)[];
  }
}

export const SESSION_COOKIE = 'kanal_session';

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  if (req.routeOptions.config?.cookieAuth) return req.cookies[SESSION_COOKIE];
  return undefined;
}

/** Decorates every request with its language, and with its session once the API's guard has run. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'hr');
  app.decorateRequest('session', null);
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      if (!this.session) throw new AppError('Unauthorized', 401);
      return this.session;
    },
  });
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
  });
});

/**
 * Who may call each route (src/access.ts): anyone (`'public'`), or a signed-in caller of one of the
 * roles, by `accessKey`.
 */
export type AccessTable = Readonly<Record<string, 'public' | readonly Role[]>>;
/** `"METHOD /path"` as the route is registered; HEAD is answered by its GET route. */
export const accessKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/**
 * The API's gate, over the access table: every route of the scope must have a row (registering one
 * without fails the start, so nothing is open by omission); a public route lets anyone through,
 * any other needs a session (401) of one of its roles (403). The session is resolved from the bearer
 * token (or, where the route allows, the cookie) whenever one is sent.
 */
export const authGuard = (app: FastifyInstance, authenticate: Authenticate, access: AccessTable) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!(accessKey(method, route.url) in access))
        throw new Error(`${method} ${route.url} has no row in the access table`);
    }
  });
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (token) req.session = await authenticate(token);
    // Unmatched paths have no route url: they fall through to the 404.
    if (!req.routeOptions.url) return;
    const rule = access[accessKey(req.method, req.routeOptions.url)];
    if (rule === 'public') return;
    if (!req.session) throw new AppError('Unauthorized', 401);
    if (!rule?.includes(req.session.role)) throw new AppError('Forbidden', 403);
  });
};
