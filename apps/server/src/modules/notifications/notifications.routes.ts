import {
  BellQuerySchema,
  BellSchema,
  DoneSchema,
  ExpoTokenBodySchema,
  envelope,
  IdParamsSchema,
  NotificationSettingsSchema,
  OneClickUnsubscribeBodySchema,
  ReceiptBodySchema,
  ReceiptListSchema,
  ReceiptPageQuerySchema,
  ReceiptQuerySchema,
  ReceiptSchema,
  TenantScopeQuerySchema,
  TestPushSchema,
  UnsubscribeBodySchema,
  UnsubscribedSchema,
  UnsubscribeParamsSchema,
  WebPushKeySchema,
  WebSubscriptionBodySchema,
  WebUnsubscribeBodySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { Notifications } from './notifications.service.js';

const tags = ['notifications'];
const settingsResponse = { 200: envelope(NotificationSettingsSchema) };

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: Notifications;
  scoped: ScopedContext;
}> = async (app, { notifications, scoped }) => {
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

  app.post(
    '/mobile/users/testpn',
    { config: { errors: [429] }, schema: { tags, response: { 200: envelope(TestPushSchema) } } },
    async (req) => ({ payload: await notifications.testPush(req.ctx) }),
  );

  // Receipts: a client reports a push notice arrived or was opened; staff read what reached whom.
  app.post(
    '/notification-receipts',
    { config: { errors: [404] }, schema: { tags, body: ReceiptBodySchema, response: done } },
    async (req) => ({ payload: await notifications.recordReceipt(req.body.receipt, req.body.state) }),
  );

  app.get(
    '/notification-receipts',
    {
      config: { errors: [404], idFilters: { content: 'content', user: 'user' } },
      schema: { tags, querystring: ReceiptQuerySchema, response: { 200: envelope(ReceiptListSchema) } },
    },
    async (req) => ({ payload: await notifications.receipts((await scoped(req)).tenantId, req.query) }),
  );

  app.get(
    '/notification-receipts/user/:id',
    {
      config: { errors: [404] },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: ReceiptPageQuerySchema,
        response: { 200: envelope(ReceiptListSchema) },
      },
    },
    async (req) => ({
      payload: await notifications.receiptsOf((await scoped(req)).tenantId, req.params.id, req.query),
    }),
  );

  app.get(
    '/notification-receipts/:id',
    {
      config: { errors: [404] },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: TenantScopeQuerySchema,
        response: { 200: envelope(ReceiptSchema) },
      },
    },
    async (req) => ({ payload: await notifications.receipt((await scoped(req)).tenantId, req.params.id) }),
  );

  app.delete(
    '/notification-receipts/:id',
    {
      config: { errors: [404] },
      schema: { tags, params: IdParamsSchema, querystring: TenantScopeQuerySchema, response: done },
    },
    async (req) => ({ payload: await notifications.removeReceipt((await scoped(req)).tenantId, req.params.id) }),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      config: { errors: [404] },
      schema: { tags, body: UnsubscribeBodySchema, response: { 200: envelope(UnsubscribedSchema) } },
    },
    async (req) => ({ payload: await notifications.unsubscribe(req.body.token) }),
  );

  // In a scope of its own: its form bodies are parsed for it alone.
  await app.register(oneClickUnsubscribeRoute, { notifications });
};

/** The one-click form is one short field; a provider's multipart framing adds a few hundred bytes. */
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * The List-Unsubscribe header's URL: a mail provider posts RFC 8058's one-click form to it, without a
 * session or cookies, as urlencoded or multipart form data (read as fetch reads a form).
 */
const oneClickUnsubscribeRoute: FastifyPluginAsyncZod<{ notifications: Notifications }> = async (
  app,
  { notifications },
) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT },
    async (req: FastifyRequest, body: Buffer) => {
      const form = await new Response(body, { headers: { 'content-type': String(req.headers['content-type']) } })
        .formData()
        .catch(() => {
          throw new AppError('BodyParamsInvalid', { field: { name: 'body', message: 'validation.invalid' } });
        });
      return Object.fromEntries(form.entries());
    },
  );
  app.post(
    '/notifications/unsubscribe/:token',
    {
      config: { errors: [404] },
      schema: {
        tags,
        params: UnsubscribeParamsSchema,
        body: OneClickUnsubscribeBodySchema,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 200: envelope(UnsubscribedSchema) },
      },
    },
    async (req) => ({ payload: await notifications.unsubscribe(req.params.token) }),
  );
};
