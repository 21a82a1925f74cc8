// npm run bench:content -- [--connections 20] [--duration 10] [--warmup 3] [--publishes 5] [--q text] [--audience rule]
//
// The content issue's two figures on the feed benchmark's data set (npm run bench:feed:data; the
// 100,000-person tenant with 10,000 items on PostgreSQL):
// 1. GET /api/content as staff read it — a search term and two filters (type and status), 20
//    connections — against the harness's plain-list route (the newest 50 items) through the same
//    pipeline, in the same run: the ratio's target is ≥ 0.5.
// 2. Publishing one item to everyone in the tenant (POST /api/content, publish now): the time until
//    the transaction has committed (the response, with the inbox's first batch; target ≤ 2 s on
//    PostgreSQL), then until every person's inbox has it (the inbox's fill job, in the background), and
//    the home feed's p99 for other people meanwhile, against its p99 idle (target: not more than double).
//    With --audience rule (issue 31), each item goes to a rule instead, "location is Zagreb", which matches
//    every other person of the tenant: the people are given a location (Zagreb or Split by their id's
//    parity) first where they have none, and the same figures are printed for the rule's half.
// 3. A task published to everyone has its deadline moved a day earlier: the time until the edit has committed
//    (target ≤ 1 s), then until every inbox row carries the new deadline (the fill job).
// The items it publishes are deleted at the end, with its sessions.
//
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/kanal_bench_feed npm run bench:content

import { performance } from 'node:perf_hooks';
import { richDocOf } from '@kanal/contract';
import { buildApp, sql } from '@kanal/server';
import { mulberry32 } from './generate-feed-data.mjs';
import {
  addPlainListRoute,
  discardedLog,
  dropSessions,
  explainPrepared,
  insertSessions,
  loadOptions,
  openFeedData,
  sample,
  startLoader,
} from './support/lib.mjs';

const opts = loadOptions(20);
const { connections, duration, warmup } = opts;
const publishes = opts.publishes ?? 5;
const q = opts.q ?? 'sigurnost';
const DEVICE = 'bench:content';
const MARK = 'bench:content publish';
const byRule = opts.audience === 'rule';
const RULE = [{ conditions: [{ attribute: 'location', operator: 'is', values: ['Zagreb'] }] }];

const bench = await openFeedData();
const { config, database, db, rows, tenantId } = bench;
if (byRule) {
  await db.execute(sql`UPDATE app_user SET location = CASE WHEN id % 2 = 0 THEN 'Zagreb' ELSE 'Split' END
    WHERE tenant_id = ${tenantId} AND location IS NULL`);
}
// The people an item reaches: the tenant's active people, or those of them the rule matches.
const [sizes] = await rows(sql`
  SELECT (SELECT count(*) FROM app_user WHERE tenant_id = ${tenantId} AND active
            AND (${!byRule} OR location = 'Zagreb'))::int AS people,
         (SELECT count(*) FROM content WHERE tenant_id = ${tenantId})::int AS items`);
const [admin] = await rows(
  sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND role = 'ADMIN' AND active ORDER BY id LIMIT 1`,
);
const [adminToken] = await insertSessions(db, tenantId, [admin.id], `${DEVICE}:admin`);
const users = (
  await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND active AND role = 'USER' ORDER BY id`)
).map((r) => r.id);
const readers = await insertSessions(db, tenantId, sample(users, 2000, mulberry32(11)), DEVICE);

