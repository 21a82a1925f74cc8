import { IdParamsSchema } from '@kanal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileDownload, FilesService } from './files.service.js';

const FileParamsSchema = z.object({ file: z.uuid() });
const INLINE = /^(image\/(png|jpeg|gif|webp|svg\+xml)|video\/|audio\/|application\/pdf$)/;

/** Streams a stored file with headers that keep a browser from treating it as anything else. */
function sendFile(req: FastifyRequest, reply: FastifyReply, { file, body }: FileDownload) {
  // A file id names fixed bytes, so the id is a strong validator.
  const etag = `"${file.id}"`;
  reply
    .header('etag', etag)
    .header('cache-control', 'private, max-age=31536000, immutable')
    // Even an SVG opened directly may not run script or load anything.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header(
      'content-disposition',
      `${INLINE.test(file.mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
  if (req.headers['if-none-match'] === etag) {
    body.destroy();
    return reply.status(304).send();
  }
  return reply.type(file.mime).header('content-length', file.size).send(body);
}

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    '/files/:file',
    { config: { cookieAuth: true }, schema: { tags: ['files'], params: FileParamsSchema } },
    async (req, reply) => sendFile(req, reply, await files.download(req.ctx, req.params.file)),
  );

  app.get('/mobile/client/logo/:id', { schema: { tags: ['files'], params: IdParamsSchema } }, async (req, reply) =>
    sendFile(req, reply, await files.tenantLogo(req.ctx, req.params.id)),
  );
};
