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
} from '@kanal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../plugins/request-context.js';
import type { AuthService, RequestMeta } from './auth.service.js';

type Options = { auth: AuthService; secureCookies: boolean };

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, lang: req.lang });
const tags = ['auth'];
const open = { public: true } as const;

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
        config: open,
        schema: { tags, body: HasPasswordBodySchema, response: { 200: envelope(HasPasswordResultSchema) } },
      },
      async (req) => ({ payload: await auth.hasPassword(req.body, meta(req)) }),
    );
  }

  for (const url of ['/auth/signin', '/mobile/users/login']) {
    app.post(
      url,
      { config: open, schema: { tags, body: SignInBodySchema, response: { 200: envelope(SessionSchema) } } },
      async (req, reply) => {
        const session = await auth.signIn(req.body, meta(req));
        setSessionCookie(reply, session.token, req.body.rememberMe);
        return { payload: session };
      },
    );
  }

  app.post(
    '/auth/setup-password',
    {
      config: open,
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
      config: open,
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
      { config: open, schema: { tags, body: ForgotPasswordBodySchema, response: { 200: envelope(DoneSchema) } } },
      async (req) => ({ payload: await auth.forgotPassword(req.body, meta(req)) }),
    );
  }

  app.post(
    '/auth/reset-password/:token',
    {
      config: open,
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
    { schema: { tags, body: ChangePasswordBodySchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await auth.changePassword(req.ctx, req.body, meta(req)) }),
  );

  for (const url of ['/auth/me', '/mobile/users/data']) {
    app.get(url, { schema: { tags, response: { 200: envelope(MeSchema) } } }, async (req) => ({
      payload: await auth.me(req.ctx),
    }));
  }

  app.get('/auth/signout', { schema: { tags, response: { 200: envelope(DoneSchema) } } }, async (req, reply) => {
    const result = await auth.signOut(req.ctx, meta(req));
    reply.clearCookie(SESSION_COOKIE, { path: '/api/files' });
    return { payload: result };
  });
};
