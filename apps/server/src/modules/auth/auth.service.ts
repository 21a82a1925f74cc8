import {
  type Application,
  type HasPasswordBody,
  type HasPasswordResult,
  type Me,
  SESSION_TTL_MS,
  SESSION_TTL_REMEMBER_MS,
  type Session,
  type SignInBody,
  type SignOutResult,
  TRUSTED_DEVICE_TTL_MS,
} from '@kanal/contract';
import type { CallerRow } from '../../db/caller.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { appDay } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken, tokenTenant } from '../../lib/tokens.js';
import type { Checked, Credentials, RequestContext } from '../../plugins/request-context.js';
import type { Account, AuthRepository } from './auth.repository.js';
import type { AuthDeps, RequestMeta, Vouched } from './auth-deps.js';
import { createAccountLinks } from './auth-links.js';
import { createPasswordFlows } from './auth-passwords.js';

type Client = { rememberMe: boolean; application: Application; device?: string | undefined };

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
}: AuthDeps) => {
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

  const passwords = createPasswordFlows({
    repo,
    audit,
    transaction,
    limiter,
    clock,
    config,
    jobs,
    queue,
    reposOver,
    links,
    openSession,
    limitIp,
    idKey,
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

    /** One new activation code (the demo's and the tests' way to make one). */
    issueActivationCode: async (tenantId: number, userId: number) =>
      (await links.issueActivationCodes(tenantId, [userId])).get(userId) ?? '',

    /** An admin's welcome, reset or lock of people: links by mail, codes for the rest (auth-links). */
    invite: links.invite,

    ...passwords,

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
