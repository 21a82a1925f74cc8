import {
  api,
  type Language,
  type PersonAttributeChangesInput,
  type Session,
  SSO_ATTEMPT_TTL_MS,
  SSO_TICKET_TTL_MS,
  type SsoEntry,
  type SsoRefusal,
  urlOf,
} from '@kanal/contract';
import * as oidc from 'openid-client';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { hashToken, newToken, tokenTenant } from '../../lib/tokens.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import type { ProviderRow, SsoRepository } from './sso.repository.js';
import { claimList, takeClaimedAttributes } from './sso-claims.js';
import { createProviderSettings } from './sso-providers.js';

type RequestMeta = { ip: string; lang: Language };
type Account = { tenantId: number; id: number; active: boolean };

type Deps = {
  repo: SsoRepository;
  /** Runs `fn` in one transaction, with the repository and the audit log bound to it. */
  transaction: <T>(fn: (repos: { repo: SsoRepository; audit: AuditLog }) => Promise<T>) => Promise<T>;
  audit: AuditLog;
  box: SecretBox;
  clock: Clock;
  /** Starting a sign-in writes a row: an address may start as many as it may try passwords. */
  limiter: Pick<RateLimiter, 'consume'>;
  config: { publicUrl: string; rateLimit: { perIp: number } };
  /** Which of the ids are the organisation's groups. */
  groupsExisting: (tenantId: number, groupIds: number[]) => Promise<number[]>;
  /** A person by e-mail, in any organisation (addresses are unique across them); with whether they may act. */
  accountByEmail: (email: string) => Promise<Account | undefined>;
  accountById: (tenantId: number, userId: number) => Promise<Account | undefined>;
  createPerson: (
    tenantId: number,
    person: { name: string; email: string },
    groupIds: number[],
    providerId: number,
  ) => Promise<number>;
  setProviderGroups: (
    tenantId: number,
    userId: number,
    groups: { managed: number[]; member: number[] },
    providerId: number,
  ) => Promise<void>;
  /** Sets some of a person's attributes, audited as the provider's doing (the people service's setAttributes). */
  setAttributes: (
    tenantId: number,
    userId: number,
    changes: PersonAttributeChangesInput,
    by: { providerId: number },
  ) => Promise<unknown>;
  signInVouched: (
    tenantId: number,
    userId: number,
    client: { rememberMe: boolean; providerId: number; idTokenSealed: string | null },
    meta: RequestMeta,
  ) => Promise<Session>;
  log: { warn: (details: object, message: string) => void };
};

/** A provider's discovery document is read again after this long (keys rotate, endpoints move). */
const DISCOVERY_TTL_MS = 60 * 60_000;
/**
 * How long a sign-out waits for the provider's discovery document (when it is not at hand) before it answers
 * without the provider's end-session address: our session has already ended, and the person is waiting.
 */
const END_SESSION_WAIT_MS = 3_000;
const CALLBACK_PATH = urlOf(api.ssoCallback);
/** Where the provider sends the browser back after its sign-out: the web app's login screen. */
const POST_LOGOUT_PATH = '/login';

/** Where a sign-in through the provider starts, as the browser is sent there. */
const startUrl = (tenantId: number, providerId: number) =>
  urlOf(api.startSso, { tenant: tenantId, provider: providerId });

/**
 * The provider an identifier's e-mail domain belongs to, for the sign-in screens (home-realm discovery):
 * where its sign-in starts, and whether the domain's people may still use a password. Of the address's
 * domain alone, so it tells nothing of whether the account exists.
 */
export const signInEntryOf =
  (repo: Pick<SsoRepository, 'providerForDomain'>) =>
  async (identifier: string): Promise<{ url: string; passwordsAllowed: boolean } | undefined> => {
    const domain = identifier.includes('@') ? identifier.split('@').pop()?.trim().toLowerCase() : undefined;
    const found = domain ? await repo.providerForDomain(domain) : undefined;
    return found && { url: startUrl(found.tenantId, found.providerId), passwordsAllowed: found.passwordsAllowed };
  };

/** A refusal the login screen explains; `detail` is logged, never shown. */
class Refused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

