// npm run bench:stats -- [--connections 20] [--duration 10] [--warmup 3] [--only export]
//
// The statistics issue's figures on the feed benchmark's data set (npm run bench:feed:data; the
// 100,000-person tenant with 10,000 items on PostgreSQL):
// 1. For the live education with the largest audience: GET /api/content/{id}/info, /groups-reach,
//    /results and /users (page 1), 20 connections each, against the harness's plain-list route through the
//    same pipeline, in the same run (target: each ≥ 0.5 of it).
// 2. GET /api/stats/dashboard/overview for the tenant with its snapshot expired (computed), then 20
//    connections on the snapshot (target: p50 ≤ 50 ms); and GET /api/tenant/info/groups (from counters).
//    Expired overview and groups: p50 ≤ 200 ms.
// 3. GET /api/export/content/{id} of that item and of one with about a tenth of its audience: time, size
//    and this process's peak RSS over its RSS before (the server runs in it), which must not follow the
//    number of rows (target for 98,001 people: ≤ 5 s, ≤ 64 MB). `--only export` measures this alone.
// The data set has no attempts or days of use: the first run gives the item an attempt from a third of
// its audience (answers chosen by a hash, so the same every time) and the tenant's people days of use over
// 60 days, and later runs find them there.
//
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/kanal_bench_feed npm run bench:stats

import { performance } from 'node:perf_hooks';
import { buildApp, sql } from '@kanal/server';
import {
  addPlainListRoute,
  discardedLog,
  dropSessions,
  exportTimes,
  insertSessions,
  loadOptions,
  openFeedData,
  startLoader,
} from './support/lib.mjs';

const opts = loadOptions(20);
const { connections, duration, warmup } = opts;
const onlyExport = opts.only === 'export';
const DEVICE = 'bench:stats';

const bench = await openFeedData();
const { config, database, db, rows, tenantId } = bench;

// The live education with the largest audience, and one of about a tenth of it for the export's comparison.
const [big] = await rows(sql`
  SELECT c.id, r.audience FROM content c JOIN (SELECT tenant_id, content_id, sum(audience)::int AS audience FROM content_reach GROUP BY 1, 2) r
    ON r.tenant_id = c.tenant_id AND r.content_id = c.id
  WHERE c.tenant_id = ${tenantId} AND c.type = 'EDUCATION' AND c.status = 'published'
  ORDER BY r.audience DESC, c.id LIMIT 1`);
const [small] = await rows(sql`
  SELECT c.id, r.audience FROM content c JOIN (SELECT tenant_id, content_id, sum(audience)::int AS audience FROM content_reach GROUP BY 1, 2) r
    ON r.tenant_id = c.tenant_id AND r.content_id = c.id
  WHERE c.tenant_id = ${tenantId} AND c.type = 'EDUCATION' AND c.status = 'published'
    AND r.audience <= ${Math.round(big.audience / 10)}
  ORDER BY r.audience DESC, c.id LIMIT 1`);

const setUp = performance.now();
const [{ attempts }] = await rows(
  sql`SELECT count(*)::int AS attempts FROM attempt WHERE tenant_id = ${tenantId} AND content_id = ${big.id}`,
);
if (attempts === 0) {
  // A third of the audience, each with one graded attempt answering every question with one of its answers.
  await db.execute(sql`
    WITH tried AS (
      INSERT INTO attempt (tenant_id, user_id, content_id, final_mark, correct, total, created_at)
      SELECT ci.tenant_id, ci.user_id, ci.content_id, (abs(hashtext(ci.user_id::text)) % 4) / 3.0,
             abs(hashtext(ci.user_id::text)) % 4, 3, now() - (abs(hashtext(ci.user_id::text)) % 20) * interval '1 day'
      FROM content_interaction ci
      WHERE ci.tenant_id = ${tenantId} AND ci.content_id = ${big.id} AND abs(hashtext(ci.user_id::text)) % 3 = 0
      RETURNING tenant_id, id, user_id)
    INSERT INTO attempt_answer (tenant_id, attempt_id, question_id, answer_id, correct)
    SELECT t.tenant_id, t.id, q.id, a.id, a.is_correct
    FROM tried t
    JOIN question q ON q.tenant_id = t.tenant_id AND q.content_id = ${big.id}
    JOIN LATERAL (
      SELECT id, is_correct FROM answer
      WHERE tenant_id = q.tenant_id AND question_id = q.id
      ORDER BY abs(hashtext(t.user_id::text || q.id::text)) % 7, id LIMIT 1) a ON true`);
}
const [{ days }] = await rows(sql`SELECT count(*)::int AS days FROM person_activity WHERE tenant_id = ${tenantId}`);
if (days === 0) {
  // Each person used the app on about a quarter of the last 60 days.
  await db.execute(sql`
    INSERT INTO person_activity (tenant_id, day, user_id)
    SELECT u.tenant_id, d::date, u.id
    FROM app_user u, generate_series(current_date - 59, current_date, interval '1 day') d
    WHERE u.tenant_id = ${tenantId} AND u.active AND abs(hashtext(u.id::text || d::text)) % 4 = 0`);
}
await db.execute(sql`ANALYZE attempt; ANALYZE attempt_answer; ANALYZE person_activity`);
const [sizes] = await rows(sql`
  SELECT (SELECT count(*) FROM app_user WHERE tenant_id = ${tenantId} AND active)::int AS people,
         (SELECT count(*) FROM attempt WHERE tenant_id = ${tenantId} AND content_id = ${big.id})::int AS attempts,
         (SELECT count(*) FROM person_activity WHERE tenant_id = ${tenantId})::int AS days`);
