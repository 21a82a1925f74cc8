import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider, the certified Node implementation) on a loopback port,
// with one client and the accounts a test gives it. Its login page signs in whoever the test named with
// `login`, as a person would by typing their company password there. Its end-session endpoint (RP-Initiated
// Logout) sends the browser back to the client's registered post-logout redirect URI.

export type TestAccount = {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  /** Claims a directory adds of its own (Entra ID's optional claims, Okta's custom ones): see PROFILE_EXTRAS. */
  [claim: string]: unknown;
};

/**
 * The extra claims an account may carry, released with the profile scope (the provider releases only the
 * claims its configuration names): Entra ID's and Okta's names, standard ones, and names for the tests' own.
 */
const PROFILE_EXTRAS = [
  'department',
  'jobTitle',
  'employee_id',
  'hire_date',
  'address',
  'extn.officeLocation',
  'city',
  'title',
];

export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}) {
  const accounts = new Map<string, TestAccount>();
  let nextLogin: string | undefined;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['kanal-test-provider'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', ...PROFILE_EXTRAS],
      groups: ['groups'],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      return claims && { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    // Consent is the organisation's (it registered the client): every scope asked for is granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client: oidcClient, session } = ctx.oidc;
      if (!oidcClient || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: oidcClient.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextLogin ?? '' } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    void handle(req, res);
  });

  return {
    issuer,
    accounts,
    /** Who signs in at the provider's login page next. */
    login(accountId: string) {
      nextLogin = accountId;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/** A browser's cookies at the provider: kept from a sign-in to its sign-out, the provider's session is in them. */
export type ProviderCookies = Map<string, string>;

/** One request as the browser makes it to the provider, with its cookies, taking the ones it sets. */
async function browse(url: string, cookies: ProviderCookies, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return res;
}

/**
 * What a browser does between our start URL and our callback: follows the provider's redirects, keeping
 * its cookies, and answers the callback path (with its query) it was sent back to.
 */
export async function throughProvider(
  authorizeUrl: string,
  callbackPrefix: string,
  cookies: ProviderCookies = new Map(),
): Promise<string> {
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(callbackPrefix)) return url.slice(new URL(url).origin.length);
    const res = await browse(url, cookies);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the provider');
}

/**
 * What a browser does at the provider's end-session address: the provider asks whether to sign out of it
 * too, the person says yes, and the provider sends the browser back. Answers where to (the registered
 * post-logout redirect URI), or throws with the provider's refusal (an unregistered URI, a bad hint).
 */
export async function signOutAtProvider(endSessionUrl: string, cookies: ProviderCookies): Promise<string> {
  const asked = await browse(endSessionUrl, cookies);
  const page = await asked.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
  if (asked.status !== 200 || !action || !xsrf) {
    throw new Error(`the provider refused to sign out: ${asked.status} ${page}`);
  }
  const confirmed = await browse(new URL(action, endSessionUrl).toString(), cookies, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  const location = confirmed.headers.get('location');
  if (!location) throw new Error(`the provider did not send the browser back: ${confirmed.status}`);
  return location;
}
