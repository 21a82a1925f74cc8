import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { System } from './system.service.js';

/** The operator's calls; only a SUPERADMIN may make them (the contract's operations). */
export const systemRoutes: FastifyPluginAsync<{ system: System }> = async (app, { system }) => {
  route(app, api.installation, async () => ({ payload: system.installation() }));
  route(app, api.backup, async (req, reply) => {
    const { body, fileName } = await system.backup(req.ctx);
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(body);
  });
  route(app, api.mailTest, async (req) => ({ payload: await system.mailTest(req.ctx, req.lang) }));
  route(app, api.auditLog, async (req) => ({ payload: await system.logs(req.query) }));
  route(app, api.listJobs, async (req) => ({ payload: await system.jobs(req.query) }));
  route(app, api.retryJob, async (req) => ({ payload: await system.retry(req.params.id) }));
};
