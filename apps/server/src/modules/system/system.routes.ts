import {
  DoneSchema,
  envelope,
  IdParamsSchema,
  JobsQuerySchema,
  JobsStateSchema,
  LogListSchema,
  LogQuerySchema,
  MailTestSchema,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { System } from './system.service.js';

const tags = ['system'];

/** The operator's calls; only a SUPERADMIN may make them (src/access.ts). */
export const systemRoutes: FastifyPluginAsyncZod<{ system: System }> = async (app, { system }) => {
  app.get(
    '/email/test',
    { config: { errors: [409] }, schema: { tags, response: { 200: envelope(MailTestSchema) } } },
    async (req) => ({ payload: await system.mailTest(req.ctx, req.lang) }),
  );

  app.get(
    '/logs',
    { schema: { tags, querystring: LogQuerySchema, response: { 200: envelope(LogListSchema) } } },
    async (req) => ({ payload: await system.logs(req.query) }),
  );

  app.get(
    '/system/jobs',
    { schema: { tags, querystring: JobsQuerySchema, response: { 200: envelope(JobsStateSchema) } } },
    async (req) => ({ payload: await system.jobs(req.query) }),
  );

  app.post(
    '/system/jobs/:id/retry',
    { config: { errors: [404] }, schema: { tags, params: IdParamsSchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await system.retry(req.params.id) }),
  );
};
