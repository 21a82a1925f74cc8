import {
  envelope,
  IdParamsSchema,
  StoredFileListSchema,
  StoredFileSchema,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { sendFile } from '../../lib/send-file.js';
import { acceptUploads, uploadedFiles } from '../../plugins/uploads.js';
import type { FilesService } from './files.service.js';

const FileParamsSchema = z.object({ file: z.uuid() });
const tags = ['files'];

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    '/files/:file',
    { config: { cookieAuth: true }, schema: { tags, params: FileParamsSchema } },
    async (req, reply) => sendFile(req, reply, await files.download(req.ctx, req.params.file)),
  );

  app.get('/mobile/client/logo/:id', { schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    sendFile(req, reply, await files.tenantLogo(req.ctx, req.params.id)),
  );

  // Multipart is parsed only in this scope: the rest of the API takes JSON alone.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES });
    uploads.post(
      '/files',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(StoredFileSchema) } } },
      async (req) => ({ payload: await files.uploadOne(req.ctx, uploadedFiles(req)) }),
    );

    uploads.post(
      '/files/multiple',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(StoredFileListSchema) } } },
      async (req) => ({ payload: await files.upload(req.ctx, uploadedFiles(req)) }),
    );
  });
};
