import { buildApp, createContentRepository, createContentServices, hashToken, sql } from '@kanal/server';
import {
  discardedLog,
  dropSessions,
  explainPrepared,
  insertSessions,
  loadOptions,
  openFeedData,
  sample,
  startBareSubmissions,
  startLoader,
} from './support/lib.mjs';

const { mulberry32 } = await import('./generate-feed-data.mjs');

const DEVICE = 'bench:forms';
const BENCH_ITEM = 'Bench: submissions';

const opts = loadOptions(50);
const { connections, duration, warmup } = opts;
const bench = await openFeedData();
const { config, database, db, rows, tenantId } = bench;

const candidates = (
  await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND active AND role = 'USER' ORDER BY id`)
).map((r) => r.id);
const rand = mulberry32(11);
const userIds = sample(candidates, opts.sessions ?? 2000, rand);
const tokens = await insertSessions(db, tenantId, userIds, DEVICE);
const [creator] = await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} ORDER BY id LIMIT 1`);

await db.execute(sql`DELETE FROM content WHERE tenant_id = ${tenantId} AND name = ${BENCH_ITEM}`);
const contentId = await createContentServices(db).authoring.create({
  tenantId,
  creatorId: creator.id,
  type: 'EDUCATION',
  name: BENCH_ITEM,
  publishAt: new Date(Date.now() - 60_000),
  status: 'published',
  settings: { passingScore: 0.6 },
  audience: { users: userIds },
  questions: Array.from({ length: 5 }, (_, i) => ({
    title: `Pitanje ${i + 1}`,
    type: i % 2 ? 'MULTIPLE' : 'SINGLE',
    answers: [{ title: 'Točno', isCorrect: true }, { title: 'Netočno' }, { title: 'Možda' }],
  })),
});
const questionIds = (
  await rows(sql`SELECT id FROM question WHERE tenant_id = ${tenantId} AND content_id = ${contentId} ORDER BY position`)
).map((r) => r.id);
const failing = { questionAnswers: questionIds.map((questionId) => ({ questionId, answers: [] })) };

