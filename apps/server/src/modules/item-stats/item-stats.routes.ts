import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendExport } from '../../lib/files/table-export.js';
import { route } from '../../plugins/operations.js';
import { type ScopedContext, staffCallerOf } from '../../plugins/request-context.js';
import { contentFileName } from './item-export.js';
import type { ContentStats } from './item-stats.service.js';

type Options = {
  stats: ContentStats;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** An item's statistics (spec point 7, "Content" info calls). Who may call each: the contract's operations. */
export const contentStatsRoutes: FastifyPluginAsync<Options> = async (app, { stats, scoped }) => {
  const author = staffCallerOf(scoped);

  route(app, api.getItemInfo, async (req) => ({
    payload: await stats.info(await author(req), req.params.id),
  }));
  route(app, api.getItemReach, async (req) => ({
    payload: await stats.reach(await author(req), req.params.id),
  }));
  route(app, api.getItemActivity, async (req) => ({
    payload: await stats.activity(await author(req), req.params.id, req.query),
  }));
  route(app, api.listItemAudience, async (req) => ({
    payload: await stats.users(await author(req), req.params.id, req.query),
  }));
  route(app, api.getItemResults, async (req) => ({ payload: await stats.results(await author(req), req.params.id) }));
  route(app, api.listAttemptsOfItem, async (req) => ({
    payload: await stats.attempts(await author(req), req.params.id, req.query),
  }));
  route(app, api.listAttemptsOfMember, async (req) => ({
    payload: await stats.attempts(await author(req), req.params.id, req.query, req.params.userId),
  }));
  route(app, api.getAttemptOfMember, async (req) => ({
    payload: await stats.attempt(await author(req), req.params.id, req.params.userId, req.params.attemptId),
  }));
  route(app, api.exportItem, async (req, reply) =>
    sendExport(
      reply,
      req.query.format,
      contentFileName(req.lang, req.params.id),
      await stats.exportItem(await author(req), req.params.id, req.query.format),
    ),
  );
  route(app, api.getItemGroupsReach, async (req) => ({
    payload: await stats.groupsReach(await author(req), req.params.id),
  }));
};