/** The promise's value, or undefined once `ms` have passed without it. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Plain http only to a provider on this machine (tests, a local provider); anything else must be https. */
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * Single sign-on through an organisation's own OpenID Connect providers (issue 31): their settings, and
 * the sign-in itself, by the authorization code flow with PKCE, state and nonce (openid-client checks the
 * provider's answer: issuer, audience, times, nonce, signature algorithm). A person is found by the
 * provider's subject, else at their first sign-in by a verified e-mail, else created when the provider
 * may create people; the groups its claim lists are mapped to the organisation's, and the claims the
 * organisation mapped to person attributes set them at every sign-in.
 */
export const createSsoService = (deps: Deps) => {
  const { repo, transaction, audit, box, clock, config } = deps;
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  const postLogoutRedirectUri = `${config.publicUrl}${POST_LOGOUT_PATH}`;
  const discovered = new Map<string, { at: number; configuration: Promise<oidc.Configuration> }>();
  const settings = createProviderSettings({
    repo,
    transaction,
    box,
    clock,
    groupsExisting: deps.groupsExisting,
    uris: { redirectUri, postLogoutRedirectUri },
  });

  // Async, so a secret the key cannot open (another process's key) fails as a discovery does.
  async function configurationOf(row: ProviderRow): Promise<oidc.Configuration> {
    const key = `${row.tenantId}:${row.id}:${row.updatedAt.getTime()}`;
    const cached = discovered.get(key);
    if (cached && clock.now().getTime() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    const issuer = new URL(row.issuer);
    const configuration = oidc.discovery(
      issuer,
      row.clientId,
      box.open(row.clientSecretSealed),
      undefined,
      isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    // A failed discovery is not kept: the next sign-in tries again. A changed provider's older entry goes.
    configuration.catch(() => discovered.delete(key));
    for (const older of discovered.keys()) if (older.startsWith(`${row.tenantId}:${row.id}:`)) discovered.delete(older);
    discovered.set(key, { at: clock.now().getTime(), configuration });
    return configuration;
  }

  const refusal = (reason: SsoRefusal) => `${config.publicUrl}/sso?error=${reason}`;

  /** Who the provider's answer names, as this organisation knows them (created just in time if allowed). */
  async function personOf(row: ProviderRow, claims: Record<string, unknown>, domains: string[]): Promise<number> {
    const subject = String(claims.sub);
    const known = await repo.findIdentity(row.tenantId, row.id, subject);
    if (known !== undefined) return known;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    // An address counts as the person's when the provider verified it, or when it is in a domain the
    // organisation says this provider speaks for (Entra ID sends no email_verified).
    const verified = email && (claims.email_verified === true || domains.includes(email.split('@')[1] ?? ''));
    if (!email || !verified) throw new Refused('unknownPerson', 'no verified e-mail');
    const account = await deps.accountByEmail(email);
    let userId: number;
    if (account) {
      if (account.tenantId !== row.tenantId) throw new Refused('unknownPerson', 'e-mail of another organisation');
      userId = account.id;
    } else {
      if (!row.createPeople) throw new Refused('unknownPerson', 'unknown e-mail, people are not created');
      const name =
        (typeof claims.name === 'string' && claims.name.trim()) ||
        [claims.given_name, claims.family_name]
          .filter((part) => typeof part === 'string')
          .join(' ')
          .trim() ||
        email.split('@')[0] ||
        email;
      userId = await deps.createPerson(row.tenantId, { name: name.slice(0, 200), email }, [], row.id);
    }
    await repo.linkIdentity({ tenantId: row.tenantId, providerId: row.id, subject, userId });
    return userId;
  }

  return {
    ...settings,

    /** Where to send the browser: the provider's authorization endpoint, or the login screen with a reason. */
    async start(tenantId: number, providerId: number, rememberMe: boolean, meta: RequestMeta): Promise<string> {
      await deps.limiter.consume(`sso:ip:${meta.ip}`, config.rateLimit.perIp);
      const row = await repo.findProvider(tenantId, providerId);
      if (!row?.enabled) return refusal('ssoOff');
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationOf(row);
      } catch (error) {
        deps.log.warn({ err: error, tenantId, providerId }, 'identity provider discovery failed');
        return refusal('providerError');
      }
      // The state names its organisation (lib/tokens.ts), as a session token does: the callback finds it there.
      const state = newToken(tenantId);
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = clock.now();
      await repo.dropExpired(now);
      await repo.insertAttempt({
        stateHash: hashToken(state),
        tenantId,
        providerId,
        nonce,
        codeVerifier,
        rememberMe,
        expiresAt: new Date(now.getTime() + SSO_ATTEMPT_TTL_MS),
      });
      const scope = row.groupsClaim ? 'openid email profile groups' : 'openid email profile';
      return oidc
        .buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope,
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /**
     * The provider's answer at the callback (`path`: the request's path and query as it came): checked, the
     * person found, their groups and attributes brought along, then the web app's /sso page with a
     * single-use ticket.
     */
    async callback(
      path: string,
      query: { state?: string | undefined; error?: string | undefined },
      meta: RequestMeta,
    ): Promise<string> {
      const stateTenant = query.state ? tokenTenant(query.state) : undefined;
      const attempt =
        query.state && stateTenant !== undefined
          ? await repo.takeAttempt(stateTenant, hashToken(query.state), clock.now())
          : undefined;
      if (!attempt) return refusal('expired');
      const row = await repo.findProvider(attempt.tenantId, attempt.providerId);
      try {
        if (!row?.enabled) throw new Refused('ssoOff');
        if (query.error) throw new Refused('providerError', query.error);
        const configuration = await configurationOf(row).catch((error: unknown) => {
          throw new Refused('providerError', error instanceof Error ? error.message : String(error));
        });
        const tokens = await oidc
          .authorizationCodeGrant(configuration, new URL(path, config.publicUrl), {
            pkceCodeVerifier: attempt.codeVerifier,
            expectedState: query.state,
            expectedNonce: attempt.nonce,
            idTokenExpected: true,
          })
          .catch((error: unknown) => {
            throw new Refused('tokenInvalid', error instanceof Error ? error.message : String(error));
          });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Refused('tokenInvalid', 'no ID token');
        // Google, Okta and oidc-provider keep some claims for the userinfo endpoint: read it where there is one.
        const claims: Record<string, unknown> = configuration.serverMetadata().userinfo_endpoint
          ? { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), ...idClaims }
          : { ...idClaims };
        const parts = (await repo.partsOf(row.tenantId, [row.id])).get(row.id);
        const userId = await personOf(row, claims, parts?.domains ?? []);
        const account = await deps.accountById(row.tenantId, userId);
        if (!account?.active) throw new Refused('deactivated');
        if (row.groupsClaim && parts && parts.groups.length > 0 && row.groupsClaim in claims) {
          const listed = new Set(claimList(claims[row.groupsClaim]));
          await deps.setProviderGroups(
            row.tenantId,
            userId,
            {
              managed: parts.groups.map((group) => group.groupId),
              member: parts.groups.filter((group) => listed.has(group.value)).map((group) => group.groupId),
            },
            row.id,
          );
        }
        await takeClaimedAttributes(deps, row, userId, claims);
        const ticket = newToken(row.tenantId);
        await repo.insertTicket({
          ticketHash: hashToken(ticket),
          tenantId: row.tenantId,
          providerId: row.id,
          userId,
          rememberMe: attempt.rememberMe,
          // The session keeps it for the sign-out at the provider (its id_token_hint); sealed, as it names the person.
          idTokenSealed: tokens.id_token ? box.seal(tokens.id_token) : null,
          expiresAt: new Date(clock.now().getTime() + SSO_TICKET_TTL_MS),
        });
        // In the fragment, which no server and no Referer sees; `remember` tells the app where to keep the session.
        return `${config.publicUrl}/sso#ticket=${encodeURIComponent(ticket)}${attempt.rememberMe ? '&remember=1' : ''}`;
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        deps.log.warn(
          { tenantId: attempt.tenantId, providerId: attempt.providerId, reason: error.reason, detail: error.detail },
          'single sign-on refused',
        );
        await audit.record({
          event: 'sso.refused',
          tenantId: attempt.tenantId,
          ip: meta.ip,
          details: { providerId: attempt.providerId, reason: error.reason },
        });
        return refusal(error.reason);
      }
    },

    /** An organisation's enabled providers, as its tenant link lists them. */
    async entries(tenantId: number): Promise<SsoEntry[]> {
      const rows = await repo.enabledProviders(tenantId);
      return rows.map((row) => ({ name: row.name, url: startUrl(tenantId, row.id) }));
    },

    /** The web app's ticket for its session: once, within a minute of the callback. */
    async redeem(ticket: string, meta: RequestMeta): Promise<Session> {
      const tenantId = tokenTenant(ticket);
      const found =
        tenantId === undefined ? undefined : await repo.takeTicket(tenantId, hashToken(ticket), clock.now());
      if (!found) throw new AppError('TokenInvalid');
      return deps.signInVouched(
        found.tenantId,
        found.userId,
        { rememberMe: found.rememberMe, providerId: found.providerId, idTokenSealed: found.idTokenSealed },
        meta,
      );
    },

    /**
     * Where the browser ends the person's session at the provider their session came through (OpenID Connect
     * RP-Initiated Logout 1.0): its end_session_endpoint with our client_id, the ID token of the sign-in as
     * id_token_hint, and the login screen to come back to, which must be registered at the provider as a
     * post-logout redirect URI. Undefined for a provider switched off or without the endpoint, and for one
     * that does not answer (in time): our session has ended by then whatever this answers. Never throws.
     */
    async endSession(
      tenantId: number,
      through: { providerId: number; idTokenSealed: string | null },
    ): Promise<string | undefined> {
      try {
        const row = await repo.findProvider(tenantId, through.providerId);
        if (!row?.enabled) return undefined;
        const configuration = await within(configurationOf(row), END_SESSION_WAIT_MS);
        if (!configuration) throw new Error(`no discovery document within ${END_SESSION_WAIT_MS} ms`);
        if (!configuration.serverMetadata().end_session_endpoint) return undefined;
        return oidc
          .buildEndSessionUrl(configuration, {
            client_id: row.clientId,
            post_logout_redirect_uri: postLogoutRedirectUri,
            ...(through.idTokenSealed ? { id_token_hint: box.open(through.idTokenSealed) } : {}),
          })
          .toString();
      } catch (error) {
        deps.log.warn({ err: error, tenantId, providerId: through.providerId }, 'identity provider sign-out skipped');
        return undefined;
      }
    },
  };
};
export type SsoService = ReturnType<typeof createSsoService>;