const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
await app.listen({ port: Number(process.env.PORT ?? 3932), host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}/api`;

/** The totals of checkOneAttemptPerKey as they must be. */
const isSound = (found) =>
  found.unkeyed === 0 && found.shared === 0 && found.lost === 0 && found.attempts === found.keys;

/**
 * What the database holds for the bench item after the load: every attempt is named by exactly one
 * stored key (the key row is written in the attempt's transaction), no two keys name one attempt, and
 * every acknowledged key is stored. Requests still in flight when a run ends store a key and attempt
 * that nobody acknowledged, so the totals may exceed the acknowledged count; duplicates may not.
 */
async function checkOneAttemptPerKey(acknowledgedKeys) {
  const [found] = await rows(sql`
    SELECT (SELECT count(*) FROM attempt WHERE tenant_id = ${tenantId} AND content_id = ${contentId})::int AS attempts,
           (SELECT count(*) FROM submission_key WHERE tenant_id = ${tenantId} AND content_id = ${contentId})::int AS keys,
           (SELECT count(*) FROM attempt a WHERE a.tenant_id = ${tenantId} AND a.content_id = ${contentId}
              AND NOT EXISTS (SELECT 1 FROM submission_key k WHERE k.tenant_id = a.tenant_id
                AND k.content_id = a.content_id AND (k.result->>'attemptId')::int = a.id))::int AS unkeyed,
           (SELECT count(*) - count(DISTINCT result->>'attemptId') FROM submission_key
              WHERE tenant_id = ${tenantId} AND content_id = ${contentId})::int AS shared,
           (SELECT count(*) FROM unnest(${`{${acknowledgedKeys.join(',')}}`}::text[]) AS acked(key)
              WHERE NOT EXISTS (SELECT 1 FROM submission_key k WHERE k.tenant_id = ${tenantId}
                AND k.content_id = ${contentId} AND k.key = acked.key))::int AS lost`);
  return { ...found, acknowledged: acknowledgedKeys.length };
}

// Sanity: one submission by hand, its statements captured for the bare server (those carrying the
// caller's token or key: nothing else runs meanwhile but background jobs, which carry neither).
const SANITY_KEY = 'bench-sanity';
const sanityHash = hashToken(tokens[0]);
const ran = [];
bench.capture = (query, params) => {
  if (params.includes(SANITY_KEY) || params.includes(sanityHash)) ran.push({ query, params });
};
const first = await fetch(`${base}/mobile/content/${contentId}/form/attempt`, {
  method: 'POST',
  headers: {
    authorization: `Bearer ${tokens[0]}`,
    'content-type': 'application/json',
    'idempotency-key': SANITY_KEY,
  },
  body: JSON.stringify(failing),
});
bench.capture = undefined;
if (first.status !== 200) throw new Error(`submission: ${first.status} ${await first.text()}`);
console.log('submission:', JSON.stringify((await first.json()).payload));
console.log(`its statements (new key): ${ran.length}`);

// Where each captured parameter comes from per request: a time is the request's, the token's hash and
// the key are the request's, the caller's user id is the one the reading's session check found (the
// storing statement's; the reading takes the token alone); anything else is the same for every
// submission (the same failing answers, the one tenant). A number equal to the user id is taken for it,
// so it must equal none of the other numbers the statements take: the tenant's and the item's ids and
// the attempt's counts.
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
if ([tenantId, contentId].includes(userIds[0]) || userIds[0] <= questionIds.length)
  throw new Error(`user ${userIds[0]} could be taken for another parameter: pick another sanity user`);
const sourceOf = (value) =>
  value instanceof Date || (typeof value === 'string' && ISO_TIME.test(value))
    ? { from: 'now' }
    : value === sanityHash
      ? { from: 'tokenHash' }
      : value === SANITY_KEY
        ? { from: 'key' }
        : value === userIds[0]
          ? { from: 'userId' }
          : { from: 'value', value };
const keyReading = ran.findIndex((r) => r.params.includes(SANITY_KEY));
const bareStatements = ran.map(({ query, params }, i) => ({
  name: `bare_submission_${i}`,
  text: query,
  params: params.map(sourceOf),
  readsKey: i === keyReading,
}));

// The two months with the most finishing in the tenant, so a filtered page 2 has rows to show.
const months = (
  await rows(sql`
    SELECT to_char(finished_at AT TIME ZONE 'Europe/Zagreb', 'YYYY-MM') AS m FROM content_interaction
    WHERE tenant_id = ${tenantId} AND finished_at IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 2`)
).map((r) => r.m);
const filteredPage = {
  contentTypes: ['EDUCATION', 'INFORMATION', 'POLL'],
  creators: [],
  categories: [],
  periods: months,
};

const bare =
  database.driver === 'postgres' ? await startBareSubmissions(3933, config.databaseUrl, bareStatements) : undefined;
const loader = await startLoader();
const results = [];
const integrity = [];
try {
  const submissions = async (name, url) => {
    const submit = { url, method: 'POST', body: failing, tokens };
    if (warmup > 0) await loader.run({ ...submit, connections, duration: warmup, idempotent: true });
    const run = await loader.run({ ...submit, connections, duration, idempotent: true });
    // The warm-up's keys, the sanity key and an earlier run's are in the database too; only this run's
    // were collected.
    const found = await checkOneAttemptPerKey(run.acknowledgedKeys);
    integrity.push({ name, requests: run.requests, statuses: run.statuses, ...found, sound: isSound(found) });
    const result = { name, ...run };
    results.push(result);
    return result;
  };
  const product = await submissions(
    'POST …/form/attempt (each key sent twice)',
    `${base}/mobile/content/${contentId}/form/attempt`,
  );
  if (bare) {
    const sanity = await fetch(bare.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0]}`, 'idempotency-key': SANITY_KEY },
    });
    if (sanity.status !== 200) throw new Error(`bare submission: ${sanity.status} ${await sanity.text()}`);
    const bareRun = await submissions('bare-same-statements (Fastify + pg, the same SQL)', bare.url);
    product.ratio = (product.reqPerSec / bareRun.reqPerSec).toFixed(2);
  }

  const lists = [
    ['GET …/list/finished (page 0)', `${base}/mobile/content/list/finished?limit=3&offset=0`],
    [
      'GET …/list/finished (page 2, type filter)',
      `${base}/mobile/content/list/finished?limit=3&offset=6&contentTypes=${filteredPage.contentTypes.join(',')}`,
    ],
    [
      'GET …/list/finished (page 0, type + period filters)',
      `${base}/mobile/content/list/finished?limit=3&offset=0&contentTypes=${filteredPage.contentTypes.join(',')}&periods=${months.join(',')}`,
    ],
    ['GET …/list/new-with-attempts', `${base}/mobile/content/list/new-with-attempts`],
    ['GET …/list/filters', `${base}/mobile/content/list/filters`],
  ];
  for (const [name, url] of lists) {
    const res = await fetch(url, { headers: { authorization: `Bearer ${tokens[1]}` } });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    if (warmup > 0) await loader.run({ url, tokens, connections, duration: warmup });
    results.push({ name, ...(await loader.run({ url, tokens, connections, duration })) });
  }
} finally {
  loader.stop();
  bare?.stop();
}

