import { api } from '@kanal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../plugins/operations.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { Notifications } from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsync<{
  notifications: Notifications;
  scoped: ScopedContext;
}> = async (app, { notifications, scoped }) => {
  route(app, api.notificationSettings, async (req) => ({ payload: await notifications.settings(req.ctx) }));

  route(app, api.saveNotificationSettings, async (req) => ({
    payload: await notifications.saveSettings(req.ctx, req.body),
  }));

  route(app, api.bell, async (req) => ({ payload: await notifications.bell(req.ctx, req.query) }));

  route(app, api.markNoticeRead, async (req) => ({ payload: await notifications.markRead(req.ctx, req.params.id) }));

  route(app, api.webPushKey, async () => ({ payload: await notifications.webPushKey() }));

  route(app, api.subscribeWebPush, async (req) => ({ payload: await notifications.subscribeWeb(req.ctx, req.body) }));

  route(app, api.unsubscribeWebPush, async (req) => ({
    payload: await notifications.unsubscribeWeb(req.ctx, req.body.endpoint),
  }));

  route(app, api.registerExpoToken, async (req) => ({
    payload: await notifications.registerExpo(req.ctx, req.body.token),
  }));

  route(app, api.testPush, async (req) => ({ payload: await notifications.testPush(req.ctx) }));

  // Receipts: a client reports a push notice arrived or was opened; staff read what reached whom.
  route(app, api.reportReceipt, async (req) => ({
    payload: await notifications.recordReceipt(req.body.receipt, req.body.state),
  }));

  route(app, api.listReceipts, async (req) => ({
    payload: await notifications.receipts((await scoped(req)).tenantId, req.query),
  }));

  route(app, api.receiptsOfUser, async (req) => ({
    payload: await notifications.receiptsOf((await scoped(req)).tenantId, req.params.id, req.query),
  }));

  route(app, api.getReceipt, async (req) => ({
    payload: await notifications.receipt((await scoped(req)).tenantId, req.params.id),
  }));

  route(app, api.deleteReceipt, async (req) => ({
    payload: await notifications.removeReceipt((await scoped(req)).tenantId, req.params.id),
  }));

  route(app, api.unsubscribe, async (req) => ({ payload: await notifications.unsubscribe(req.body.token) }));

  // In a scope of its own: its form bodies are parsed for it alone.
  await app.register(oneClickUnsubscribeRoute, { notifications });
};

/** The one-click form is one short field; a provider's multipart framing adds a few hundred bytes. */
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * The List-Unsubscribe header's URL: a mail provider posts RFC 8058's one-click form to it, without a
 * session or cookies, as urlencoded or multipart form data (read as fetch reads a form).
 */
const oneClickUnsubscribeRoute: FastifyPluginAsync<{ notifications: Notifications }> = async (
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
  route(app, api.oneClickUnsubscribe, async (req) => ({ payload: await notifications.unsubscribe(req.params.token) }));
};