console.log(`set-up ${((performance.now() - setUp) / 1000).toFixed(1)} s`);

const [admin] = await rows(
  sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND role = 'ADMIN' AND active ORDER BY id LIMIT 1`,
);
const [token] = await insertSessions(db, tenantId, [admin.id], DEVICE);
const auth = { authorization: `Bearer ${token}` };

const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
await addPlainListRoute(app, db);
await app.listen({ port: Number(process.env.PORT ?? 3961), host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

const timedGet = async (path) => {
  const started = performance.now();
  const res = await fetch(base + path, { headers: auth });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, payload: body.payload };
};

const item = `/api/content/${big.id}`;
const routes = [
  ['harness plain list GET /bench/plain (newest 50 items, product pipeline)', '/bench/plain'],
  [`GET ${item} (the whole item as the editor reads it, for comparison)`, item],
  [`GET ${item}/info`, `${item}/info`],
  [`GET ${item}/groups-reach`, `${item}/groups-reach`],
  [`GET ${item}/results`, `${item}/results`],
  [`GET ${item}/users (page 1)`, `${item}/users`],
];
// The overview with its snapshot expired (deleted), and the groups table, each requested COLD_RUNS times.
const COLD_RUNS = 7;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const coldTimes = async (path) => {
  const times = [];
  for (let i = 0; i < COLD_RUNS; i += 1) {
    await db.execute(sql`DELETE FROM stats_snapshot WHERE tenant_id = ${tenantId}`);
    times.push((await timedGet(path)).ms);
  }
  return { p50: median(times), min: Math.min(...times), max: Math.max(...times) };
};
const results = [];
let overview;
let overviewCold;
let groupsCold;
if (!onlyExport) {
  for (const [, path] of routes) await timedGet(path);

  overviewCold = await coldTimes('/api/stats/dashboard/overview');
  groupsCold = await coldTimes('/api/tenant/info/groups');

  const loader = await startLoader();
  try {
    for (const [, path] of routes)
      if (warmup > 0) await loader.run({ url: base + path, tokens: [token], connections, duration: warmup });
    for (const [name, path] of routes)
      results.push({ name, ...(await loader.run({ url: base + path, tokens: [token], connections, duration })) });
    overview = await loader.run({
      url: `${base}/api/stats/dashboard/overview`,
      tokens: [token],
      connections,
      duration,
    });
  } finally {
    loader.stop();
  }
}

const exports = [];
for (const { id, audience } of [small, big]) {
  const { firstByte, total, bytes, peak } = await exportTimes(`${base}/api/export/content/${id}`, auth, process.pid);
  exports.push({ id, audience, firstByte, total, bytes, peak });
}

const settings =
  database.driver === 'postgres'
    ? (
        await rows(sql`SELECT name, setting, unit FROM pg_settings
          WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size') ORDER BY name`)
      )
        .map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`)
        .join(', ')
    : 'embedded';
console.log(
  `\n${database.driver} (${settings}): ${sizes.people.toLocaleString('en')} active people; item ${big.id} with an ` +
    `audience of ${big.audience.toLocaleString('en')} and ${sizes.attempts.toLocaleString('en')} attempts; ` +
    `${sizes.days.toLocaleString('en')} days of use; ${connections} connections × ${duration} s`,
);
if (!onlyExport) printLoad();
function printLoad() {
  console.log('\n| route | req/s | p50 ms | p99 ms | non-2xx | bytes/resp | / plain list |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const plain = results[0];
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.bytesPerReq} | ${(r.reqPerSec / plain.reqPerSec).toFixed(2)} |`,
    );
  console.log('(target: each statistics call ≥ 0.50 of the plain list)');

  const cold = ({ p50, min, max }) => `${p50.toFixed(0)} (${min.toFixed(0)}–${max.toFixed(0)})`;
  console.log(`\n| dashboard | req/s | p50 ms | p99 ms | snapshot expired: p50 (min–max) of ${COLD_RUNS} ms |`);
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    `| GET /api/stats/dashboard/overview | ${overview.reqPerSec} | ${overview.p50} | ${overview.p99} | ${cold(overviewCold)} |`,
  );
  console.log(`| GET /api/tenant/info/groups (no snapshot) | | | | ${cold(groupsCold)} |`);
  console.log('(targets: overview p50 ≤ 50 ms on its snapshot; overview and groups with it expired p50 ≤ 200 ms)');
}

console.log(
  '\n| export GET /api/export/content/{id} (XLSX) | audience | first byte ms | total ms | MB | peak RSS over before MB |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const e of exports)
  console.log(
    `| item ${e.id} | ${e.audience.toLocaleString('en')} | ${e.firstByte.toFixed(0)} | ${e.total.toFixed(0)} | ${(e.bytes / 1024 / 1024).toFixed(1)} | ${e.peak.toFixed(0)} |`,
  );

await dropSessions(db, tenantId, DEVICE);
await app.close();
await database.close();
