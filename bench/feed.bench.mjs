import { buildApp, sql } from '@kanal/server';
import {
  addPlainListRoute,
  discardedLog,
  dropSessions,
  explainPrepared,
  insertSessions,
  loadOptions,
  openFeedData,
  paramSources,
  sample,
  startBareSql,
  startLoader,
} from './support/lib.mjs';

await main();

async function main() {
  const { mulberry32 } = await import('./generate-feed-data.mjs');

  const opts = loadOptions(50);
  const { connections, duration, warmup } = opts;
  const bench = await openFeedData();
  const { config, database, db, rows, tenantId } = bench;
  const [sizes] = await rows(sql`
    SELECT (SELECT count(*) FROM app_user WHERE tenant_id = ${tenantId})::int AS users,
           (SELECT count(*) FROM content WHERE tenant_id = ${tenantId})::int AS items,
           (SELECT count(*) FROM content_interaction)::int AS inbox,
           (SELECT count(*) FROM content_interaction WHERE viewed_at IS NOT NULL)::int AS interactions`);

  // Sessions: random active end users of the large tenant (seeded, so the same users every run).
  const sessionCount = opts.sessions ?? 2000;
  const candidates = (
    await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND active AND role = 'USER' ORDER BY id`)
  ).map((r) => r.id);
  const rand = mulberry32(7);
  const userIds = sample(candidates, sessionCount, rand);
  const tokens = await insertSessions(db, tenantId, userIds, 'bench:feed');

  const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
  await addPlainListRoute(app, db);
  await app.listen({ port: Number(process.env.PORT ?? 3931), host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;

  // Sanity: both answer 200 with 50 items for the first user; each request's statements are captured,
  // for the bare server and for EXPLAIN.
  const statements = {};
  for (const p of ['/api/mobile/content/list/new', '/bench/plain']) {
    const run = [];
    bench.capture = (query, params) => run.push({ query, params });
    const res = await fetch(base + p, { headers: { authorization: `Bearer ${tokens[0]}` } });
    bench.capture = undefined;
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
    console.log(`${p}: ${body.payload.content.length} items, count ${body.payload.count}; ${run.length} statement(s)`);
    statements[p] = run;
  }
  // The last statement of each: the guard's session lookup comes first where the route does not fold it.
  const feedStatement = statements['/api/mobile/content/list/new'].at(-1);

  // The bare server (PostgreSQL only: PGlite is embedded in the product's process) runs the feed's own
  // statement, and the plain route's newest 50 without a session check.
  const bare =
    database.driver === 'postgres'
      ? await startBareSql(
          Number(process.env.BARE_PORT ?? 3932),
          config.databaseUrl,
          [
            ['/bare/feed', feedStatement, true],
            ['/bare/newest', statements['/bench/plain'].at(-1), false],
          ].map(([path, { query, params }, session]) => ({
            path,
            session,
            statements: [{ text: query, params: paramSources(params, tokens[0]) }],
          })),
        )
      : undefined;

  const loader = await startLoader();
  const load = (url, secs) => loader.run({ url, tokens, connections, duration: secs });

  const routes = [
    ['feed GET /api/mobile/content/list/new', `${base}/api/mobile/content/list/new`],
    ...(opts['feed-only']
      ? []
      : [['plain GET /bench/plain (newest 50, no audience, product pipeline)', `${base}/bench/plain`]]),
    ...(bare && !opts['feed-only']
      ? [
          ['bare Fastify + pg, the feed statement', `${bare.url}/bare/feed`],
          ['bare Fastify + pg, newest 50', `${bare.url}/bare/newest`],
        ]
      : []),
  ];
  const results = [];
  try {
    for (const [, url] of routes) if (warmup > 0) await load(url, warmup);
    for (const [name, url] of routes) results.push({ name, ...(await load(url, duration)) });
  } finally {
    loader.stop();
    bare?.stop();
  }

  console.log(
    `\n${database.driver}: large tenant ${sizes.users} users, ${sizes.items} items; ${sizes.inbox} inbox rows, ` +
      `${sizes.interactions} viewed/finished; ${userIds.length} sessions; ${connections} connections × ${duration} s`,
  );
  console.log('\n| route | req/s | p50 ms | p99 ms | non-2xx | bytes/resp |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.bytesPerReq} |`);
  }
  const [feed, plainRoute, bareFeed, bareNewest] = results;
  const ratio = (a, b) => (a.reqPerSec / b.reqPerSec).toFixed(2);
  if (plainRoute) console.log(`\nfeed / plain = ${ratio(feed, plainRoute)}`);
  if (bareFeed) {
    console.log(`feed / bare same SQL = ${ratio(feed, bareFeed)}  (target ≥ 0.80)`);
    console.log(`feed / bare newest 50 = ${ratio(feed, bareNewest)}  (target ≥ 0.60)`);
  }

  // The feed's statement as the product ran it above, explained.
  const { plans, args } = await explainPrepared(database, feedStatement, 'bench_feed_explain');
  for (const [mode, lines] of Object.entries(plans)) {
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS), the first session's user, ${mode}:\n`);
    for (const line of lines) console.log(`  ${line}`);
  }
  console.log(`\nThe statement:\n  ${feedStatement.query}\n  params: ${args}`);

  await dropSessions(db, tenantId, 'bench:feed');
  await app.close();
  await database.close();
}
