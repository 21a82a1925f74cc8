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
import {
  checkOneAttemptPerKey,
  createOrganisations,
  dropBaseline,
  dropOrganisations,
  observed,
  passingAnswers,
  pgbench,
  QUIZ,
  reopen,
  setUpBaseline,
} from './support/submissions.mjs';

// Quiz submissions as a whole company makes them on one morning: `--sessions` people (10,000) of the large
// tenant pass one quiz, each submission sent twice with one Idempotency-Key. Beside it (PostgreSQL), the same
// number of people spread over `--spread` organisations (50) passing a quiz of their own each, and what
// PostgreSQL alone commits for the same rows, keyed per client, at the product's pool size (pgbench with
// submission.pgbench.sql over submission-baseline.sql's tables). `--rounds` (1) repeats the three, interleaved.
// Each run is checked (one attempt per acknowledged key) and its items put back to unanswered after it; the
// wait events of the database's sessions are sampled during each product run, and the MultiXact ids it made counted.
// Targets (issue 32): one quiz ≥ 0.8 of the spread case and ≥ 0.4 of the baseline. Then the archive lists.

const { mulberry32 } = await import('./generate-feed-data.mjs');

const DEVICE = 'bench:forms';
const BENCH_ITEM = 'Bench: submissions';
const SPREAD = 'Bench Spread';
/** The product's database pool (openPostgres): the baseline's connections. */
const POOL_SIZE = 10;

const opts = loadOptions(50);
const { connections, duration, warmup } = opts;
const people = opts.sessions ?? 10_000;
const rounds = opts.rounds ?? 1;
const bench = await openFeedData();
const { config, database, db, rows, tenantId } = bench;
const postgres = database.driver === 'postgres';
const organisations = postgres ? (opts.spread ?? 50) : 0;
// Every person's inbox row written when the item is made, however many they are.
const services = createContentServices(db, undefined, people);

const candidates = (
  await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND active AND role = 'USER' ORDER BY id`)
).map((r) => r.id);
const rand = mulberry32(11);
const userIds = sample(candidates, people, rand);
const tokens = await insertSessions(db, tenantId, userIds, DEVICE);
const [creator] = await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} ORDER BY id LIMIT 1`);

/** A published quiz for `audience`, as a creator makes it. */
const quizFor = (owner, creatorId, audience, name = BENCH_ITEM) =>
  services.authoring.create({
    tenantId: owner,
    creatorId,
    type: 'EDUCATION',
    name,
    publishAt: new Date(Date.now() - 60_000),
    status: 'published',
    settings: { passingScore: 0.6 },
    audience: { users: audience },
    questions: QUIZ,
  });

await db.execute(sql`DELETE FROM content WHERE tenant_id = ${tenantId} AND name = ${BENCH_ITEM}`);
const contentId = await quizFor(tenantId, creator.id, userIds);
const questionIds = (
  await rows(sql`SELECT id FROM question WHERE tenant_id = ${tenantId} AND content_id = ${contentId} ORDER BY position`)
).map((r) => r.id);
const passing = await passingAnswers(rows, tenantId, contentId);
const oneItem = [{ tenantId, contentId }];

// The spread case: the same number of people, a quiz of their own organisation's each.
await dropOrganisations(db, SPREAD);
const spread = { items: [], tokens: [], paths: [], bodies: [] };
for (const org of await createOrganisations(rows, {
  prefix: SPREAD,
  count: organisations,
  people: Math.ceil(people / Math.max(1, organisations)),
})) {
  const item = await quizFor(org.tenantId, org.admin, org.users);
  const answers = await passingAnswers(rows, org.tenantId, item);
  spread.items.push({ tenantId: org.tenantId, contentId: item });
  for (const token of await insertSessions(db, org.tenantId, org.users, DEVICE)) {
    spread.tokens.push(token);
    spread.paths.push(`/api/mobile/content/${item}/form/attempt`);
    spread.bodies.push(answers);
  }
}

const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
await app.listen({ port: Number(process.env.PORT ?? 3932), host: '127.0.0.1' });
const origin = `http://127.0.0.1:${app.server.address().port}`;
const base = `${origin}/api`;

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
  body: JSON.stringify(passing),
});
bench.capture = undefined;
if (first.status !== 200) throw new Error(`submission: ${first.status} ${await first.text()}`);
console.log('submission:', JSON.stringify((await first.json()).payload));
console.log(`its statements (new key): ${ran.length}`);
await reopen(db, oneItem);

// Where each captured parameter comes from per request: a time is the request's, the token's hash and
// the key are the request's, the caller's user id is the one the reading's session check found (the
// storing statement's; the reading takes the token alone); anything else is the same for every
// submission (the same passing answers, the one tenant). A number equal to the user id is taken for it,
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

