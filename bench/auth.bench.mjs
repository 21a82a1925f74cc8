// npm run bench: throughput of the auth endpoints against a bare Fastify route, and the timing gaps
// that could reveal whether an account exists (they should be a few ms at most).
// With DATABASE_URL (PostgreSQL), also against a bare Fastify + pg server running the statements each
// call runs, captured from the product on the same database (bare-sql-server.mjs).
import { performance } from 'node:perf_hooks';
import { buildApp, loadConfig, openDatabase } from '@kanal/server';
import {
  discardedLog,
  json,
  load,
  paramSources,
  printTable,
  startBare,
  startBareSql,
  startServer,
} from './support/lib.mjs';

// Rate limits would turn the load into 429s; the limiter's database write still runs on every request.
const UNLIMITED = { RATE_LIMIT_PER_IP: '1000000000', RATE_LIMIT_PER_IDENTIFIER: '1000000000' };

/** The statements the product runs for each call, captured from an app of its own on the same database. */
async function statementsOf(calls) {
  const config = loadConfig({ ...process.env, ...UNLIMITED });
  let capture;
  const database = await openDatabase(config, { logQuery: (query, params) => capture?.push({ query, params }) });
  const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
  const captured = [];
  try {
    for (const call of calls) {
      capture = [];
      const res = await app.inject(call);
      if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
      captured.push(capture);
    }
  } finally {
    capture = undefined;
    await app.close();
    await database.close();
  }
  return captured;
}

const server = await startServer(3901, UNLIMITED);
try {
  const signin = await json(`${server.url}/api/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email: 'ana@demo.hr', password: 'Demo1234!' }),
  });
  const token = signin.body.payload.token;
  const meResponse = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const meSize = (await meResponse.text()).length;

  const meCall = { url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } };
  const hasPasswordCall = {
    url: '/api/auth/has-password',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'ana@demo.hr' }),
  };
  const bare = await startBare(3902, meSize);
  const rows = [];
  try {
    rows.push(await load(`bare Fastify route (${meSize} B body)`, { url: bare.url }));
  } finally {
    bare.stop();
  }
  const me = await load('GET /api/auth/me', { ...meCall, url: server.url + meCall.url });
  const hasPassword = await load('POST /api/auth/has-password', {
    ...hasPasswordCall,
    url: server.url + hasPasswordCall.url,
  });
  rows.push(me, hasPassword);
  printTable(rows, rows[0]);

  if (process.env.DATABASE_URL) {
    const [meStatements, hasPasswordStatements] = await statementsOf([meCall, hasPasswordCall]);
    const asRun = (captured) =>
      captured.map(({ query, params }) => ({ text: query, params: paramSources(params, token) }));
    const bareSql = await startBareSql(3903, process.env.DATABASE_URL, [
      { path: '/bare/me', session: true, statements: asRun(meStatements) },
      { method: 'POST', path: '/bare/has-password', statements: asRun(hasPasswordStatements) },
    ]);
    const sameSql = [];
    try {
      sameSql.push(
        await load(`bare Fastify + pg, /me's ${meStatements.length} statement(s)`, {
          ...meCall,
          url: `${bareSql.url}/bare/me`,
        }),
        await load(`bare Fastify + pg, has-password's ${hasPasswordStatements.length} statement(s)`, {
          ...hasPasswordCall,
          url: `${bareSql.url}/bare/has-password`,
        }),
      );
    } finally {
      bareSql.stop();
    }
    printTable(sameSql);
    const ratio = (a, b) => (a.reqPerSec / b.reqPerSec).toFixed(2);
    console.log(
      `\n/me / bare same SQL = ${ratio(me, sameSql[0])}; has-password / bare same SQL = ${ratio(hasPassword, sameSql[1])}`,
    );
  }

  // Timing gaps: the same call for an existing and an unknown account, interleaved, one at a time;
  // `known(i)` is the existing account of round i (one account for all, or a fresh one each round).
  const gap = async (label, rounds, request, known = () => 'ana@demo.hr') => {
    const times = { known: [], unknown: [] };
    for (let i = 0; i < rounds; i++) {
      for (const kind of i % 2 ? ['known', 'unknown'] : ['unknown', 'known']) {
        const start = performance.now();
        await request(kind === 'known' ? known(i) : `nobody${i}@nowhere.hr`);
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
  // One identifier per request on both sides, as an attacker testing a list of addresses would: accounts
  // made for it by the admin, each asked for once.
  const admin = await json(`${server.url}/api/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@demo.hr', password: 'Demo1234!' }),
  });
  const people = [];
  for (let i = 0; i < 200; i++) {
    const email = `bench.reset.${i}@demo.hr`;
    const created = await json(`${server.url}/api/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.body.payload.token}` },
      body: JSON.stringify({ name: `Bench Reset ${i}`, email }),
    });
    if (created.status !== 200) throw new Error(`POST /api/user: ${created.status} ${JSON.stringify(created.body)}`);
    people.push(email);
  }
  await gap(
    'POST /api/auth/forgot-password (a new identifier each request)',
    people.length,
    (identifier) => post('/api/auth/forgot-password', { identifier }),
    (i) => people[i],
  );
} finally {
  server.stop();
}
