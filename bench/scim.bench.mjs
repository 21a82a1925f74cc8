// npm run bench:scim — a directory provisioning people through SCIM (issue 31), on the built server.
//
// PostgreSQL (the figures that count): createdb kanal_bench_scim, then
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kanal_bench_scim npm run bench:scim
// Without DATABASE_URL it runs on a fresh PGlite data dir. Options: --rows 10000 --connections 4
//
// Microsoft Entra ID provisions one person at a time: it looks them up (GET /Users?filter=userName eq …) and,
// not finding them, creates them (POST /Users), then adds them to their group (PATCH /Groups/{id}). This
// does that for --rows new people of the demo tenant, one after another, while the home feed of the demo's
// end users is loaded (--connections at once). Printed: the whole provisioning's time and each step's p50
// and p99; the feed's p99 idle (the baseline, measured first in the same run) and during provisioning, and
// their ratio (target ≤ 2×).
import { json, parseArgs, startLoader, startServer } from './support/lib.mjs';

const opts = parseArgs(process.argv.slice(2));
const rows = opts.rows ?? 10_000;
const connections = opts.connections ?? 4;
const TARGET_RATIO = 2;
const SCIM_JSON = 'application/scim+json';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function signIn(base, email) {
  const res = await json(`${base}/api/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.body.payload.token;
}

const server = await startServer(3976);
const loader = await startLoader();
try {
  const admin = await signIn(server.url, 'admin@demo.hr');
  const issued = await json(`${server.url}/api/scim-token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: JSON.stringify({ name: `bench ${Date.now()}` }),
  });
  if (issued.status !== 200) throw new Error(`issuing a SCIM token answered ${issued.status}`);
  const scimAuth = { authorization: `Bearer ${issued.body.payload.token}` };
  const scim = async (method, url, body) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/scim/v2${url}`, {
      method,
      headers: { ...scimAuth, ...(body ? { 'content-type': SCIM_JSON } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = res.status === 204 ? null : await res.json();
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer)}`);
    return { ms: performance.now() - started, answer };
  };

  const group = await scim('POST', '/Groups', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName: `Bench SCIM ${Date.now().toString(36)}`,
  });
  const feedTokens = await Promise.all(['ana@demo.hr', 'marko@demo.hr'].map((email) => signIn(server.url, email)));
  const feed = (duration) =>
    loader.run({ url: `${server.url}/api/mobile/content/list/new`, tokens: feedTokens, connections, duration });

  const idle = await feed(10);

  const run = Date.now().toString(36);
  const steps = { lookup: [], create: [], join: [] };
  const provisioning = (async () => {
    const started = performance.now();
    for (let i = 0; i < rows; i++) {
      const userName = `scim.${run}.${i}@bench.hr`;
      const lookup = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
      steps.lookup.push(lookup.ms);
      if (lookup.answer.totalResults !== 0) throw new Error(`${userName} exists already`);
      const created = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        externalId: `ext-${run}-${i}`,
        userName,
        active: true,
        displayName: `Osoba ${run} ${i}`,
        emails: [{ primary: true, type: 'work', value: userName }],
      });
      steps.create.push(created.ms);
      const joined = await scim('PATCH', `/Groups/${group.answer.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: created.answer.id }] }],
      });
      steps.join.push(joined.ms);
    }
    return performance.now() - started;
  })();
  // The feed is loaded while the directory works: from its start, for as long as it takes (at most 60 s).
  const during = await feed(Math.min(60, Math.max(5, Math.round(rows / 200))));
  const totalMs = await provisioning;

  console.log(`\nSCIM provisioning of ${rows} people, one at a time (lookup, create, join a group)\n`);
  console.log('| step | p50 ms | p99 ms |');
  console.log('|---|---:|---:|');
  for (const [name, values] of Object.entries(steps)) {
    console.log(`| ${name} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} |`);
  }
  console.log(`\ntotal: ${(totalMs / 1000).toFixed(1)} s (${(rows / (totalMs / 1000)).toFixed(0)} people/s)`);
  console.log('\n| home feed | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['idle (baseline)', idle],
    ['during provisioning', during],
  ]) {
    console.log(`| ${name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
  }
  const ratio = during.p99 / Math.max(1, idle.p99);
  console.log(`\nfeed p99 during / idle: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×)`);
} finally {
  loader.stop();
  server.stop();
}
