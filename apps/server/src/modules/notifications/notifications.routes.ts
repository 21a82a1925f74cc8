import {
  BellQuerySchema,
  BellSchema,
  DoneSchema,
  ExpoTokenBodySchema,
  envelope,
  IdParamsSchema,
  NotificationSettingsSchema,
  TestPushSchema,
  WebPushKeySchema,
  WebSubscriptionBodySchema,
  WebUnsubscribeBodySchema,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Notifications } from './notifications.service.js';

const tags = ['notifications'];
const settingsResponse = { 200: envelope(NotificationSettingsSchema) };

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: Notifications }> = async (
  app,
  { notifications },
) => {
  app.get('/mobile/users/notification-settings', { schema: { tags, response: settingsResponse } }, async (req) => ({
    payload: await notifications.settings(req.ctx),
  }));

  app.put(
    '/mobile/users/notification-settings',
    { schema: { tags, body: NotificationSettingsSchema, response: settingsResponse } },
    async (req) => ({ payload: await notifications.saveSettings(req.ctx, req.body) }),
  );

  app.get(
    '/notifications',
    { schema: { tags, querystring: BellQuerySchema, response: { 200: envelope(BellSchema) } } },
    async (req) => ({ payload: await notifications.bell(req.ctx, req.query) }),
  );

  app.post(
    '/notifications/:id/read',
    { config: { errors: [404] }, schema: { tags, params: IdParamsSchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await notifications.markRead(req.ctx, req.params.id) }),
  );

  const done = { 200: envelope(DoneSchema) };

  app.get('/push/web/key', { schema: { tags, response: { 200: envelope(WebPushKeySchema) } } }, async () => ({
    payload: await notifications.webPushKey(),
  }));

  app.post(
    '/push/web/subscriptions',
    { schema: { tags, body: WebSubscriptionBodySchema, response: done } },
    async (req) => ({ payload: await notifications.subscribeWeb(req.ctx, req.body) }),
  );

  app.post(
    '/push/web/subscriptions/remove',
    { schema: { tags, body: WebUnsubscribeBodySchema, response: done } },
    async (req) => ({ payload: await notifications.unsubscribeWeb(req.ctx, req.body.endpoint) }),
  );

  app.post('/mobile/users/ept', { schema: { tags, body: ExpoTokenBodySchema, response: done } }, async (req) => ({
    payload: await notifications.registerExpo(req.ctx, req.body.token),
  }));

  app.post('/mobile/users/testpn', { schema: { tags, response: { 200: envelope(TestPushSchema) } } }, async (req) => ({
    payload: await notifications.testPush(req.ctx, req.lang),
  }));
};
