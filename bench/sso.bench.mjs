// npm run bench:sso — signing in through the organisation's OpenID Connect provider (issue 31).
//
//   npm run bench:sso                      (PGlite; DATABASE_URL for PostgreSQL) Options: --rows 300
//
// A real provider (oidc-provider, in this process, with a login page that signs the next account in at
// once) and the built server. Each of --rows sign-ins goes as a browser goes: our start (302 to the
// provider), the provider's authorize and login, our callback (which calls the provider's token and
// userinfo endpoints), and the ticket traded for a session. Every request the provider serves is timed
// where it is handled, so the product's own share is the sign-in's time less the provider's. The first
// sign-in creates the person; the rest match them by the provider's subject. Printed: per sign-in, the
// whole time and the product's own (p50, p99), and the product's share; beside it, the password sign-in
// of a demo account, measured in the same run (argon2id: the baseline a person waits for today).
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';
import { json, parseArgs, startServer } from './support/lib.mjs';

const opts = parseArgs(process.argv.slice(2));
const rows = opts.rows ?? 300;
const PORT = 3977;
const PUBLIC_URL = `http://127.0.0.1:${PORT}`;
const CLIENT = { id: 'kanal-bench', secret: 'kanal-bench-secret-0123456789' };

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The provider, timing every request it serves (`providerMs` grows by each one's time). */
async function startProvider() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${PUBLIC_URL}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'bench', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['kanal-bench-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, name: 'Bench Osoba' }) };
    },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const timing = { ms: 0 };
  const handle = provider.callback();
  server.on('request', (req, res) => {
    const started = performance.now();
    res.once('finish', () => {
      timing.ms += performance.now() - started;
    });
    if (req.url?.startsWith('/interaction/')) {
      void provider.interactionFinished(req, res, { login: { accountId: 'bench.osoba@bench-sso.hr' } });
      return;
    }
    void handle(req, res);
  });
  return { issuer, timing, close: () => server.close() };
}

/** A browser's request, keeping the provider's cookies; answers the response and its time. */
async function browse(url, cookies, init = {}) {
  const started = performance.now();
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  await res.arrayBuffer();
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { res, ms: performance.now() - started };
}

const idp = await startProvider();
// One address signs in hundreds of times: the per-address limit is lifted for the run.
const server = await startServer(PORT, { PUBLIC_URL, RATE_LIMIT_PER_IP: '100000000' });
try {
  const signin = await json(`${server.url}/api/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@demo.hr', password: 'Demo1234!' }),
  });
  const admin = { authorization: `Bearer ${signin.body.payload.token}` };
  const me = await json(`${server.url}/api/auth/me`, { headers: admin });
  const tenantId = me.body.payload.tenant.id;
  const created = await json(`${server.url}/api/identity-provider`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      name: 'Bench provider',
      issuer: idp.issuer,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      domains: ['bench-sso.hr'],
      groupsClaim: null,
      groups: [],
      createPeople: true,
      passwordsAllowed: true,
      enabled: true,
    }),
  });
  if (created.status !== 200) throw new Error(`adding the provider answered ${created.status}`);
  const start = `${server.url}/api/auth/sso/${tenantId}/${created.body.payload.id}`;

  const whole = [];
  const product = [];
  for (let i = 0; i < rows; i++) {
    const cookies = new Map();
    const providerBefore = idp.timing.ms;
    let url = start;
    let total = 0;
    for (let hop = 0; hop < 12 && !url.includes('/sso#ticket='); hop++) {
      const { res, ms } = await browse(url, cookies);
      total += ms;
      const location = res.headers.get('location');
      if (!location) throw new Error(`stopped at ${url}: ${res.status}`);
      url = new URL(location, url).toString();
    }
    const ticket = decodeURIComponent(url.split('#ticket=')[1] ?? '');
    const redeemed = await browse(`${server.url}/api/auth/sso/ticket`, new Map(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket }),
    });
    if (redeemed.res.status !== 200) throw new Error(`the ticket answered ${redeemed.res.status}`);
    total += redeemed.ms;
    whole.push(total);
    product.push(total - (idp.timing.ms - providerBefore));
  }

  const password = [];
  for (let i = 0; i < Math.min(rows, 30); i++) {
    const started = performance.now();
    const res = await json(`${server.url}/api/auth/signin`, {
      method: 'POST',
      body: JSON.stringify({ email: 'ana@demo.hr', password: 'Demo1234!' }),
    });
    if (res.status !== 200) throw new Error(`password sign-in answered ${res.status}`);
    password.push(performance.now() - started);
  }

  const sum = (values) => values.reduce((a, b) => a + b, 0);
  console.log(`\nSigning in through the organisation's provider, ${rows} times\n`);
  console.log('| sign-in | p50 ms | p99 ms |');
  console.log('|---|---:|---:|');
  console.log(
    `| through the provider, whole | ${percentile(whole, 50).toFixed(1)} | ${percentile(whole, 99).toFixed(1)} |`,
  );
  console.log(
    `| … the product's own part | ${percentile(product, 50).toFixed(1)} | ${percentile(product, 99).toFixed(1)} |`,
  );
  console.log(
    `| password (baseline) | ${percentile(password, 50).toFixed(1)} | ${percentile(password, 99).toFixed(1)} |`,
  );
  console.log(
    `\nthe product's share of a sign-in through the provider: ${((100 * sum(product)) / sum(whole)).toFixed(0)} %`,
  );
} finally {
  server.stop();
  idp.close();
}
