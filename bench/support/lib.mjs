// Shared by the benchmarks: start the built server on a fresh database, load it, print figures.
import { fork, spawn } from 'node:child_process';
import { openSync, readFileSync, writeSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentListSchema } from '@kanal/contract';
import {
  and,
  authGuard,
  desc,
  eq,
  hashToken,
  inArray,
  loadConfig,
  lte,
  newToken,
  openDatabase,
  route,
  schema,
  serverEntryPoint,
  sql,
  toItem,
} from '@kanal/server';
import autocannon from 'autocannon';

/**
 * Where an in-process app under load writes its log: one line per request at the default level, written
 * synchronously as pino writes to stdout in production, to /dev/null so it does not flood the figures.
 */
const devNull = openSync('/dev/null', 'w');
export const discardedLog = { write: (line) => writeSync(devNull, line) };

/**
 * The built server (npm run build first) on a fresh PGlite data dir, or on DATABASE_URL when set, logging
 * at its default level, with the demo the benchmarks sign in as (asked for: PostgreSQL gets none by
 * default); its standard output is read and dropped.
 */
export async function startServer(port, env = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-bench-'));
  const child = spawn(process.execPath, [serverEntryPoint], {
    env: { SEED_DEMO: 'true', ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    const started = (chunk) => {
      if (!String(chunk).includes('Kanal is running')) return;
      // From now on its log is only drained, as a collector would.
      child.stdout.off('data', started).resume();
      resolve();
    };
    child.stdout.on('data', started);
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** Waits for a forked child's first message; its exit before that (a port in use, say) fails the run. */
const ready = (child) =>
  new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) =>
      reject(new Error(`${child.spawnargs.at(-1)} exited with ${code} before it was ready`)),
    );
  });

export async function startBare(port, bodySize) {
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(port), BODY_SIZE: String(bodySize) },
  });
  await ready(child);
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

/**
 * Fastify + pg with no product code (bare-sql-server.mjs) serving `routes`, each the statements the
 * product runs for one call: {method, path, session, statements: [{text, params}]}, see paramSources.
 */
export async function startBareSql(port, databaseUrl, routes) {
  const child = fork(path.join(import.meta.dirname, 'bare-sql-server.mjs'));
  child.send({ port, databaseUrl, routes });
  await ready(child);
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/**
 * Fastify + pg with no product code (bare-submissions-server.mjs) answering POST /bare/submit with the
 * statements of a submission as the product runs them: `statements` [{name, text, params, readsKey}].
 */
export async function startBareSubmissions(port, databaseUrl, statements) {
  const child = fork(path.join(import.meta.dirname, 'bare-submissions-server.mjs'));
  child.send({ port, databaseUrl, statements });
  await ready(child);
  return { url: `http://127.0.0.1:${port}/bare/submit`, stop: () => child.kill('SIGTERM') };
}

/**
 * Where each parameter of a statement captured for `token` comes from, for the bare server: a date is
 * the time of the request, the token's tenant and hash are the caller's, anything else is fixed. (A
 * fixed number equal to the tenant id is taken for it: the same value for every caller of the tenant.)
 */
export function paramSources(params, token) {
  const tenantId = Number(token.split('_')[0]);
  const tokenHash = hashToken(token);
  return params.map((value) =>
    value instanceof Date
      ? { from: 'now' }
      : value === tokenHash
        ? { from: 'tokenHash' }
        : value === tenantId
          ? { from: 'tenantId' }
          : { from: 'value', value },
  );
}

export async function load(name, options) {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  const non2xx = result.non2xx + result.errors;
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
  };
}

export function printTable(rows, baseline) {
  console.log('\n| run | req/s | p50 ms | p99 ms | non-2xx | ratio to bare |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = baseline ? (r.reqPerSec / baseline.reqPerSec).toFixed(2) : '';
    console.log(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${ratio} |`);
  }
}

export async function json(url, init = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: await res.json() };
}

/** The autocannon child (loader.mjs): `run(options)` resolves with its figures; `stop()` ends it. */
export async function startLoader() {
  const child = fork(path.join(import.meta.dirname, 'loader.mjs'));
  await ready(child);
  return {
    run: (options) =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send(options);
      }),
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * Sessions for the given users, inserted directly (tokens made and hashed by the server's own functions;
 * last_seen_at = now, so no request extends its session). Returns the bearer tokens in the users' order.
 * `device` marks them for dropSessions.
 */
export async function insertSessions(db, tenantId, userIds, device) {
  const tokens = userIds.map(() => newToken(tenantId));
  const hashes = tokens.map(hashToken);
  await dropSessions(db, tenantId, device);
  await db.execute(sql`
    INSERT INTO session (tenant_id, user_id, token_hash, remember_me, application, device, last_seen_at, expires_at)
    SELECT ${tenantId}, unnest(${`{${userIds.join(',')}}`}::int[]), unnest(${`{${hashes.join(',')}}`}::text[]),
           true, 'mobile', ${device}, now(), now() + interval '1 day'`);
  return tokens;
}

export const dropSessions = (db, tenantId, device) =>
  db.execute(sql`DELETE FROM session WHERE tenant_id = ${tenantId} AND device = ${device}`);

/** A seeded random sample of `size` distinct values (the same every run). */
export function sample(values, size, rand) {
  const chosen = new Set();
  while (chosen.size < Math.min(size, values.length)) chosen.add(values[Math.floor(rand() * values.length)]);
  return [...chosen];
}

/** Runs `query` (captured from drizzle as {query, params}) under EXPLAIN ANALYZE as a prepared statement, generic plan. */
export async function explainPrepared(database, captured, name) {
  const literal = (v) =>
    v instanceof Date
      ? `'${v.toISOString()}'`
      : Array.isArray(v)
        ? `'{${v.join(',')}}'`
        : typeof v === 'string'
          ? `'${v}'`
          : String(v);
  const args = captured.params.map(literal).join(', ');
  // PREPARE, SET and EXECUTE must share one connection.
  const client = database.driver === 'postgres' ? await database.db.$client.connect() : database.db.$client;
  const run = async (text) => (await client.query(text)).rows;
  const plans = {};
  try {
    await run(`PREPARE ${name} AS ${captured.query}`);
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await run(`SET plan_cache_mode = ${mode}`);
      plans[mode] = (await run(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}(${args})`)).map((l) => l['QUERY PLAN']);
    }
    await run('RESET plan_cache_mode');
    await run(`DEALLOCATE ${name}`);
  } finally {
    if (database.driver === 'postgres') client.release();
  }
  return { plans, args };
}

