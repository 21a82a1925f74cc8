import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import { type ScopedContext, staffCallerOf } from '../../plugins/request-context.js';
import type { Certificates } from './certificates.service.js';

type Options = {
  certificates: Certificates;
  /** The organisation a staff call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** Certificates: the person's PDF, anyone's check of a code, and an item's holders for its staff. */
export const certificatesRoutes: FastifyPluginAsync<Options> = async (app, { certificates, scoped }) => {
  const author = staffCallerOf(scoped);
  route(app, api.getCertificate, async (req, reply) => {
    const { body, fileName } = await certificates.download(req.ctx, req.lang, req.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
  route(app, api.checkCertificate, async (req) => ({ payload: await certificates.check(req.params.code) }));
  route(app, api.listCertificates, async (req) => ({
    payload: await certificates.holders(await author(req), req.params.id, req.query),
  }));
  route(app, api.changeCertificate, async (req) => ({
    payload: await certificates.change(await author(req), req.params.id, req.params.userId, req.body),
  }));
};