const [sizes] = await rows(sql`
  SELECT (SELECT count(*) FROM app_user WHERE tenant_id = ${tenantId})::int AS users,
         (SELECT count(*) FROM content_interaction WHERE tenant_id = ${tenantId} AND finished_at IS NOT NULL)::int AS finished`);
console.log(
  `\n${database.driver}: large tenant ${sizes.users} users, ${sizes.finished} finished inbox rows; ` +
    `${userIds.length} sessions; ${connections} connections × ${duration} s`,
);
console.log('\n| route | req/s | p50 ms | p99 ms | non-2xx | bytes/resp | product ÷ bare |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results)
  console.log(
    `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.bytesPerReq} | ${r.ratio ?? ''} |`,
  );
for (const i of integrity) {
  console.log(
    `\n${i.name}: ${i.requests} requests ${JSON.stringify(i.statuses)}, ${i.acknowledged} keys acknowledged. ` +
      `In the database: ${i.attempts} attempts, ${i.keys} keys (warm-up, earlier runs and in-flight included), ` +
      `${i.unkeyed} attempts without a key, ${i.shared} keys sharing an attempt, ${i.lost} acknowledged keys ` +
      `missing: ${i.sound ? 'one attempt per acknowledged key' : 'MISMATCH'}`,
  );
}
const sound = integrity.every((i) => i.sound);

// The type- and period-filtered archive page as the product runs it, captured from drizzle, then explained for one user.
let captured;
bench.capture = (query, params) => (captured ??= { query, params });
await createContentRepository(db).finishedList(tenantId, userIds[1], new Date(), filteredPage, 3, 0);
bench.capture = undefined;
const { plans, args } = await explainPrepared(database, captured, 'bench_finished_explain');
for (const [mode, lines] of Object.entries(plans)) {
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the filtered page 0, user ${userIds[1]}, ${mode}:\n`);
  for (const line of lines) console.log(`  ${line}`);
}
console.log(`\nThe statement:\n  ${captured.query}\n  params: ${args}`);

await db.execute(sql`DELETE FROM content WHERE tenant_id = ${tenantId} AND name = ${BENCH_ITEM}`);
await dropSessions(db, tenantId, DEVICE);
await app.close();
await database.close();
if (!sound) {
  console.error('\nFAILED: the database does not hold exactly one attempt per acknowledged key (MISMATCH above).');
  process.exitCode = 1;
}
