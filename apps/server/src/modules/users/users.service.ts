import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  type EmailBody,
  type Language,
  type Me,
  type NamesBody,
  type PhoneBody,
  type StoredFile,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { FileDownload } from '../../lib/send-file.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { Upload } from '../../plugins/uploads.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { FilesService } from '../files/files.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import type { UsersRepository } from './users.repository.js';

type Repos = { repo: UsersRepository; audit: AuditLog };
type Deps = {
  repo: UsersRepository;
  /** Runs `fn` in one transaction, with repositories bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  /** The signed-in user as GET /auth/me shows it: every profile change answers with it. */
  me: (ctx: RequestContext) => Promise<Me>;
  files: Pick<FilesService, 'uploadOne' | 'download'>;
  limiter: Pick<RateLimiter, 'assertUnder' | 'record'>;
  clock: Clock;
  config: { rateLimit: { perIdentifier: number } };
};

const AVATAR_RULE = { accept: AVATAR_MIME_TYPES, maxBytes: AVATAR_MAX_BYTES, maxFiles: 1 };

/** The caller's own profile (spec point 7, POST /mobile/users/*): every signed-in role may change its own. */
export const createUsersService = ({ repo, transaction, me, files, limiter, clock, config }: Deps) => ({
  async setName(ctx: RequestContext, { name }: NamesBody): Promise<Me> {
    await repo.setName(ctx.tenantId, ctx.userId, name, clock.now());
    return me(ctx);
  },

  async setPhone(ctx: RequestContext, { phone }: PhoneBody): Promise<Me> {
    await repo.setPhone(ctx.tenantId, ctx.userId, phone, clock.now());
    return me(ctx);
  },

  /**
   * The e-mail is where password resets go, so changing it needs the current password. Wrong
   * guesses count against the same limit as changing the password (one budget per account).
   * EmailTaken tells whether an address has an account, but only to a signed-in user who also
   * knows their own password, and throttled: an acceptable price for a clear answer.
   */
  async setEmail(ctx: RequestContext, { email, password }: EmailBody, meta: { ip: string }): Promise<Me> {
    const failures = `password:user:${ctx.userId}`;
    await limiter.assertUnder(failures, config.rateLimit.perIdentifier);
    const account = await repo.findCredentials(ctx.tenantId, ctx.userId);
    if (!account) throw notFound();
    if (!(await verifyPassword(account.passwordHash, password))) {
      await limiter.record(failures);
      throw new AppError('InvalidPassword', 400);
    }
    if (account.email?.toLowerCase() !== email) {
      if (await repo.isEmailTaken(email, ctx.tenantId, ctx.userId)) throw new AppError('EmailTaken', 409);
      await transaction(async (tx) => {
        if ((await tx.repo.setEmail(ctx.tenantId, ctx.userId, email, clock.now())) === 'taken') {
          throw new AppError('EmailTaken', 409);
        }
        await tx.audit.record({
          event: 'profile.email_changed',
          tenantId: ctx.tenantId,
          userId: ctx.userId,
          ip: meta.ip,
          details: { previous: account.email, current: email },
        });
      });
    }
    return me(ctx);
  },

  async acceptTerms(ctx: RequestContext): Promise<{ done: true }> {
    await repo.acceptTerms(ctx.tenantId, ctx.userId, clock.now());
    return { done: true };
  },

  /** The language the caller now uses the app in: their notices and e-mails follow it. */
  async setLanguage(ctx: RequestContext, { language }: { language: Language }): Promise<{ done: true }> {
    await repo.setLanguage(ctx.tenantId, ctx.userId, language);
    return { done: true };
  },

  async setAvatar(ctx: RequestContext, parts: AsyncIterable<Upload>): Promise<StoredFile> {
    const stored = await files.uploadOne(ctx, parts, AVATAR_RULE);
    await repo.setAvatar(ctx.tenantId, ctx.userId, stored.id, clock.now());
    return stored;
  },

  /** GET /mobile/users/avatar/{id}: a user of the caller's tenant; anyone else's answers 404. */
  async avatar(ctx: RequestContext, userId: number): Promise<FileDownload> {
    const fileId = await repo.findAvatar(ctx.tenantId, userId);
    if (!fileId) throw notFound();
    return files.download(ctx, fileId);
  },
});
export type UsersService = ReturnType<typeof createUsersService>;
