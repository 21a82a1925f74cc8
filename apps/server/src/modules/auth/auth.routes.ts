import { API_PREFIX, api, type Me, SESSION_TTL_REMEMBER_MS, TRUSTED_DEVICE_TTL_MS, urlOf } from '@kanal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { route } from '../../plugins/operations.js';
import { SESSION_COOKIE } from '../../plugins/request-context.js';
import type { AuthService } from './auth.service.js';
import type { RequestMeta } from './auth-deps.js';

/** The web app's own manifest (its `manifest.webmanifest`), which a tenant's manifest brands. */
export type WebManifest = { icons: object[] } & Record<string, unknown>;
type Options = { auth: AuthService; secureCookies: boolean; webManifest: WebManifest | undefined };

/** The app as a tenant brands it: its name, its primary colour, and its logo before the product's icons. */
const tenantManifest = (base: WebManifest, tenant: Me['tenant']): WebManifest => ({
  ...base,
  name: tenant.name,
  short_name: tenant.name,
  ...(tenant.primaryColor ? { theme_color: tenant.primaryColor } : {}),
  // The logo's pixel size is not recorded, so it claims none; the product's sized icons stay as well.
  icons: tenant.image
    ? [{ src: urlOf(api.getFile, { file: tenant.image }), sizes: 'any', purpose: 'any' }, ...base.icons]
    : base.icons,
});

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, lang: req.lang });
/** The device token of a browser that signed in (OWASP device cookies); read only by sign-in. */
const DEVICE_COOKIE = 'kanal_device';

export const authRoutes: FastifyPluginAsync<Options> = async (app, { auth, secureCookies, webManifest }) => {
  // The same token as an HttpOnly cookie, accepted only by the GET routes the browser itself loads
  // (cookieAuth): files for <img src>, and the tenant's manifest.
  const setSessionCookie = (reply: FastifyReply, token: string, rememberMe: boolean) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: API_PREFIX,
      ...(rememberMe ? { maxAge: SESSION_TTL_REMEMBER_MS / 1000 } : {}),
    });

  for (const operation of [api.hasPassword, api.mobileHasPassword]) {
    route(app, operation, async (req) => ({ payload: await auth.hasPassword(req.body, meta(req)) }));
  }

  for (const operation of [api.signIn, api.mobileSignIn]) {
    route(app, operation, async (req, reply) => {
      const { session, newDevice } = await auth.signIn(req.body, meta(req), req.cookies[DEVICE_COOKIE]);
      setSessionCookie(reply, session.token, req.body.rememberMe);
      if (newDevice) {
        reply.setCookie(DEVICE_COOKIE, newDevice, {
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookies,
          // Both sign-in paths, /api/auth/signin and /api/mobile/users/login, are under it.
          path: API_PREFIX,
          maxAge: TRUSTED_DEVICE_TTL_MS / 1000,
        });
      }
      return { payload: session };
    });
  }

  route(app, api.setupPassword, async (req, reply) => {
    const result = await auth.setupPassword(req.body, meta(req));
    if (result.status === 'signedIn') setSessionCookie(reply, result.token, req.body.rememberMe);
    return { payload: result };
  });

  route(app, api.signUp, async (req, reply) => {
    const session = await auth.activate(req.params.token, req.body, meta(req));
    setSessionCookie(reply, session.token, req.body.rememberMe);
    return { payload: session };
  });

  for (const operation of [api.forgotPassword, api.mobileForgotPassword]) {
    route(app, operation, async (req) => ({ payload: await auth.forgotPassword(req.body, meta(req)) }));
  }

  route(app, api.resetPassword, async (req) => ({
    payload: await auth.resetPassword(req.params.token, req.body, meta(req)),
  }));

  route(app, api.changePassword, async (req) => ({
    payload: await auth.changePassword(req.ctx, req.body, meta(req)),
  }));

  for (const operation of [api.getMe, api.mobileGetMe]) {
    route(app, operation, { sessionInStatement: true }, async (req) => ({
      payload: await req.admit(auth.meWithSession(req.credentials)),
    }));
  }

  // While someone is signed in, the web app's manifest link names this, so the app installs as their
  // organisation's. Without a built web app there is nothing to install.
  route(app, api.webManifest, async (req, reply) => {
    if (!webManifest) throw notFound();
    const { tenant } = await auth.me(req.ctx);
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'private, no-cache')
      .send(JSON.stringify(tenantManifest(webManifest, tenant)));
  });

  route(app, api.signOut, async (req, reply) => {
    const result = await auth.signOut(req.ctx, meta(req));
    reply.clearCookie(SESSION_COOKIE, { path: API_PREFIX });
    return { payload: result };
  });
};
