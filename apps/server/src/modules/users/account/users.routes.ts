import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  DoneSchema,
  EmailBodySchema,
  envelope,
  IdParamsSchema,
  LanguageBodySchema,
  MeSchema,
  NamesBodySchema,
  PhoneBodySchema,
  StoredFileSchema,
  TokenParamsSchema,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../../lib/files/send-file.js';
import { acceptUploads, uploadedFiles } from '../../../plugins/uploads.js';
import type { UsersService } from './users.service.js';

const tags = ['users'];
const meResponse = { 200: envelope(MeSchema) };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.post('/mobile/users/names', { schema: { tags, body: NamesBodySchema, response: meResponse } }, async (req) => ({
    payload: await users.setName(req.ctx, req.body),
  }));

  app.post('/mobile/users/phone', { schema: { tags, body: PhoneBodySchema, response: meResponse } }, async (req) => ({
    payload: await users.setPhone(req.ctx, req.body),
  }));

  app.post(
    '/mobile/users/email',
    { config: { errors: [409, 429] }, schema: { tags, body: EmailBodySchema, response: meResponse } },
    async (req) => ({ payload: await users.setEmail(req.ctx, req.body, { lang: req.lang }) }),
  );

  app.post(
    '/mobile/users/email/confirm/:token',
    {
      config: { errors: [404, 409] },
      schema: { tags, params: TokenParamsSchema, response: { 200: envelope(DoneSchema) } },
    },
    async (req) => ({ payload: await users.confirmEmail(req.params.token, { ip: req.ip }) }),
  );

  app.post(
    '/mobile/users/accept-terms',
    { schema: { tags, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await users.acceptTerms(req.ctx) }),
  );

  app.post(
    '/mobile/users/language',
    { schema: { tags, body: LanguageBodySchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await users.setLanguage(req.ctx, req.body) }),
  );

  app.get(
    '/mobile/users/avatar/:id',
    { schema: { tags, params: IdParamsSchema, produces: AVATAR_MIME_TYPES } },
    async (req, reply) => sendFile(req, reply, await users.avatar(req.ctx, req.params.id)),
  );

  // Multipart is parsed only in this scope, with the avatar's own limits.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, { fileSize: AVATAR_MAX_BYTES, files: 1 });
    uploads.post(
      '/mobile/users/avatar',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(StoredFileSchema) } } },
      async (req) => ({ payload: await users.setAvatar(req.ctx, uploadedFiles(req)) }),
    );
  });
};
