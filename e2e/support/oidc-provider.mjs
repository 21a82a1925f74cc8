// A real OpenID Connect provider for the single sign-on journey (oidc-provider, the certified Node
// implementation), with its own login page (the library's development interactions: any login and
// password sign in, the login being the person's company e-mail). One client, registered with both
// projects' callbacks, and with their login screens as post-logout redirect URIs: its end-session endpoint
// (RP-Initiated Logout) sends the browser back there. Its signing key is made at start, as a provider's would be.
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const callbacks = (process.env.OIDC_CALLBACKS ?? '').split(',');
// Each server's sign-out at the provider comes back to its /login (PUBLIC_URL/login), beside its callback.
const loginScreens = callbacks.map((callback) => new URL('/login', callback).toString());
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: 'kanal-e2e',
      client_secret: 'kanal-e2e-secret-0123456789',
      redirect_uris: callbacks,
      post_logout_redirect_uris: loginScreens,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: ['kanal-e2e-provider'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { rpInitiatedLogout: { enabled: true } },
  pkce: { required: () => true },
  async findAccount(_ctx, id) {
    const local = id.split('@')[0] ?? id;
    const name = local
      .split('.')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(' ');
    return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, name }) };
  },
  // The organisation registered the client: what it asks for is granted without a consent screen.
  async loadExistingGrant(ctx) {
    const { client, session } = ctx.oidc;
    if (!client || !session?.accountId) return undefined;
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
provider.listen(port, '127.0.0.1');
