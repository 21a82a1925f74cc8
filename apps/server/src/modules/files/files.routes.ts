import { api, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendFile } from '../../lib/files/send-file.js';
import { route } from '../../plugins/operations.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import { acceptUploads, uploadedFiles } from '../../plugins/uploads.js';
import type { FilesService } from './files.service.js';

type Options = {
  files: FilesService;
  /** `?tenant=`: the console's SUPERADMIN uploads and shows an organisation's logo in that organisation. */
  scoped: ScopedContext;
};

export const filesRoutes: FastifyPluginAsync<Options> = async (app, { files, scoped }) => {
  route(app, api.getFile, async (req, reply) =>
    sendFile(req, reply, await files.download(await scoped(req), req.params.file)),
  );
  route(app, api.getTenantLogo, async (req, reply) =>
    sendFile(req, reply, await files.tenantLogo(req.ctx, req.params.id)),
  );

  // Multipart is parsed only in this scope: the rest of the API takes JSON alone.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES });
    route(uploads, api.uploadFile, async (req) => ({
      payload: await files.uploadOne(await scoped(req), uploadedFiles(req)),
    }));
    route(uploads, api.uploadFiles, async (req) => ({
      payload: await files.upload(await scoped(req), uploadedFiles(req)),
    }));
  });
};
