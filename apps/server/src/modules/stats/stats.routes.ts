import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { StatsService } from './stats.service.js';

type Options = {
  stats: StatsService;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** A tenant's statistics (spec point 7). Who may call each: the contract's operations. */
export const statsRoutes: FastifyPluginAsync<Options> = async (app, { stats, scoped }) => {
  const tenantOf = async (req: Parameters<ScopedContext>[0]) => (await scoped(req)).tenantId;

  route(app, api.tenantActivity, async (req) => ({ payload: await stats.activity(await tenantOf(req), req.query) }));
  route(app, api.dashboardOverview, async (req) => ({ payload: await stats.overview(await tenantOf(req)) }));
  route(app, api.groupCompletion, async (req) => ({ payload: await stats.groups(await tenantOf(req)) }));
};
