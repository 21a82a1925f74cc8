import { ContentStatsSchema, CountByTypeSchema, envelope, GroupListSchema, UserStatsSchema } from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProfileService } from './profile.service.js';

const tags = ['profile'];

/** The profile panel's calls (spec point 7, Mobile): the signed-in user's own statistics and groups. */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/mobile/content/info/stats',
    { schema: { tags, response: { 200: envelope(ContentStatsSchema) } } },
    async (req) => ({ payload: await profile.stats(req.ctx) }),
  );

  app.get(
    '/mobile/content/info/count',
    { schema: { tags, response: { 200: envelope(CountByTypeSchema) } } },
    async (req) => ({ payload: await profile.countByType(req.ctx) }),
  );

  app.get('/mobile/users/stats', { schema: { tags, response: { 200: envelope(UserStatsSchema) } } }, async (req) => ({
    payload: await profile.userStats(req.ctx),
  }));

  app.get('/mobile/users/groups', { schema: { tags, response: { 200: envelope(GroupListSchema) } } }, async (req) => ({
    payload: await profile.groups(req.ctx),
  }));
};