/** `--name 10` → {name: 10}; `--save dir` → {save: "dir"}; a flag with no value after it (`--reset`) → {reset: true}. */
export function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--')) continue;
    const value = argv[i + 1];
    const given = value !== undefined && !value.startsWith('--');
    opts[argv[i].slice(2)] = !given ? true : Number.isNaN(Number(value)) ? value : Number(value);
    if (given) i++;
  }
  return opts;
}

/**
 * A load bench's options from its command line: `--connections` (its own default), `--duration` and
 * `--warmup` in seconds (10 and 3), and whatever else it takes, as given.
 */
export function loadOptions(defaultConnections) {
  return { connections: defaultConnections, duration: 10, warmup: 3, ...parseArgs(process.argv.slice(2)) };
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Resets the peak so the next reading is the peak of what follows (Linux: write 5 to clear_refs). */
export const resetPeak = (pid) => writeFile(`/proc/${pid}/clear_refs`, '5');

/**
 * Downloads an export as a browser would, reading it to the end: time to the first byte, total time,
 * bytes, and the serving process's peak RSS over its RSS before the request, in MB.
 */
export async function exportTimes(url, headers, pid) {
  const before = memoryOf(pid).rss;
  await resetPeak(pid);
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const reader = res.body.getReader();
  let firstByte;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - started;
    bytes += value.length;
  }
  return { firstByte, total: performance.now() - started, bytes, peak: memoryOf(pid).peak - before };
}

/**
 * The harness's plain-list route, GET /bench/plain, added to a built app: the caller's tenant's newest
 * 50 live items, no audience filter, behind the same session check and serialised through the same
 * envelope(ContentListSchema) and row → item mapping (toItem) as the feed: what the product's pipeline
 * costs around a simple read. The newest items get their index (bench-only, not in the product's
 * migrations), so that it is a real ceiling rather than a sort of every item.
 */
export async function addPlainListRoute(app, db) {
  await db.execute(
    sql`CREATE INDEX IF NOT EXISTS bench_content_newest_idx ON content (tenant_id, publish_at DESC, id DESC)`,
  );
  await db.execute(sql`ANALYZE content`);
  const { content, appUser, task } = schema;
  const plain = db
    .select({
      id: content.id,
      type: content.type,
      configuration: content.configuration,
      name: content.name,
      description: content.description,
      image: content.image,
      category: content.category,
      publishAt: content.publishAt,
      settings: content.settings,
      creatorName: appUser.name,
      taskDeadline: task.deadline,
      taskRepeat: task.repeat,
    })
    .from(content)
    .innerJoin(appUser, and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId)))
    .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
    .where(
      and(
        eq(content.tenantId, sql.placeholder('tenantId')),
        inArray(content.status, ['published', 'scheduled']),
        lte(content.publishAt, sql.placeholder('now')),
      ),
    )
    .orderBy(desc(content.publishAt), desc(content.id))
    .limit(50)
    .prepare('bench_plain_newest');
  await app.register(
    async (scope) => {
      authGuard(scope, app.services.auth);
      // Declared as the product declares its calls (the route table's Operation), for the same pipeline.
      const operation = {
        method: 'GET',
        path: '/plain',
        access: 'signedIn',
        tags: ['bench'],
        response: ContentListSchema,
      };
      route(scope, operation, async (req) => {
        const found = await plain.execute({ tenantId: req.ctx.tenantId, now: new Date() });
        const items = found.map((r) => toItem({ ...r, viewedAt: null, finishedAt: null }));
        return { payload: { count: items.length, content: items } };
      });
    },
    { prefix: '/bench' },
  );
}

/** The large tenant of bench/generate-feed-data.mjs's data set (here, which that generator imports). */
export const LARGE_TENANT = 'Bench Feed Large';

/**
 * The data set of bench/generate-feed-data.mjs, opened as the product opens its database (DATABASE_URL,
 * or PGlite under DATA_DIR, default ./data/bench-feed), migrated, with its large tenant found and the
 * rate limits lifted. Every statement the product runs passes `capture` while a benchmark sets it.
 */
export async function openFeedData() {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? path.join(import.meta.dirname, '..', '..', 'data/bench-feed'),
    RATE_LIMIT_PER_IP: '1000000000',
    RATE_LIMIT_PER_IDENTIFIER: '1000000000',
  });
  const data = { config, capture: undefined };
  const database = await openDatabase(config, { logQuery: (query, params) => data.capture?.(query, params) });
  await database.migrate();
  const rows = async (query) => (await database.db.execute(query)).rows;
  const [tenant] = await rows(sql`SELECT id FROM tenant WHERE name = ${LARGE_TENANT}`);
  if (!tenant) throw new Error('no bench data here: run npm run bench:feed:data -- --reset first');
  return Object.assign(data, { database, db: database.db, rows, tenantId: tenant.id });
}
