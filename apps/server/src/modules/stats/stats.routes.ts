import {
  envelope,
  GroupCompletionListSchema,
  OverviewSchema,
  PeriodQuerySchema,
  TenantActivitySchema,
  TenantScopeQuerySchema,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { StatsService } from './stats.service.js';

type Options = {
  stats: StatsService;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** A tenant's statistics (spec point 7). Who may call each: src/access.ts. */
export const statsRoutes: FastifyPluginAsyncZod<Options> = async (app, { stats, scoped }) => {
  const tags = ['statistics'];
  // A SUPERADMIN's `?tenant=` may name no organisation.
  const config = { errors: [404] } as const;
  const tenantOf = async (req: Parameters<ScopedContext>[0]) => (await scoped(req)).tenantId;

  app.get(
    '/content/info/activity',
    { config, schema: { tags, querystring: PeriodQuerySchema, response: { 200: envelope(TenantActivitySchema) } } },
    async (req) => ({ payload: await stats.activity(await tenantOf(req), req.query) }),
  );
  app.get(
    '/stats/dashboard/overview',
    { config, schema: { tags, querystring: TenantScopeQuerySchema, response: { 200: envelope(OverviewSchema) } } },
    async (req) => ({ payload: await stats.overview(await tenantOf(req)) }),
  );
  app.get(
    '/tenant/info/groups',
    {
      config,
      schema: { tags, querystring: TenantScopeQuerySchema, response: { 200: envelope(GroupCompletionListSchema) } },
    },
    async (req) => ({ payload: await stats.groups(await tenantOf(req)) }),
  );
};