const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
await addPlainListRoute(app, db);
await app.listen({ port: Number(process.env.PORT ?? 3951), host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const auth = { authorization: `Bearer ${adminToken}` };
const staffList = `${base}/api/content?${new URLSearchParams({ q, type: 'EDUCATION', status: 'published' })}`;
const feed = `${base}/api/mobile/content/list/new`;

// Sanity, and the staff list's statements captured for EXPLAIN.
const statements = [];
for (const [url, headers] of [
  [staffList, auth],
  [`${base}/bench/plain`, auth],
  [feed, { authorization: `Bearer ${readers[0]}` }],
]) {
  bench.capture = url === staffList ? (query, params) => statements.push({ query, params }) : undefined;
  const res = await fetch(url, { headers });
  bench.capture = undefined;
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  const { payload } = body;
  console.log(`${url.replace(base, '')}: ${(payload.items ?? payload.content).length} rows of ${payload.count}`);
}

const loader = await startLoader();
const results = [];
const publishTimes = [];
let feedIdle;
let feedBusy;
try {
  // 1. The staff list against the plain list.
  const routes = [
    [`staff list GET /api/content?q=${q}&type=EDUCATION&status=published`, staffList],
    ['harness plain list GET /bench/plain (newest 50 items, product pipeline)', `${base}/bench/plain`],
  ];
  for (const [, url] of routes)
    if (warmup > 0) await loader.run({ url, tokens: [adminToken], connections, duration: warmup });
  for (const [name, url] of routes)
    results.push({ name, ...(await loader.run({ url, tokens: [adminToken], connections, duration })) });

  // 2. The feed idle, then the feed while items are published to everyone, one after another.
  if (warmup > 0) await loader.run({ url: feed, tokens: readers, connections, duration: warmup });
  feedIdle = await loader.run({ url: feed, tokens: readers, connections, duration });
  const busy = loader.run({ url: feed, tokens: readers, connections, duration });
  const until = performance.now() + duration * 1000 - 500;
  for (let i = 0; i < publishes && performance.now() < until; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/api/content`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'INFORMATION',
        name: `${MARK} ${i + 1}`,
        description: 'Published to everyone by the content benchmark.',
        material: { doc: richDocOf('Benchmark.') },
        audience: byRule ? { rules: RULE } : { everyone: true },
        publish: { mode: 'now' },
      }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`publish: ${res.status} ${JSON.stringify(body)}`);
    const committed = performance.now() - started;
    // The first batch came with the publication; the inbox's fill job writes the rest in the background.
    let reach = body.payload.counts.audience;
    while (reach < sizes.people) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [{ reach }] = await rows(
        sql`SELECT coalesce((SELECT sum(audience) FROM content_reach WHERE tenant_id = ${tenantId} AND content_id = ${body.payload.id}), 0)::int AS reach`,
      );
    }
    publishTimes.push({ ms: committed, atOnce: body.payload.counts.audience, everyoneMs: performance.now() - started });
  }
  feedBusy = await busy;
} finally {
  loader.stop();
}

// 3. A task filled to everyone has its deadline moved a day earlier (PATCH): the time until the edit has
// committed, then until every inbox row carries the new deadline (the fill job, in the background).
const day = 24 * 3_600_000;
const call = async (method, url, body) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.payload;
};
const inboxRows = async (contentId, where) =>
  (
    await rows(
      sql`SELECT count(*)::int AS n FROM content_interaction WHERE tenant_id = ${tenantId} AND content_id = ${contentId} AND ${where}`,
    )
  )[0].n;
const waitFor = async (done) => {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 50));
};
const task = await call('POST', '/api/content', {
  type: 'TASK',
  name: `${MARK} task`,
  description: 'A task for everyone whose deadline the content benchmark moves.',
  material: { doc: richDocOf('Benchmark.') },
  task: { deadline: new Date(Date.now() + 2 * day).toISOString() },
  audience: { everyone: true },
  publish: { mode: 'now' },
});
await waitFor(async () => (await inboxRows(task.id, sql`true`)) >= sizes.people);
const moved = new Date(Date.now() + day);
const editStarted = performance.now();
await call('PATCH', `/api/content/${task.id}`, { task: { deadline: moved.toISOString() } });
const edit = { committed: performance.now() - editStarted };
edit.inLine = await inboxRows(task.id, sql`deadline = ${moved.toISOString()}::timestamptz`);
await waitFor(
  async () => (await inboxRows(task.id, sql`deadline IS DISTINCT FROM ${moved.toISOString()}::timestamptz`)) === 0,
);
edit.everyone = performance.now() - editStarted;

// Publishing writes a row per person into the inbox's indexes: its time follows the server's memory
// and WAL settings, so they are printed beside it.
const settings =
  database.driver === 'postgres'
    ? (
        await rows(sql`SELECT name, setting, unit FROM pg_settings
          WHERE name IN ('shared_buffers', 'max_wal_size', 'wal_compression', 'synchronous_commit') ORDER BY name`)
      )
        .map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`)
        .join(', ')
    : 'embedded';
console.log(
  `\n${database.driver} (${settings}): ${sizes.people.toLocaleString('en')} active people, ${sizes.items.toLocaleString('en')} items; ` +
    `${connections} connections × ${duration} s`,
);
console.log('\n| route | req/s | p50 ms | p99 ms | non-2xx | bytes/resp |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of [
  ...results,
  { name: 'home feed GET /api/mobile/content/list/new, idle', ...feedIdle },
  { name: `home feed, while publishing to ${byRule ? 'a rule' : 'everyone'}`, ...feedBusy },
])
  console.log(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.bytesPerReq} |`);
const [staff, plain] = results;
console.log(`\nstaff list / harness plain list = ${(staff.reqPerSec / plain.reqPerSec).toFixed(2)}  (target ≥ 0.50)`);
console.log(`feed p99 while publishing / idle = ${(feedBusy.p99 / feedIdle.p99).toFixed(2)}  (target ≤ 2)`);
console.log(
  `\n| publish to ${byRule ? 'a rule, location is Zagreb' : 'everyone'} (${sizes.people.toLocaleString('en')} people) | rows committed with it | until committed ms | until every inbox has it ms |`,
);
console.log('|---|---:|---:|---:|');
for (const [i, p] of publishTimes.entries())
  console.log(`| ${i + 1} | ${p.atOnce} | ${p.ms.toFixed(0)} | ${p.everyoneMs.toFixed(0)} |`);
const sorted = publishTimes.map((p) => p.ms).sort((a, b) => a - b);
console.log(
  `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms  (target ≤ 2000)`,
);

console.log(
  `\n| move the deadline of a task filled to ${sizes.people.toLocaleString('en')} people | rows in line with it | until committed ms | until every row ms |`,
);
console.log('|---|---:|---:|---:|');
console.log(
  `| PATCH /api/content/{id} | ${edit.inLine} | ${edit.committed.toFixed(0)} | ${edit.everyone.toFixed(0)} |`,
);
console.log('(target: committed ≤ 1000 ms)');

for (const [i, statement] of statements.entries()) {
  const { plans } = await explainPrepared(database, statement, `bench_content_explain_${i}`);
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the staff list, statement ${i + 1} of ${statements.length}:\n`);
  for (const line of plans.force_custom_plan) console.log(`  ${line}`);
  console.log(`  ${statement.query}`);
}

// What the run made goes: its items (their inbox rows and audience with them) and its sessions.
await db.execute(sql`DELETE FROM content WHERE tenant_id = ${tenantId} AND name LIKE ${`${MARK}%`}`);
await dropSessions(db, tenantId, DEVICE);
await dropSessions(db, tenantId, `${DEVICE}:admin`);
await app.close();
await database.close();
