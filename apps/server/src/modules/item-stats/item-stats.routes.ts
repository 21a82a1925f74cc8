import {
  AudienceMemberListSchema,
  ContentActivitySchema,
  ContentAttemptParamsSchema,
  ContentAttemptsQuerySchema,
  ContentInfoSchema,
  ContentReachSchema,
  ContentResultsSchema,
  ContentUserParamsSchema,
  ContentUsersQuerySchema,
  envelope,
  GroupReachListSchema,
  IdParamsSchema,
  PeriodQuerySchema,
  StaffAttemptListSchema,
  StaffAttemptSchema,
  TenantScopeQuerySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_TYPES, ExportQuerySchema, sendExport } from '../../lib/files/table-export.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { Author } from '../authoring/authoring.service.js';
import { contentFileName } from './item-export.js';
import type { ContentStats } from './item-stats.service.js';

type Options = {
  stats: ContentStats;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** An item's statistics (spec point 7, "Content" info calls). Who may call each: src/access.ts. */
export const contentStatsRoutes: FastifyPluginAsyncZod<Options> = async (app, { stats, scoped }) => {
  const tags = ['statistics'];
  const author = async (req: FastifyRequest): Promise<Author> => ({
    ...(await scoped(req)),
    lang: req.lang,
    ownTenantId: req.ctx.tenantId,
  });
  const schema = { tags, querystring: TenantScopeQuerySchema, params: IdParamsSchema };

  app.get(
    '/content/:id/info',
    { schema: { ...schema, response: { 200: envelope(ContentInfoSchema) } } },
    async (req) => ({
      payload: await stats.info(await author(req), req.params.id),
    }),
  );
  app.get(
    '/content/:id/reach',
    { schema: { ...schema, response: { 200: envelope(ContentReachSchema) } } },
    async (req) => ({
      payload: await stats.reach(await author(req), req.params.id),
    }),
  );
  app.get(
    '/content/:id/info/activity',
    {
      schema: { ...schema, querystring: PeriodQuerySchema, response: { 200: envelope(ContentActivitySchema) } },
    },
    async (req) => ({ payload: await stats.activity(await author(req), req.params.id, req.query) }),
  );
  app.get(
    '/content/:id/users',
    {
      schema: {
        ...schema,
        querystring: ContentUsersQuerySchema,
        response: { 200: envelope(AudienceMemberListSchema) },
      },
    },
    async (req) => ({ payload: await stats.users(await author(req), req.params.id, req.query) }),
  );
  app.get(
    '/content/:id/results',
    { schema: { ...schema, response: { 200: envelope(ContentResultsSchema) } } },
    async (req) => ({ payload: await stats.results(await author(req), req.params.id) }),
  );
  const attemptList = { 200: envelope(StaffAttemptListSchema) };
  app.get(
    '/content/:id/attempts',
    { schema: { ...schema, querystring: ContentAttemptsQuerySchema, response: attemptList } },
    async (req) => ({ payload: await stats.attempts(await author(req), req.params.id, req.query) }),
  );
  app.get(
    '/content/:id/users/:userId/attempts',
    {
      schema: { tags, params: ContentUserParamsSchema, querystring: ContentAttemptsQuerySchema, response: attemptList },
    },
    async (req) => ({
      payload: await stats.attempts(await author(req), req.params.id, req.query, req.params.userId),
    }),
  );
  app.get(
    '/content/:id/users/:userId/results/:attemptId',
    {
      schema: {
        tags,
        params: ContentAttemptParamsSchema,
        querystring: TenantScopeQuerySchema,
        response: { 200: envelope(StaffAttemptSchema) },
      },
    },
    async (req) => ({
      payload: await stats.attempt(await author(req), req.params.id, req.params.userId, req.params.attemptId),
    }),
  );
  app.get(
    '/export/content/:id',
    { schema: { tags, params: IdParamsSchema, querystring: ExportQuerySchema, produces: Object.values(EXPORT_TYPES) } },
    async (req, reply) =>
      sendExport(
        reply,
        req.query.format,
        contentFileName(req.lang, req.params.id),
        await stats.exportItem(await author(req), req.params.id, req.query.format),
      ),
  );
  app.get(
    '/content/:id/groups-reach',
    { schema: { ...schema, response: { 200: envelope(GroupReachListSchema) } } },
    async (req) => ({ payload: await stats.groupsReach(await author(req), req.params.id) }),
  );
};
