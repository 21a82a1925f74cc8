import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// An OpenID Connect provider that answers with a faulty ID token on purpose: a real provider
// (oidc-provider) never does, so the refusals of single sign-on are tested against this one. It speaks
// the protocol plainly (discovery, keys, an authorization endpoint that answers at once, a token
// endpoint), and `fault` chooses what is wrong with the next token.

export type TokenFault =
  | 'none'
  | 'wrongIssuer'
  | 'wrongAudience'
  | 'expired'
  | 'notYetValid'
  | 'wrongNonce'
  | 'unsigned';

const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

function jwt(header: object, claims: object, key: KeyObject | null) {
  const body = `${base64url(header)}.${base64url(claims)}`;
  return key ? `${body}.${sign('sha256', Buffer.from(body), key).toString('base64url')}` : `${body}.`;
}

export async function startMisbehavingProvider(client: { clientId: string; redirectUri: string }) {
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let fault: TokenFault = 'none';
  let nonce = '';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function idToken() {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: fault === 'wrongIssuer' ? 'https://evil.example' : issuer,
      aud: fault === 'wrongAudience' ? 'someone-else' : client.clientId,
      sub: 'misbehaving-1',
      email: 'netko@krivo.hr',
      email_verified: true,
      name: 'Netko Krivi',
      nonce: fault === 'wrongNonce' ? 'not-the-nonce' : nonce,
      iat: fault === 'expired' ? now - 7200 : now,
      exp: fault === 'expired' ? now - 3600 : now + 300,
      ...(fault === 'notYetValid' ? { nbf: now + 3600 } : {}),
    };
    if (fault === 'unsigned') return jwt({ alg: 'none', typ: 'JWT' }, claims, null);
    return jwt({ alg: 'RS256', kid: 'own', typ: 'JWT' }, claims, own.privateKey);
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    } else if (url.pathname === '/jwks') {
      json({ keys: [{ ...own.publicKey.export({ format: 'jwk' }), kid: 'own', use: 'sig', alg: 'RS256' }] });
    } else if (url.pathname === '/authorize') {
      nonce = url.searchParams.get('nonce') ?? '';
      const back = new URL(client.redirectUri);
      back.searchParams.set('code', 'code-1');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
    } else if (url.pathname === '/token') {
      json({ access_token: 'access-1', token_type: 'Bearer', expires_in: 300, id_token: idToken() });
    } else {
      res.writeHead(404).end();
    }
  });

  return {
    issuer,
    /** What is wrong with the next ID token. */
    answerWith(next: TokenFault) {
      fault = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
