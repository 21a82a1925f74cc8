import { type Language, pickLanguage, type Role } from '@kanal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CallerRow } from '../db/caller.js';
import { AppError } from '../lib/app-error.js';
import { rolesOf } from './operations.js';

/** Who is asking: every service call carries it, every tenant-owned query filters by its tenantId. */
export type RequestContext = { tenantId: number; userId: number; role: Role; sessionId: number };

/**
 * The context of an admin call that takes `?tenant=` (its querystring schema has TenantScopeQuerySchema):
 * the caller's, working in the organisation a SUPERADMIN names (404 if none, or named by anyone else).
 */
export type ScopedContext = (req: FastifyRequest) => Promise<RequestContext>;

/**
 * A staff member calling a route scoped to an organisation: who they are, in the organisation they work
 * in, with their language and their own organisation (a SUPERADMIN's provider).
 */
export type StaffCaller = Pick<RequestContext, 'tenantId' | 'userId' | 'role'> & {
  lang: Language;
  ownTenantId: number;
};

/** The staff caller of a scoped route (one whose query schema has the scope, so `?tenant=` is parsed). */
export const staffCallerOf =
  (scoped: ScopedContext) =>
  async (req: FastifyRequest): Promise<StaffCaller> => ({
    ...(await scoped(req)),
    lang: req.lang,
    ownTenantId: req.ctx.tenantId,
  });

/** A bearer token as a statement looks its session up (db/caller.ts). */
export type Credentials = { tenantId: number; tokenHash: string };

/**
 * The answer of a service call whose statement checked the caller's session itself: the session row
 * with the value, or nothing when there is no live session.
 */
export type Checked<T> = { caller: CallerRow; value: T } | undefined;

/** What the guard needs of the auth module. */
export type SessionGate = {
  credentials(token: string): Credentials | undefined;
  authenticate(token: string): Promise<RequestContext | null>;
  /** A session row found by a route's own statement, extended as authenticate extends it. */
  admit(found: CallerRow): Promise<RequestContext>;
};

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    /** The signed-in caller; reading it on a route without a session answers 401. */
    readonly ctx: RequestContext;
    session: RequestContext | null;
    /** On a `sessionInStatement` route: the token, for the statement that checks it. */
    credentials: Credentials;
    /** On a `sessionInStatement` route: admits the caller its statement found (401, 403) and gives the value. */
    admit<T>(checked: Promise<Checked<T>>): Promise<T>;
  }
}

export const SESSION_COOKIE = 'kanal_session';

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  if (req.routeOptions.config?.operation?.cookieAuth) return req.cookies[SESSION_COOKIE];
  return undefined;
}

/** Decorates every request with its language, and with its session once the API's guard has run. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'hr');
  app.decorateRequest('session', null);
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      if (!this.session) throw new AppError('Unauthorized');
      return this.session;
    },
  });
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
  });
});

/**
 * The API's gate: every route of the scope is registered from an operation of the contract (`route`,
 * plugins/operations.ts), whose access says who may call it, so nothing is open by omission; a public
 * route lets anyone through, any other needs a session (401) of one of its roles (403). The session is
 * resolved from the bearer token (or, where the operation allows, the cookie) whenever one is sent.
 */
export const authGuard = (app: FastifyInstance, gate: SessionGate) => {
  const allowed = (req: FastifyRequest, session: RequestContext | null) => {
    const operation = req.routeOptions.config?.operation;
    // Unmatched paths have no operation: they fall through to the 404 before this is asked.
    const rule = operation ? rolesOf(operation) : [];
    if (rule === 'public') return;
    if (!session) throw new AppError('Unauthorized');
    if (!rule?.includes(session.role)) throw new AppError('Forbidden');
  };
  app.decorateRequest('credentials', null as unknown as Credentials);
  app.decorateRequest('admit', async function admit<T>(this: FastifyRequest, checked: Promise<Checked<T>>) {
    const found = await checked;
    this.session = found ? await gate.admit(found.caller) : null;
    allowed(this, this.session);
    // allowed() has thrown unless there was a caller.
    return (found as NonNullable<Checked<T>>).value;
  });
  app.addHook('onRoute', (route) => {
    const operation = route.config?.operation;
    if (!operation) throw new Error(`${route.method} ${route.url} is not registered from an operation of the contract`);
    if (operation.access === 'public' && route.config?.sessionInStatement)
      throw new Error(`${route.method} ${route.url} is public: it has no session to check in its statement`);
  });
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (req.routeOptions.config?.sessionInStatement) {
      const credentials = token === undefined ? undefined : gate.credentials(token);
      if (!credentials) throw new AppError('Unauthorized');
      req.credentials = credentials;
      return;
    }
    if (token) req.session = await gate.authenticate(token);
    // Unmatched paths have no route url: they fall through to the 404.
    if (!req.routeOptions.url) return;
    allowed(req, req.session);
  });
};
