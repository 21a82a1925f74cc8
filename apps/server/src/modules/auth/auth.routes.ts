import {
  ActivateBodySchema,
  ChangePasswordBodySchema,
  DoneSchema,
  envelope,
  ForgotPasswordBodySchema,
  HasPasswordBodySchema,
  HasPasswordResultSchema,
  MeSchema,
  ResetPasswordBodySchema,
  SESSION_TTL_REMEMBER_MS,
  SessionSchema,
  SetupPasswordBodySchema,
  SetupPasswordResultSchema,
  SignInBodySchema,
  TokenParamsSchema,
  TRUSTED_DEVICE_TTL_MS,
} from '@kanal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../plugins/request-context.js';
import type { AuthService, RequestMeta } from './auth.service.js';

type Options = { auth: AuthService; secureCookies: boolean };

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, lang: req.lang });
const tags = ['auth'];
/** Rate-limited (429); who may call is in the access table (src/access.ts). */
const limited = { errors: [429] } as const;
/** The device token of a browser that signed in (OWASP device cookies); read only by sign-in. */
const DEVICE_COOKIE = 'kanal_device';

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, secureCookies }) => {
  // The same token as an HttpOnly cookie, accepted only by GET /api/files/*, so <img src> works.
  const setSessionCookie = (reply: FastifyReply, token: string, rememberMe: boolean) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: '/api/files',
      ...(rememberMe ? { maxAge: SESSION_TTL_REMEMBER_MS / 1000 } : {}),
    });

  for (const url of ['/auth/has-password', '/mobile/users/has-password']) {
    app.post(
      url,
      {
        config: limited,
        schema: { tags, body: HasPasswordBodySchema, response: { 200: envelope(HasPasswordResultSchema) } },
      },
      async (req) => ({ payload: await auth.hasPassword(req.body, meta(req)) }),
    );
  }

  for (const url of ['/auth/signin', '/mobile/users/login']) {
    app.post(
      url,
      {
        config: { errors: [401, 429] },
        schema: { tags, body: SignInBodySchema, response: { 200: envelope(SessionSchema) } },
      },
      async (req, reply) => {
        const { session, newDevice } = await auth.signIn(req.body, meta(req), req.cookies[DEVICE_COOKIE]);
        setSessionCookie(reply, session.token, req.body.rememberMe);
        if (newDevice) {
          reply.setCookie(DEVICE_COOKIE, newDevice, {
            httpOnly: true,
            sameSite: 'strict',
            secure: secureCookies,
            // Both sign-in paths, /api/auth/signin and /api/mobile/users/login, are under it.
            path: '/api',
            maxAge: TRUSTED_DEVICE_TTL_MS / 1000,
          });
        }
        return { payload: session };
      },
    );
  }

  app.post(
    '/auth/setup-password',
    {
      config: limited,
      schema: { tags, body: SetupPasswordBodySchema, response: { 200: envelope(SetupPasswordResultSchema) } },
    },
    async (req, reply) => {
      const result = await auth.setupPassword(req.body, meta(req));
      if (result.status === 'signedIn') setSessionCookie(reply, result.token, req.body.rememberMe);
      return { payload: result };
    },
  );

  app.post(
    '/auth/signup/:token',
    {
      config: limited,
      schema: { tags, params: TokenParamsSchema, body: ActivateBodySchema, response: { 200: envelope(SessionSchema) } },
    },
    async (req, reply) => {
      const session = await auth.activate(req.params.token, req.body, meta(req));
      setSessionCookie(reply, session.token, req.body.rememberMe);
      return { payload: session };
    },
  );

  for (const url of ['/auth/forgot-password', '/mobile/users/resetpassword']) {
    app.post(
      url,
      { config: limited, schema: { tags, body: ForgotPasswordBodySchema, response: { 200: envelope(DoneSchema) } } },
      async (req) => ({ payload: await auth.forgotPassword(req.body, meta(req)) }),
    );
  }

  app.post(
    '/auth/reset-password/:token',
    {
      config: limited,
      schema: {
        tags,
        params: TokenParamsSchema,
        body: ResetPasswordBodySchema,
        response: { 200: envelope(DoneSchema) },
      },
    },
    async (req) => ({ payload: await auth.resetPassword(req.params.token, req.body, meta(req)) }),
  );

  app.post(
    '/mobile/users/password',
    {
      config: { errors: [429] },
      schema: { tags, body: ChangePasswordBodySchema, response: { 200: envelope(DoneSchema) } },
    },
    async (req) => ({ payload: await auth.changePassword(req.ctx, req.body, meta(req)) }),
  );

  for (const url of ['/auth/me', '/mobile/users/data']) {
    app.get(
      url,
      { config: { sessionInStatement: true }, schema: { tags, response: { 200: envelope(MeSchema) } } },
      async (req) => ({ payload: await req.admit(auth.meWithSession(req.credentials)) }),
    );
  }

  app.get('/auth/signout', { schema: { tags, response: { 200: envelope(DoneSchema) } } }, async (req, reply) => {
    const result = await auth.signOut(req.ctx, meta(req));
    reply.clearCookie(SESSION_COOKIE, { path: '/api/files' });
    return { payload: result };
  });
};
