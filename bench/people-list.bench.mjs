import { AdminUserListSchema, envelope, ROLES, USER_PAGE_SIZE } from '@kanal/contract';
import { authGuard, buildApp, eq, schema, sql } from '@kanal/server';
import {
  addPlainListRoute,
  discardedLog,
  dropSessions,
  explainPrepared,
  exportTimes,
  insertSessions,
  loadOptions,
  openFeedData,
  startLoader,
} from './support/lib.mjs';

const opts = loadOptions(20);
const { connections, duration, warmup } = opts;
const q = opts.q ?? 'marija jur';

const bench = await openFeedData();
const { config, database, db, rows, tenantId } = bench;
const [sizes] = await rows(sql`
  SELECT (SELECT count(*) FROM app_user WHERE tenant_id = ${tenantId})::int AS users,
         (SELECT count(*) FROM user_group WHERE tenant_id = ${tenantId})::int AS groups`);
// A middling group: the 20th largest.
const [group] = await rows(sql`
  SELECT group_id AS id, count(*)::int AS members FROM group_member
  WHERE tenant_id = ${tenantId} GROUP BY group_id ORDER BY count(*) DESC, group_id OFFSET 19 LIMIT 1`);
const admins = (
  await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND role = 'ADMIN' AND active ORDER BY id`)
).map((r) => r.id);
const tokens = await insertSessions(db, tenantId, admins, 'bench:people-list');

const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
const { appUser } = schema;
const plain = db
  .select({
    id: appUser.id,
    name: appUser.name,
    email: appUser.email,
    username: appUser.username,
    phone: appUser.phone,
    role: appUser.role,
    createdAt: appUser.createdAt,
  })
  .from(appUser)
  .where(eq(appUser.tenantId, sql.placeholder('tenantId')))
  .orderBy(appUser.searchText, appUser.id)
  .limit(USER_PAGE_SIZE)
  .prepare('bench_plain_people');
await addPlainListRoute(app, db);
await app.register(
  async (scope) => {
    authGuard(scope, app.services.auth, { 'GET /bench/plain-people': ROLES });
    scope.get('/plain-people', { schema: { response: { 200: envelope(AdminUserListSchema) } } }, async (req) => {
      const found = await plain.execute({ tenantId: req.ctx.tenantId });
      const items = found.map((r) => ({ ...r, status: 'active', groups: [], createdAt: r.createdAt.toISOString() }));
      return { payload: { count: items.length, items } };
    });
  },
  { prefix: '/bench' },
);
await app.listen({ port: Number(process.env.PORT ?? 3941), host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const search = `${base}/api/user?${new URLSearchParams({ q, group: String(group.id) })}`;

// Sanity: both answer 200 with a page; the search's statements are captured for EXPLAIN.
const statements = [];
for (const url of [search, `${base}/bench/plain`, `${base}/bench/plain-people`]) {
  bench.capture = url === search ? (query, params) => statements.push({ query, params }) : undefined;
  const res = await fetch(url, { headers: { authorization: `Bearer ${tokens[0]}` } });
  bench.capture = undefined;
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  const { payload } = body;
  console.log(`${url.replace(base, '')}: ${(payload.items ?? payload.content).length} rows of ${payload.count}`);
}

const loader = await startLoader();
const routes = [
  [`search GET /api/user?q=${q}&group=… (${group.members} members)`, search],
  ['harness plain list GET /bench/plain (newest 50 items, product pipeline)', `${base}/bench/plain`],
  ['plain GET /bench/plain-people (first page of people by name, product pipeline)', `${base}/bench/plain-people`],
];
const results = [];
try {
  for (const [, url] of routes) if (warmup > 0) await loader.run({ url, tokens, connections, duration: warmup });
  for (const [name, url] of routes)
    results.push({ name, ...(await loader.run({ url, tokens, connections, duration })) });
} finally {
  loader.stop();
}

console.log(
  `\n${database.driver}: ${sizes.users} people, ${sizes.groups} groups; ${tokens.length} admin sessions; ` +
    `${connections} connections × ${duration} s`,
);
console.log('\n| route | req/s | p50 ms | p99 ms | non-2xx | bytes/resp |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of results)
  console.log(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.bytesPerReq} |`);
const [searched, plainList, plainPeople] = results;
const ratio = (a, b) => (a.reqPerSec / b.reqPerSec).toFixed(2);
console.log(`\nsearch / harness plain list = ${ratio(searched, plainList)}  (target ≥ 0.50)`);
console.log(`search / plain page of people = ${ratio(searched, plainPeople)}`);

// The whole tenant exported, in this process (the load generator has stopped): memory must not grow
// with the number of people.
console.log('\n| export of every person | first byte ms | total ms | MB | peak RSS over before MB |');
console.log('|---|---:|---:|---:|---:|');
for (const format of ['xlsx', 'csv']) {
  const { firstByte, total, bytes, peak } = await exportTimes(
    `${base}/api/export/users?format=${format}`,
    { authorization: `Bearer ${tokens[0]}` },
    process.pid,
  );
  console.log(
    `| ${format}, ${sizes.users.toLocaleString('en')} people | ${firstByte.toFixed(0)} | ${total.toFixed(0)} | ${(bytes / 1024 / 1024).toFixed(1)} | ${peak.toFixed(0)} |`,
  );
}

// The search's statements as the product ran them, explained.
for (const [i, statement] of statements.entries()) {
  const { plans } = await explainPrepared(database, statement, `bench_people_explain_${i}`);
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS), statement ${i + 1} of ${statements.length}:\n`);
  for (const line of plans.force_custom_plan) console.log(`  ${line}`);
  console.log(`  ${statement.query}`);
}

await dropSessions(db, tenantId, 'bench:people-list');
await app.close();
await database.close();
