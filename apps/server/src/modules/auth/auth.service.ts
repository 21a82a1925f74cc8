import {
  type ActivateBody,
  type Application,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type HasPasswordBody,
  type HasPasswordResult,
  type Language,
  type Me,
  type ResetPasswordBody,
  SESSION_TTL_MS,
  SESSION_TTL_REMEMBER_MS,
  type Session,
  type SetupPasswordBody,
  type SetupPasswordResult,
  type SignInBody,
  type SignOutResult,
  TRUSTED_DEVICE_TTL_MS,
} from '@kanal/contract';
import type { CallerRow } from '../../db/caller.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { appDay, type Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken, tokenTenant } from '../../lib/tokens.js';
import type { Checked, Credentials, RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { Mailer } from '../mail/mail.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import { hashActivationCode } from './activation-code.js';
import type { Account, AuthRepository } from './auth.repository.js';
import { createAccountLinks } from './auth-links.js';

/** Where a request came from: for rate limits, the audit trail and the language of a mail. */
export type RequestMeta = { ip: string; lang: Language };
type Client = { rememberMe: boolean; application: Application; device?: string | undefined };
/** The identity provider a session came through, with its ID token (sealed by the sso module; opaque here). */
export type Vouched = { providerId: number; idTokenSealed: string | null };
type Repos = { repo: AuthRepository; audit: AuditLog };

type Deps = Repos & {
  /** Runs `fn` in one transaction, with repositories bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  limiter: RateLimiter;
  mailer: Pick<Mailer, 'send'>;
  /** Signing out of a session stops push notices to the devices it registered (the notifications module). */
  forgetDevices: (tenantId: number, sessionId: number) => Promise<void>;
  clock: Clock;
  config: { publicUrl: string; rateLimit: { perIp: number; perIdentifier: number } };
  /** Where the reset requests are queued and worked on: a job kind of the jobs module. */
  jobs: Pick<Jobs, 'define'>;
  /** Queues a job in the database (the jobs module's schedule, outside any transaction). */
  queue: (job: { queue: string; payload: Record<string, unknown>; runAt: Date }) => Promise<void>;
  /**
   * The identity provider an identifier's e-mail domain belongs to (the sso module): where its sign-in
   * starts, and whether that domain's people may still sign in with a password.
   */
  ssoEntry: (identifier: string) => Promise<{ url: string; passwordsAllowed: boolean } | undefined>;
  /**
   * Where the browser ends the person's session at the identity provider their session came through (the
   * sso module); undefined where it has no such endpoint or cannot be reached. Never throws.
   */
  endSession: (tenantId: number, through: Vouched) => Promise<string | undefined>;
  /** The repositories and the mailer bound to a job's transaction: a job writes only through it. */
  reposOver: (tx: Tx) => Repos & { mailer: Pick<Mailer, 'send'> };
};

/** A forgot-password request, queued as it came: worked on by a job, never while its request is answered. */
type ResetRequest = { identifier: string; lang: string; ip: string };
export const RESET_QUEUE = 'auth.reset';

/** A session is not extended on every request: once a minute is enough to keep it sliding. */
const SLIDE_EVERY_MS = 60_000;

const ttl = (rememberMe: boolean) => (rememberMe ? SESSION_TTL_REMEMBER_MS : SESSION_TTL_MS);

export const createAuthService = ({
  repo,
  audit,
  transaction,
  limiter,
  mailer,
  forgetDevices,
  clock,
  config,
  jobs,
  queue,
  reposOver,
  ssoEntry,
  endSession,
}: Deps) => {
  const ipKey = (scope: string, meta: RequestMeta) => `${scope}:ip:${meta.ip}`;
  const idKey = (scope: string, identifier: string) => `${scope}:id:${identifier.toLowerCase()}`;
  const credentials = (token: string): Credentials | undefined => {
    const tenantId = tokenTenant(token);
    return tenantId === undefined ? undefined : { tenantId, tokenHash: hashToken(token) };
  };

  /** A live session row, extended when it is used (sliding expiry). */
  async function admit(found: CallerRow): Promise<RequestContext> {
    const now = clock.now();
    if (now.getTime() - found.lastSeenAt.getTime() >= SLIDE_EVERY_MS) {
      await repo.extendSession(found.tenantId, found.sessionId, now, new Date(now.getTime() + ttl(found.rememberMe)));
      // The first request of a new day counts the person as active that day (the dashboard's active people).
      const today = appDay(now);
      if (appDay(found.lastSeenAt) !== today) await repo.recordActivity(found.tenantId, found.userId, today);
    }
    return { tenantId: found.tenantId, userId: found.userId, role: found.role, sessionId: found.sessionId };
  }

  const limitIp = (scope: string, meta: RequestMeta) => limiter.consume(ipKey(scope, meta), config.rateLimit.perIp);

  async function openSession(r: AuthRepository, account: Account, client: Client, through?: Vouched): Promise<Session> {
    const token = newToken(account.tenantId);
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
      providerId: through?.providerId ?? null,
      idTokenSealed: through?.idTokenSealed ?? null,
    });
    await r.recordActivity(account.tenantId, account.id, appDay(now));
    return { token, userId: account.id };
  }

  const links = createAccountLinks({ repo, audit, mailer, clock, config });
  const { mailLinks, consumeLink, issueActivationCodes } = links;

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
     * Spec point 4, login step 1. Unknown and deactivated accounts answer `true` like any account
     * with a password, so the answer reveals nothing but the set-up state of a live account.
     */
    async hasPassword({ identifier }: HasPasswordBody, meta: RequestMeta): Promise<HasPasswordResult> {
      await limitIp('has-password', meta);
      const sso = await ssoEntry(identifier);
      if (sso) return { hasPassword: true, sso: sso.url };
      const account = await repo.findAccount(identifier);
      if (!account?.active || account.passwordHash !== null) return { hasPassword: true };
      return { hasPassword: false, activation: account.email ? 'link' : 'code' };
    },

    /**
     * A browser that signed in to this account before (its device token, `device`) has a failure limit
     * of its own; every other client shares the account's. So guessing from anywhere stays within the
     * account's limit, and cannot lock the owner out of a browser they use (OWASP's device cookies).
     * A first success from a browser answers a new device token to keep.
     */
    async signIn(
      body: SignInBody,
      meta: RequestMeta,
      device: string | undefined,
    ): Promise<{ session: Session; newDevice?: string }> {
      await limitIp('signin', meta);
      // A domain whose organisation signs its people in through its provider alone: no password is tried.
      if ((await ssoEntry(body.email))?.passwordsAllowed === false) throw new AppError('SsoRequired');
      const account = await repo.findAccount(body.email);
      // Looked up whether or not the account exists, so a device cookie does not time the difference.
      const deviceTenant = device && tokenTenant(device);
      const known =
        device && deviceTenant ? await repo.findTrustedDevice(deviceTenant, hashToken(device), clock.now()) : undefined;
      const trusted = known && account && known.tenantId === account.tenantId && known.userId === account.id;
      const failures = trusted ? `signin:device:${known.tenantId}:${known.id}` : idKey('signin', body.email);
      await limiter.assertUnder(failures, config.rateLimit.perIdentifier);
      // Always verify (against a dummy without a hash): failures take the same time for every account.
      const valid = await verifyPassword(account?.passwordHash, body.password);
      if (account && valid && !account.active) {
        // The right password: the person may know why they cannot come in, and whom to ask.
        await audit.record({
          event: 'login.failed',
          tenantId: account.tenantId,
          userId: account.id,
          ip: meta.ip,
          details: { application: body.application, deactivated: true },
        });
        throw new AppError('AccountDeactivated');
      }
      if (!account || !valid) {
        await limiter.record(failures);
        await audit.record({
          event: 'login.failed',
          tenantId: account?.tenantId,
          userId: account?.id,
          ip: meta.ip,
          details: { application: body.application, trustedDevice: Boolean(trusted) },
        });
        throw new AppError('WrongCredentials');
      }
      const created = await openSession(repo, account, body);
      await repo.setLanguage(account.tenantId, account.id, meta.lang);
      let newDevice: string | undefined;
      if (!trusted) {
        newDevice = newToken(account.tenantId);
        await repo.insertTrustedDevice({
          tenantId: account.tenantId,
          userId: account.id,
          tokenHash: hashToken(newDevice),
          expiresAt: new Date(clock.now().getTime() + TRUSTED_DEVICE_TTL_MS),
        });
      }
      await audit.record({
        event: 'login.ok',
        tenantId: account.tenantId,
        userId: account.id,
        ip: meta.ip,
        details: { application: body.application, rememberMe: body.rememberMe },
      });
      return { session: created, ...(newDevice ? { newDevice } : {}) };
    },

    /**
     * A session for a person their organisation's identity provider vouched for (the sso module redeems
     * its ticket here): no password, but the same rules: a deactivated person or organisation stays out.
     * The session remembers the provider, so that signing out can end the person's session there too.
     */
    async signInVouched(
      tenantId: number,
      userId: number,
      client: { rememberMe: boolean } & Vouched,
      meta: RequestMeta,
    ): Promise<Session> {
      await limitIp('signin', meta);
      const account = await repo.findAccountById(tenantId, userId);
      if (!account?.active) throw new AppError('AccountDeactivated');
      const created = await openSession(
        repo,
        account,
        { rememberMe: client.rememberMe, application: 'web' },
        { providerId: client.providerId, idTokenSealed: client.idTokenSealed },
      );
      await repo.setLanguage(account.tenantId, account.id, meta.lang);
      await audit.record({
        event: 'login.ok',
        tenantId,
        userId,
        ip: meta.ip,
        details: { application: 'web', rememberMe: client.rememberMe, providerId: client.providerId },
      });
      return created;
    },

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

    /** One new activation code (the demo's and the tests' way to make one). */
    issueActivationCode: async (tenantId: number, userId: number) =>
      (await issueActivationCodes(tenantId, [userId])).get(userId) ?? '',

    /** An admin's welcome, reset or lock of people: links by mail, codes for the rest (auth-links). */
    invite: links.invite,

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

    async me(ctx: RequestContext): Promise<Me> {
      const me = await repo.findMe(ctx.tenantId, ctx.userId);
      if (!me) throw notFound();
      return me;
    },

    /** The signed-in user, with the session check in the same statement (a `sessionInStatement` route). */
    async meWithSession(credentials: Credentials): Promise<Checked<Me>> {
      const found = await repo.findMeWithSession(credentials.tenantId, credentials.tokenHash, clock.now());
      return found && { caller: found.caller, value: { ...found.me, tenant: found.tenant } };
    },

    /**
     * Ends the session. One that came through an identity provider also answers where the browser ends the
     * person's session there: asked only after ours has ended, so a provider that does not answer cannot keep
     * it alive (it only goes without the address).
     */
    async signOut(ctx: RequestContext, meta: RequestMeta): Promise<SignOutResult> {
      const ended = await repo.revokeSession(ctx.tenantId, ctx.sessionId, clock.now());
      await forgetDevices(ctx.tenantId, ctx.sessionId);
      const providerId = ended?.providerId ?? undefined;
      await audit.record({
        event: 'session.revoked',
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        ip: meta.ip,
        ...(providerId === undefined ? {} : { details: { providerId } }),
      });
      const endSessionUrl =
        providerId === undefined
          ? undefined
          : await endSession(ctx.tenantId, { providerId, idTokenSealed: ended?.idTokenSealed ?? null });
      return endSessionUrl ? { done: true, endSessionUrl } : { done: true };
    },

    credentials,

    /** The session behind a bearer token, extended when it is used (sliding expiry). */
    async authenticate(token: string): Promise<RequestContext | null> {
      const found = credentials(token);
      const row = found && (await repo.findLiveSession(found.tenantId, found.tokenHash, clock.now()));
      return row ? admit(row) : null;
    },

    admit,
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
