import {
  type ActivateBody,
  type Application,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type HasPasswordBody,
  type Language,
  type Me,
  PASSWORD_TOKEN_TTL_MS,
  type ResetPasswordBody,
  SESSION_TTL_MS,
  SESSION_TTL_REMEMBER_MS,
  type Session,
  type SetupPasswordBody,
  type SetupPasswordResult,
  type SignInBody,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { Mailer } from '../mail/mail.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import type { Account, AuthRepository } from './auth.repository.js';
import { linkMail } from './auth-mail.js';

/** Where a request came from: for rate limits, the audit trail and the language of a mail. */
export type RequestMeta = { ip: string; lang: Language };
type Client = { rememberMe: boolean; application: Application; device?: string | undefined };
type Repos = { repo: AuthRepository; audit: AuditLog };

type Deps = Repos & {
  /** Runs `fn` in one transaction, with repositories bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  limiter: RateLimiter;
  mailer: Pick<Mailer, 'send'>;
  clock: Clock;
  config: { publicUrl: string; rateLimit: { perIp: number; perIdentifier: number } };
};

/** A session is not extended on every request: once a minute is enough to keep it sliding. */
const SLIDE_EVERY_MS = 60_000;

const ttl = (rememberMe: boolean) => (rememberMe ? SESSION_TTL_REMEMBER_MS : SESSION_TTL_MS);

export const createAuthService = ({ repo, audit, transaction, limiter, mailer, clock, config }: Deps) => {
  const ipKey = (scope: string, meta: RequestMeta) => `${scope}:ip:${meta.ip}`;
  const idKey = (scope: string, identifier: string) => `${scope}:id:${identifier.toLowerCase()}`;
  const limitIp = (scope: string, meta: RequestMeta) => limiter.consume(ipKey(scope, meta), config.rateLimit.perIp);

  async function openSession(r: AuthRepository, account: Account, client: Client): Promise<Session> {
    const token = newToken();
    const now = clock.now();
    await r.insertSession({
      tenantId: account.tenantId,
      userId: account.id,
      tokenHash: hashToken(token),
      rememberMe: client.rememberMe,
      application: client.application,
      device: client.device ?? null,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ttl(client.rememberMe)),
    });
    return { token, userId: account.id };
  }

  async function mailLink(
    kind: 'activate' | 'reset',
    account: Account & { email: string },
    lang: Language,
    pendingPasswordHash?: string,
  ) {
    const token = newToken();
    await repo.insertPasswordToken({
      tenantId: account.tenantId,
      userId: account.id,
      purpose: kind,
      tokenHash: hashToken(token),
      pendingPasswordHash: pendingPasswordHash ?? null,
      expiresAt: new Date(clock.now().getTime() + PASSWORD_TOKEN_TTL_MS),
    });
    // PUBLIC_URL, never the Host header: a forged Host cannot redirect the link.
    const link = `${config.publicUrl}/${kind === 'activate' ? 'activate' : 'reset-password'}/${token}`;
    await mailer.send({ tenantId: account.tenantId, recipient: account.email, ...linkMail(kind, lang, account, link) });
  }

  return {
    /**
     * Spec point 4, login step 1. Unknown and deactivated accounts answer `true` like any account
     * with a password, so the answer reveals nothing but the set-up state of a live account.
     */
    async hasPassword({ identifier }: HasPasswordBody, meta: RequestMeta): Promise<{ hasPassword: boolean }> {
      await limitIp('has-password', meta);
      const account = await repo.findAccount(identifier);
      return { hasPassword: !(account?.active && account.passwordHash === null) };
    },

    async signIn(body: SignInBody, meta: RequestMeta): Promise<Session> {
      await limitIp('signin', meta);
      const failures = idKey('signin', body.email);
      await limiter.assertUnder(failures, config.rateLimit.perIdentifier);
      const account = await repo.findAccount(body.email);
      // Always verify (against a dummy without a hash): failures take the same time for every account.
      const valid = await verifyPassword(account?.passwordHash, body.password);
      if (!account || !valid || !account.active) {
        await limiter.record(failures);
        await audit.record({
          event: 'login.failed',
          tenantId: account?.tenantId,
          userId: account?.id,
          ip: meta.ip,
          details: { application: body.application },
        });
        throw new AppError('WrongCredentials', 401);
      }
      const created = await openSession(repo, account, body);
      await audit.record({
        event: 'login.ok',
        tenantId: account.tenantId,
        userId: account.id,
        ip: meta.ip,
        details: { application: body.application, rememberMe: body.rememberMe },
      });
      return created;
    },

    /** First-time password set-up (DESIGN.md §5). */
    async setupPassword(body: SetupPasswordBody, meta: RequestMeta): Promise<SetupPasswordResult> {
      await limitIp('setup', meta);
      await limiter.consume(idKey('setup', body.email), config.rateLimit.perIdentifier);
      const account = await repo.findAccount(body.email);
      const passwordHash = await hashPassword(body.password);
      if (!account?.active || account.passwordHash !== null) {
        // Nothing to set up; answer as for an e-mail account so the reply reveals nothing more.
        return { status: 'confirmationSent' };
      }
      if (account.email) {
        await mailLink('activate', { ...account, email: account.email }, meta.lang, passwordHash);
        await audit.record({ event: 'signup.requested', tenantId: account.tenantId, userId: account.id, ip: meta.ip });
        return { status: 'confirmationSent' };
      }
      // A username-only account has no mailbox to confirm through: it activates at once, audited.
      return transaction(async (tx) => {
        await tx.repo.setPassword(account.tenantId, account.id, passwordHash, clock.now());
        await tx.audit.record({
          event: 'signup.username_activated',
          tenantId: account.tenantId,
          userId: account.id,
          ip: meta.ip,
        });
        return { status: 'signedIn', ...(await openSession(tx.repo, account, body)) };
      });
    },

    /** Opening the confirmation link: the pending password takes effect and the user is signed in. */
    async activate(token: string, body: ActivateBody, meta: RequestMeta): Promise<Session> {
      await limitIp('activate', meta);
      return transaction(async (tx) => {
        const now = clock.now();
        const link = await tx.repo.consumePasswordToken(hashToken(token), 'activate', now);
        const account = link && (await tx.repo.findAccountById(link.tenantId, link.userId));
        // A password set meanwhile (by a reset) wins over an older pending one.
        if (!link?.pendingPasswordHash || !account?.active || account.passwordHash !== null) {
          throw new AppError('TokenInvalid', 400);
        }
        await tx.repo.setPassword(account.tenantId, account.id, link.pendingPasswordHash, now);
        await tx.repo.voidPasswordTokens(account.tenantId, account.id, now);
        await tx.audit.record({
          event: 'signup.confirmed',
          tenantId: account.tenantId,
          userId: account.id,
          ip: meta.ip,
        });
        return openSession(tx.repo, account, body);
      });
    },

    /** Always the same answer: whether the account exists is nobody's business (DESIGN.md §5). */
    async forgotPassword({ identifier }: ForgotPasswordBody, meta: RequestMeta): Promise<{ done: true }> {
      await limitIp('forgot', meta);
      await limiter.consume(idKey('forgot', identifier), config.rateLimit.perIdentifier);
      const account = await repo.findAccount(identifier);
      const sent = Boolean(account?.active && account.email);
      if (account?.active && account.email) await mailLink('reset', { ...account, email: account.email }, meta.lang);
      await audit.record({
        event: 'reset.requested',
        tenantId: account?.tenantId,
        userId: account?.id,
        ip: meta.ip,
        details: { sent },
      });
      return { done: true };
    },

    /** A new password from a reset link; every session of the account ends with it. */
    async resetPassword(token: string, { password }: ResetPasswordBody, meta: RequestMeta): Promise<{ done: true }> {
      await limitIp('reset', meta);
      const passwordHash = await hashPassword(password);
      return transaction(async (tx) => {
        const now = clock.now();
        const link = await tx.repo.consumePasswordToken(hashToken(token), 'reset', now);
        const account = link && (await tx.repo.findAccountById(link.tenantId, link.userId));
        if (!account?.active) throw new AppError('TokenInvalid', 400);
        await tx.repo.setPassword(account.tenantId, account.id, passwordHash, now);
        await tx.repo.voidPasswordTokens(account.tenantId, account.id, now);
        await tx.repo.revokeUserSessions(account.tenantId, account.id, now);
        await tx.audit.record({ event: 'reset.used', tenantId: account.tenantId, userId: account.id, ip: meta.ip });
        return { done: true as const };
      });
    },

    /** Needs the current password; other sessions end, this one stays. */
    async changePassword(ctx: RequestContext, body: ChangePasswordBody, meta: RequestMeta): Promise<{ done: true }> {
      await limiter.assertUnder(`password:user:${ctx.userId}`, config.rateLimit.perIdentifier);
      const account = await repo.findAccountById(ctx.tenantId, ctx.userId);
      if (!account) throw notFound();
      if (!(await verifyPassword(account.passwordHash, body.old))) {
        await limiter.record(`password:user:${ctx.userId}`);
        await audit.record({
          event: 'password.change_failed',
          tenantId: ctx.tenantId,
          userId: ctx.userId,
          ip: meta.ip,
        });
        throw new AppError('PasswordNotChanged', 400);
      }
      const passwordHash = await hashPassword(body.new);
      return transaction(async (tx) => {
        const now = clock.now();
        await tx.repo.setPassword(ctx.tenantId, ctx.userId, passwordHash, now);
        await tx.repo.voidPasswordTokens(ctx.tenantId, ctx.userId, now);
        await tx.repo.revokeUserSessions(ctx.tenantId, ctx.userId, now, ctx.sessionId);
        await tx.audit.record({ event: 'password.changed', tenantId: ctx.tenantId, userId: ctx.userId, ip: meta.ip });
        return { done: true as const };
      });
    },

    async me(ctx: RequestContext): Promise<Me> {
      const me = await repo.findMe(ctx.tenantId, ctx.userId);
      if (!me) throw notFound();
      return me;
    },

    async signOut(ctx: RequestContext, meta: RequestMeta): Promise<{ done: true }> {
      await repo.revokeSession(ctx.tenantId, ctx.sessionId, clock.now());
      await audit.record({ event: 'session.revoked', tenantId: ctx.tenantId, userId: ctx.userId, ip: meta.ip });
      return { done: true };
    },

    /** The session behind a bearer token, extended when it is used (sliding expiry). */
    async authenticate(token: string): Promise<RequestContext | null> {
      const now = clock.now();
      const found = await repo.findLiveSession(hashToken(token), now);
      if (!found) return null;
      if (now.getTime() - found.lastSeenAt.getTime() >= SLIDE_EVERY_MS) {
        await repo.extendSession(found.tenantId, found.id, now, new Date(now.getTime() + ttl(found.rememberMe)));
      }
      return { tenantId: found.tenantId, userId: found.userId, role: found.role, sessionId: found.id };
    },
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
