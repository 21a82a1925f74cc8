import {
  AttemptDeletedSchema,
  envelope,
  IdParamsSchema,
  PointsFixSchema,
  StaffAttemptListSchema,
  StaffAttemptSchema,
  TenantScopeQuerySchema,
  UserAnswerQuerySchema,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { FormsStaff } from './forms-staff.js';

type Options = {
  answers: FormsStaff;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** Spec point 7, "User answers", and the points maintenance; who may call each: src/access.ts. */
export const formsStaffRoutes: FastifyPluginAsyncZod<Options> = async (app, { answers, scoped }) => {
  const tags = ['answers'];
  const querystring = TenantScopeQuerySchema;
  const params = IdParamsSchema;

  app.get(
    '/userAnswer',
    {
      config: { errors: [404], idFilters: { content: 'content', user: 'user' } },
      schema: { tags, querystring: UserAnswerQuerySchema, response: { 200: envelope(StaffAttemptListSchema) } },
    },
    async (req) => ({ payload: await answers.list(await scoped(req), req.query) }),
  );
  app.get(
    '/userAnswer/:id',
    { schema: { tags, querystring, params, response: { 200: envelope(StaffAttemptSchema) } } },
    async (req) => ({ payload: await answers.get(await scoped(req), req.params.id) }),
  );
  app.delete(
    '/userAnswer/:id',
    { schema: { tags, querystring, params, response: { 200: envelope(AttemptDeletedSchema) } } },
    async (req) => ({ payload: await answers.remove(await scoped(req), req.params.id) }),
  );
  // Over every tenant (SUPERADMIN), idempotent.
  app.post(
    '/content/info/fix-points',
    { schema: { tags, response: { 200: envelope(PointsFixSchema) } } },
    async (req) => ({ payload: await answers.fixPoints(req.ctx) }),
  );
};
