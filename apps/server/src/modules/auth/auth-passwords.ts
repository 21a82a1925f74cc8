import type {
  ActivateBody,
  ChangePasswordBody,
  ForgotPasswordBody,
  Language,
  ResetPasswordBody,
  Session,
  SetupPasswordBody,
  SetupPasswordResult,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { hashActivationCode } from './activation-code.js';
import type { Account, AuthRepository } from './auth.repository.js';
import type { AuthDeps, RequestMeta } from './auth-deps.js';
import type { createAccountLinks } from './auth-links.js';

// Choosing and changing a password: the first set-up (by link or activation code), a forgotten one's reset
// (queued, worked on by a job) and a signed-in person's change. Signing in and sessions are auth.service's.

/** A forgot-password request, queued as it came: worked on by a job, never while its request is answered. */
type ResetRequest = { identifier: string; lang: string; ip: string };
export const RESET_QUEUE = 'auth.reset';

type Deps = Pick<
  AuthDeps,
  'repo' | 'audit' | 'transaction' | 'limiter' | 'clock' | 'config' | 'jobs' | 'queue' | 'reposOver'
> & {
  links: Pick<ReturnType<typeof createAccountLinks>, 'mailLinks' | 'consumeLink'>;
  /** A new session for a person who has just proved themselves (auth.service's). */
  openSession: (r: AuthRepository, account: Account, client: SetupPasswordBody | ActivateBody) => Promise<Session>;
  limitIp: (scope: string, meta: RequestMeta) => Promise<void>;
  /** The rate-limit key of an identifier in a scope (auth.service's, shared with signing in). */
  idKey: (scope: string, identifier: string) => string;
};

export function createPasswordFlows({
  repo,
  audit,
  transaction,
  limiter,
  clock,
  config,
  jobs,
  queue,
  reposOver,
  links: { mailLinks, consumeLink },
  openSession,
  limitIp,
  idKey,
}: Deps) {
  /**
   * A password chosen through a link or an activation code, which proved the person: every other link
   * and code, session and trusted browser of the account ends with it (a reset is often after a theft).
   */
  async function replacePassword(r: AuthRepository, account: Account, passwordHash: string, now: Date) {
    await r.setPassword(account.tenantId, account.id, passwordHash, now);
    await r.voidPasswordTokens(account.tenantId, [account.id], now);
    await r.revokeUserSessions(account.tenantId, account.id, now);
    await r.forgetTrustedDevices(account.tenantId, account.id);
  }

  /**
   * The reset requests' job, one per request, in its transaction with the repositories, audit and mailer
   * bound to it: a link for a live account with an e-mail, an audit row always. A failed one is retried
   * as any job is, and one a crashed process left is taken up by another.
   */
  jobs.define<ResetRequest>(RESET_QUEUE, async (request, tx) => {
    const through = reposOver(tx);
    const lang: Language = request.lang === 'en' ? 'en' : 'hr';
    const account = await through.repo.findAccount(request.identifier);
    const sent = Boolean(account?.active && account.email);
    if (account?.active && account.email) {
      await mailLinks('reset', [{ ...account, email: account.email }], lang, through);
    }
    await through.audit.record({
      event: 'reset.requested',
      tenantId: account?.tenantId,
      userId: account?.id,
      ip: request.ip,
      details: { sent },
    });
  });

  return {
    /**
     * First-time password set-up (DESIGN.md §5). An account with an e-mail is only sent a link: the
     * password is chosen on its page, by whoever reads that mailbox, and a password sent here is never
     * stored. A username-only account proves itself with the code its admin handed over, with its password.
     */
    async setupPassword(body: SetupPasswordBody, meta: RequestMeta): Promise<SetupPasswordResult> {
      await limitIp('setup', meta);
      await limiter.consume(idKey('setup', body.email), config.rateLimit.perIdentifier);
      const account = await repo.findAccount(body.email);
      if (!account?.active || account.passwordHash !== null) {
        // Nothing to set up; answer as for an e-mail account so the reply reveals nothing more.
        return { status: 'confirmationSent' };
      }
      if (account.email) {
        await mailLinks('activate', [{ ...account, email: account.email }], meta.lang);
        await audit.record({ event: 'signup.requested', tenantId: account.tenantId, userId: account.id, ip: meta.ip });
        return { status: 'confirmationSent' };
      }
      const { activationCode: code, password } = body;
      if (!code || !password) {
        throw new AppError('BodyParamsInvalid', {
          field: { name: code ? 'password' : 'activationCode', message: 'validation.required' },
        });
      }
      const passwordHash = await hashPassword(password);
      return transaction(async (tx) => {
        const now = clock.now();
        if (
          !(await tx.repo.consumeActivationCode(account.tenantId, account.id, hashActivationCode(account, code), now))
        ) {
          throw new AppError('ActivationCodeInvalid');
        }
        await replacePassword(tx.repo, account, passwordHash, now);
        await tx.audit.record({
          event: 'signup.code_activated',
          tenantId: account.tenantId,
          userId: account.id,
          ip: meta.ip,
        });
        return { status: 'signedIn', ...(await openSession(tx.repo, account, body)) };
      });
    },
    /**
     * The set-up link's page: the person who opened the mailed link chooses the password, and is signed
     * in. The link is refused once the account has a password (set meanwhile through another link).
     */
    async activate(token: string, body: ActivateBody, meta: RequestMeta): Promise<Session> {
      await limitIp('activate', meta);
      const passwordHash = await hashPassword(body.password);
      return transaction(async (tx) => {
        const now = clock.now();
        const link = await consumeLink(tx.repo, token, 'activate', now);
        const account = link && (await tx.repo.findAccountById(link.tenantId, link.userId));
        if (!account?.active || account.passwordHash !== null) throw new AppError('TokenInvalid');
        await replacePassword(tx.repo, account, passwordHash, now);
        await tx.audit.record({
          event: 'signup.confirmed',
          tenantId: account.tenantId,
          userId: account.id,
          ip: meta.ip,
        });
        return openSession(tx.repo, account, body);
      });
    },

    /**
     * Always the same answer, after the same work: whether the account exists is nobody's business
     * (DESIGN.md §5). The request is only queued (a job, RESET_QUEUE); the lookup, link and mail come with
     * the next pass of the background jobs, not right after this request, so no later request's time
     * depends on it either.
     */
    async forgotPassword({ identifier }: ForgotPasswordBody, meta: RequestMeta): Promise<{ done: true }> {
      await limitIp('forgot', meta);
      await limiter.consume(idKey('forgot', identifier), config.rateLimit.perIdentifier);
      const request: ResetRequest = { identifier, lang: meta.lang, ip: meta.ip };
      await queue({ queue: RESET_QUEUE, payload: request, runAt: clock.now() });
      return { done: true };
    },

    /** A new password from a reset or welcome link; every session and trusted browser of the account ends. */
    async resetPassword(token: string, { password }: ResetPasswordBody, meta: RequestMeta): Promise<{ done: true }> {
      await limitIp('reset', meta);
      const passwordHash = await hashPassword(password);
      return transaction(async (tx) => {
        const now = clock.now();
        const link = await consumeLink(tx.repo, token, 'reset', now);
        const account = link && (await tx.repo.findAccountById(link.tenantId, link.userId));
        if (!account?.active) throw new AppError('TokenInvalid');
        await replacePassword(tx.repo, account, passwordHash, now);
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
        throw new AppError('PasswordNotChanged');
      }
      const passwordHash = await hashPassword(body.new);
      return transaction(async (tx) => {
        const now = clock.now();
        await tx.repo.setPassword(ctx.tenantId, ctx.userId, passwordHash, now);
        await tx.repo.voidPasswordTokens(ctx.tenantId, [ctx.userId], now);
        await tx.repo.revokeUserSessions(ctx.tenantId, ctx.userId, now, ctx.sessionId);
        await tx.audit.record({ event: 'password.changed', tenantId: ctx.tenantId, userId: ctx.userId, ip: meta.ip });
        return { done: true as const };
      });
    },
  };
}
