import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { ProfileService } from './profile.service.js';

/** The profile panel's calls (spec point 7, Mobile): the signed-in user's own statistics and groups. */
export const profileRoutes: FastifyPluginAsync<{ profile: ProfileService }> = async (app, { profile }) => {
  route(app, api.myContentStats, async (req) => ({ payload: await profile.stats(req.ctx) }));
  route(app, api.myCountByType, async (req) => ({ payload: await profile.countByType(req.ctx) }));
  route(app, api.myStats, async (req) => ({ payload: await profile.userStats(req.ctx) }));
  route(app, api.myGroups, async (req) => ({ payload: await profile.groups(req.ctx) }));
};