const bare = postgres ? await startBareSubmissions(3933, config.databaseUrl, bareStatements) : undefined;
if (postgres) await setUpBaseline(config.databaseUrl);
const loader = await startLoader();
/** A run's waits and cores, and the WAL it wrote per commit (an attempt, or a pgbench transaction). */
const perCommit = ({ waits, wal, cores }, commits) => ({
  waits,
  cores,
  walBytes: Math.round(wal.wal_bytes / commits),
  walRecords: (wal.wal_records / commits).toFixed(1),
  walFpi: (wal.wal_fpi / commits).toFixed(2),
});
const results = [];
const integrity = [];
const waits = [];
try {
  /**
   * One case's warm-up and run, each followed by its check and by the items put back to unanswered. Its
   * submissions per second are the keys acknowledged per second (every key is sent twice: the second of a
   * pair is answered from the stored key), the figure compared with the baseline's commits.
   */
  const submissions = async (name, load, items) => {
    if (warmup > 0) {
      await loader.run({ ...load, method: 'POST', connections, duration: warmup, idempotent: true });
      await reopen(db, items);
    }
    const measured = () => loader.run({ ...load, method: 'POST', connections, duration, idempotent: true });
    const seen = postgres ? await observed(config.databaseUrl, measured) : { result: await measured() };
    const run = seen.result;
    const found = await checkOneAttemptPerKey(rows, items, run.acknowledgedKeys);
    await reopen(db, items);
    integrity.push({ name, requests: run.requests, statuses: run.statuses, ...found });
    if (seen.waits)
      waits.push({ name, ...perCommit(seen, found.attempts), multiXactPerAttempt: seen.multiXact / found.attempts });
    const result = { name, ...run, perSec: Math.round(run.acknowledgedKeys.length / duration) };
    results.push(result);
    return result;
  };
  const oneLoad = { url: `${base}/mobile/content/${contentId}/form/attempt`, body: passing, tokens };
  const spreadLoad = { url: `${origin}${spread.paths[0]}`, ...spread };
  const compared = [];
  for (let round = 1; round <= rounds; round++) {
    const one = await submissions(`round ${round}: one tenant, one quiz`, oneLoad, oneItem);
    if (!postgres) break;
    const many = await submissions(`round ${round}: ${organisations} tenants, a quiz each`, spreadLoad, spread.items);
    const seenBaseline = await observed(config.databaseUrl, () => pgbench(config.databaseUrl, POOL_SIZE, duration));
    const baseline = seenBaseline.result;
    waits.push({ name: `round ${round}: pgbench baseline`, ...perCommit(seenBaseline, baseline.tps * duration) });
    compared.push({ round, one: one.perSec, spread: many.perSec, baseline });
  }
  if (bare) {
    const sanity = await fetch(bare.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0]}`, 'idempotency-key': SANITY_KEY },
    });
    if (sanity.status !== 200) throw new Error(`bare submission: ${sanity.status} ${await sanity.text()}`);
    await reopen(db, oneItem);
    const product = results[0];
    const bareRun = await submissions(
      'bare-same-statements (Fastify + pg, the same SQL, one quiz)',
      {
        url: bare.url,
        tokens,
      },
      oneItem,
    );
    product.ratio = (product.reqPerSec / bareRun.reqPerSec).toFixed(2);
  }
  if (compared.length) {
    console.log(
      `\nSubmissions per second (acknowledged keys; the product at ${connections} connections, pgbench at ${POOL_SIZE}):`,
    );
    console.log(
      '\n| round | one quiz | spread | pgbench baseline | one ÷ spread | one ÷ baseline | spread ÷ baseline |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const c of compared)
      console.log(
        `| ${c.round} | ${c.one} | ${c.spread} | ${c.baseline.tps} (${c.baseline.failed} failed) | ` +
          `${(c.one / c.spread).toFixed(2)} | ${(c.one / c.baseline.tps).toFixed(2)} | ${(c.spread / c.baseline.tps).toFixed(2)} |`,
      );
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
console.log('\n| route | req/s | submissions/s | p50 ms | p99 ms | non-2xx | bytes/resp | product ÷ bare |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results)
  console.log(
    `| ${r.name} | ${r.reqPerSec} | ${r.perSec ?? ''} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.bytesPerReq} | ${r.ratio ?? ''} |`,
  );
for (const i of integrity) {
  console.log(
    `\n${i.name}: ${i.requests} requests ${JSON.stringify(i.statuses)}, ${i.acknowledged} keys acknowledged. ` +
      `In the database: ${i.attempts} attempts, ${i.keys} keys (in-flight included), ` +
      `${i.unkeyed} attempts without a key, ${i.shared} keys sharing an attempt, ${i.lost} acknowledged keys ` +
      `missing: ${i.sound ? 'one attempt per acknowledged key' : 'MISMATCH'}`,
  );
}
for (const w of waits) {
  const top = w.waits
    .slice(0, 6)
    .map((x) => `${x.wait} ${x.sessions.toFixed(1)}`)
    .join(', ');
  const cores = Object.entries(w.cores)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');
  console.log(
    `\n${w.name}: active sessions by wait event (average per 100 ms sample): ${top}; ` +
      `per commit ${w.walBytes} B of WAL in ${w.walRecords} records, ${w.walFpi} full pages; cores busy: ${cores}` +
      (w.multiXactPerAttempt === undefined
        ? ''
        : `; MultiXact ids made per attempt: ${w.multiXactPerAttempt.toFixed(2)}`),
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
await dropOrganisations(db, SPREAD);
if (postgres) await dropBaseline(config.databaseUrl);
await app.close();
await database.close();
if (!sound) {
  console.error('\nFAILED: the database does not hold exactly one attempt per acknowledged key (MISMATCH above).');
  process.exitCode = 1;
}
