import {
  envelope,
  IdParamsSchema,
  StoredFileListSchema,
  StoredFileSchema,
  TenantScopeQuerySchema,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { STORED_FILE_TYPES, sendFile } from '../../lib/files/send-file.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import { acceptUploads, uploadedFiles } from '../../plugins/uploads.js';
import type { FilesService } from './files.service.js';

const FileParamsSchema = z.object({ file: z.uuid() });
const tags = ['files'];

type Options = {
  files: FilesService;
  /** `?tenant=`: the console's SUPERADMIN uploads and shows an organisation's logo in that organisation. */
  scoped: ScopedContext;
};

export const filesRoutes: FastifyPluginAsyncZod<Options> = async (app, { files, scoped }) => {
  const querystring = TenantScopeQuerySchema;
  // Naming an organisation one may not work in answers 404, as any other tenant's id does.
  const unknownTenant = { errors: [404] } as const;

  app.get(
    '/files/:file',
    {
      config: { cookieAuth: true },
      schema: { tags, querystring, params: FileParamsSchema, produces: STORED_FILE_TYPES },
    },
    async (req, reply) => sendFile(req, reply, await files.download(await scoped(req), req.params.file)),
  );

  app.get(
    '/mobile/client/logo/:id',
    { schema: { tags, params: IdParamsSchema, produces: STORED_FILE_TYPES } },
    async (req, reply) => sendFile(req, reply, await files.tenantLogo(req.ctx, req.params.id)),
  );

  // Multipart is parsed only in this scope: the rest of the API takes JSON alone.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES });
    uploads.post(
      '/files',
      {
        config: unknownTenant,
        schema: { tags, querystring, consumes: ['multipart/form-data'], response: { 200: envelope(StoredFileSchema) } },
      },
      async (req) => ({ payload: await files.uploadOne(await scoped(req), uploadedFiles(req)) }),
    );

    uploads.post(
      '/files/multiple',
      {
        config: unknownTenant,
        schema: {
          tags,
          querystring,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(StoredFileListSchema) },
        },
      },
      async (req) => ({ payload: await files.upload(await scoped(req), uploadedFiles(req)) }),
    );
  });
};
