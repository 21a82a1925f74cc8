import { AVATAR_MAX_BYTES, api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendFile } from '../../../lib/files/send-file.js';
import { route } from '../../../plugins/operations.js';
import { acceptUploads, uploadedFiles } from '../../../plugins/uploads.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  route(app, api.setMyName, async (req) => ({ payload: await users.setName(req.ctx, req.body) }));

  route(app, api.setMyPhone, async (req) => ({ payload: await users.setPhone(req.ctx, req.body) }));

  route(app, api.requestEmailChange, async (req) => ({
    payload: await users.setEmail(req.ctx, req.body, { lang: req.lang }),
  }));

  route(app, api.confirmEmail, async (req) => ({
    payload: await users.confirmEmail(req.params.token, { ip: req.ip }),
  }));

  route(app, api.acceptTerms, async (req) => ({ payload: await users.acceptTerms(req.ctx) }));

  route(app, api.setMyLanguage, async (req) => ({ payload: await users.setLanguage(req.ctx, req.body) }));

  route(app, api.userAvatar, async (req, reply) => sendFile(req, reply, await users.avatar(req.ctx, req.params.id)));

  // Multipart is parsed only in this scope, with the avatar's own limits.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, { fileSize: AVATAR_MAX_BYTES, files: 1 });
    route(uploads, api.uploadMyAvatar, async (req) => ({
      payload: await users.setAvatar(req.ctx, uploadedFiles(req)),
    }));
  });
};
