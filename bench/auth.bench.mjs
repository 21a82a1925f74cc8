// npm run bench: throughput of the auth endpoints against a bare Fastify route, and the timing gaps
// that could reveal whether an account exists (they should be a few ms at most).
import { performance } from 'node:perf_hooks';
import { json, load, printTable, startBare, startServer } from './lib.mjs';

// Rate limits would turn the load into 429s; the limiter's database write still runs on every request.
const server = await startServer(3901, { RATE_LIMIT_PER_IP: '1000000000', RATE_LIMIT_PER_IDENTIFIER: '1000000000' });
try {
  const signin = await json(`${server.url}/api/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email: 'ana@demo.hr', password: 'Demo1234!' }),
  });
  const token = signin.body.payload.token;
  const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const meSize = (await me.text()).length;

  const bare = await startBare(3902, meSize);
  const rows = [];
  try {
    rows.push(await load(`bare Fastify route (${meSize} B body)`, { url: bare.url }));
  } finally {
    bare.stop();
  }
  rows.push(
    await load('GET /api/auth/me', { url: `${server.url}/api/auth/me`, headers: { authorization: `Bearer ${token}` } }),
  );
  rows.push(
    await load('POST /api/auth/has-password', {
      url: `${server.url}/api/auth/has-password`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'ana@demo.hr' }),
    }),
  );
  printTable(rows, rows[0]);

  // Timing gaps: the same call for an existing and an unknown account, interleaved, one at a time.
  const gap = async (label, rounds, request) => {
    const times = { known: [], unknown: [] };
    for (let i = 0; i < rounds; i++) {
      for (const kind of i % 2 ? ['known', 'unknown'] : ['unknown', 'known']) {
        const start = performance.now();
        await request(kind === 'known' ? 'ana@demo.hr' : `nobody${i}@nowhere.hr`);
        times[kind].push(performance.now() - start);
      }
    }
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const k = median(times.known);
    const u = median(times.unknown);
    console.log(`| ${label} | ${k.toFixed(2)} | ${u.toFixed(2)} | ${(k - u).toFixed(2)} |`);
  };
  console.log('\nMedian latency, existing vs unknown account (ms):\n');
  console.log('| call | existing | unknown | gap |');
  console.log('|---|---:|---:|---:|');
  const post = (path, body) => json(`${server.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  await gap('POST /api/auth/has-password', 400, (identifier) => post('/api/auth/has-password', { identifier }));
  await gap('POST /api/auth/signin (wrong password)', 60, (email) =>
    post('/api/auth/signin', { email, password: 'not-the-password' }),
  );
  await gap('POST /api/auth/forgot-password', 100, (identifier) => post('/api/auth/forgot-password', { identifier }));
} finally {
  server.stop();
}
