import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  type EmailBody,
  type Language,
  type Me,
  type NamesBody,
  PASSWORD_TOKEN_TTL_MS,
  type PhoneBody,
  type StoredFile,
} from '@kanal/contract';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { FileDownload } from '../../../lib/files/send-file.js';
import { verifyPassword } from '../../../lib/passwords.js';
import { hashToken, newToken, tokenTenant } from '../../../lib/tokens.js';
import type { RequestContext } from '../../../plugins/request-context.js';
import type { Upload } from '../../../plugins/uploads.js';
import type { AuditLog } from '../../audit/audit.service.js';
import type { FilesService } from '../../files/files.service.js';
import type { Mailer } from '../../mail/mail.service.js';
import type { RateLimiter } from '../../rate-limit/rate-limit.service.js';
import type { UsersRepository } from '../users.repository.js';
import { emailChangeMail } from './users-mail.js';

type Repos = {
  repo: UsersRepository;
  /** The new address's confirmation link, kept with the other links by the auth module (it owns them). */
  links: {
    replaceEmailChange(
      tenantId: number,
      userId: number,
      change: { email: string; tokenHash: string; expiresAt: Date },
      now: Date,
    ): Promise<void>;
    consumePasswordToken(
      tenantId: number,
      tokenHash: string,
      purpose: 'email_change',
      now: Date,
    ): Promise<{ userId: number; email: string | null } | undefined>;
  };
  audit: AuditLog;
};
type Deps = {
  repo: UsersRepository;
  /** Runs `fn` in one transaction, with repositories bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  /** The signed-in user as GET /auth/me shows it: every profile change answers with it. */
  me: (ctx: RequestContext) => Promise<Me>;
  files: Pick<FilesService, 'uploadOne' | 'download'>;
  limiter: Pick<RateLimiter, 'assertUnder' | 'record'>;
  mailer: Pick<Mailer, 'send'>;
  clock: Clock;
  config: { rateLimit: { perIdentifier: number }; publicUrl: string };
};

const AVATAR_RULE = { accept: AVATAR_MIME_TYPES, maxBytes: AVATAR_MAX_BYTES, maxFiles: 1 };

/** The caller's own profile (spec point 7, POST /mobile/users/*): every signed-in role may change its own. */
export const createUsersService = ({ repo, transaction, me, files, limiter, mailer, clock, config }: Deps) => ({
  async setName(ctx: RequestContext, { name }: NamesBody): Promise<Me> {
    await repo.setName(ctx.tenantId, ctx.userId, name, clock.now());
    return me(ctx);
  },

  async setPhone(ctx: RequestContext, { phone }: PhoneBody): Promise<Me> {
    await repo.setPhone(ctx.tenantId, ctx.userId, phone, clock.now());
    return me(ctx);
  },

  /**
   * The e-mail is where password resets go, so changing it needs the current password, and the new
   * address must prove it reaches the person: it changes only when the link mailed to it is opened
   * (`confirmEmail`); until then the answer is Me as it was. Wrong guesses count against the same limit
   * as changing the password (one budget per account). EmailTaken tells whether an address has an
   * account, but only to a signed-in user who also knows their own password, and throttled: an
   * acceptable price for a clear answer.
   */
  async setEmail(ctx: RequestContext, { email, password }: EmailBody, meta: { lang: Language }): Promise<Me> {
    const failures = `password:user:${ctx.userId}`;
    await limiter.assertUnder(failures, config.rateLimit.perIdentifier);
    const account = await repo.findCredentials(ctx.tenantId, ctx.userId);
    if (!account) throw notFound();
    if (!(await verifyPassword(account.passwordHash, password))) {
      await limiter.record(failures);
      throw new AppError('InvalidPassword');
    }
    const current = await me(ctx);
    if (account.email?.toLowerCase() === email) return current;
    if (await repo.isEmailTaken(email, ctx.tenantId, ctx.userId)) throw new AppError('EmailTaken');
    const token = newToken(ctx.tenantId);
    const now = clock.now();
    // Audited when it takes effect (confirmEmail); a request alone changes nothing.
    const expiresAt = new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS);
    await transaction((tx) =>
      tx.links.replaceEmailChange(ctx.tenantId, ctx.userId, { email, tokenHash: hashToken(token), expiresAt }, now),
    );
    // PUBLIC_URL, never the Host header: a forged Host cannot redirect the link.
    await mailer.send({
      tenantId: ctx.tenantId,
      recipient: email,
      ...emailChangeMail(
        meta.lang,
        { name: current.name, tenantName: current.tenant.name, tenantColor: current.tenant.primaryColor },
        `${config.publicUrl}/confirm-email/${token}`,
      ),
    });
    return current;
  },

  /**
   * The link mailed to a new address, opened: the account's e-mail (and sign-in identifier) becomes it.
   * Needs no session: the link may be opened on another device. A link used, replaced or expired is 404.
   */
  async confirmEmail(token: string, meta: { ip: string }): Promise<{ done: true }> {
    const tenantId = tokenTenant(token);
    if (tenantId === undefined) throw notFound();
    await transaction(async (tx) => {
      const now = clock.now();
      const change = await tx.links.consumePasswordToken(tenantId, hashToken(token), 'email_change', now);
      if (!change?.email) throw notFound();
      const account = await tx.repo.findCredentials(tenantId, change.userId);
      if (!account) throw notFound();
      // Someone may have taken the address since the link was sent.
      if ((await tx.repo.setEmail(tenantId, change.userId, change.email, now)) === 'taken') {
        throw new AppError('EmailTaken');
      }
      await tx.audit.record({
        event: 'profile.email_changed',
        tenantId,
        userId: change.userId,
        ip: meta.ip,
        details: { previous: account.email, current: change.email },
      });
    });
    return { done: true };
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
