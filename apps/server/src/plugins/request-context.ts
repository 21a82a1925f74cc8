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
    /** Open to callers without a session (sign-in, password reset, health). */
    public?: boolean;
    /** Also accept the session cookie, for GET /files/* loaded by <img src>. */
    cookieAuth?: boolean;
    /** Roles allowed; every signed-in role when absent. */
    roles?: readonly Role[];
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
 * The API's gate: resolves the session of the bearer token (or, where allowed, the cookie).
 * API routes are closed by default: a route must say `config: { public: true }` to be open.
 */
export const authGuard = (authenticate: Authenticate) => async (req: FastifyRequest) => {
  const config = req.routeOptions.config;
  const token = bearerToken(req);
  if (token) req.session = await authenticate(token);
  // Unmatched paths have no route url: they fall through to the 404.
  if (config?.public || !req.routeOptions.url) return;
  if (!req.session) throw new AppError('Unauthorized', 401);
  if (config?.roles && !config.roles.includes(req.session.role)) throw new AppError('Forbidden', 403);
};
