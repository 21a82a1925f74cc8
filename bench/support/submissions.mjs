// What forms.bench.mjs needs beyond lib.mjs to compare a whole company submitting one quiz with the same load
// spread over many organisations and with what PostgreSQL alone commits: the organisations of the spread case,
// the integrity check over several items, putting the items back to unanswered between runs, the wait events,
// MultiXact traffic, WAL and CPU of a run, and the pgbench baseline.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from '@kanal/server';
import pg from 'pg';

const BASELINE_SETUP = path.join(import.meta.dirname, '..', 'submission-baseline.sql');
const BASELINE_SCRIPT = path.join(import.meta.dirname, '..', 'submission.pgbench.sql');

/** The five questions of every bench quiz: the first answer of each is the only correct one. */
export const QUIZ = Array.from({ length: 5 }, (_, i) => ({
  title: `Pitanje ${i + 1}`,
  type: i % 2 ? 'MULTIPLE' : 'SINGLE',
  answers: [{ title: 'Točno', isCorrect: true }, { title: 'Netočno' }, { title: 'Možda' }],
}));

/** An item's passing submission (every correct answer chosen), read from what the item stores. */
export async function passingAnswers(rows, tenantId, contentId) {
  const found = await rows(sql`
    SELECT q.id AS question_id, array_agg(a.id ORDER BY a.position) FILTER (WHERE a.is_correct) AS correct
    FROM question q JOIN answer a ON a.tenant_id = q.tenant_id AND a.question_id = q.id
    WHERE q.tenant_id = ${tenantId} AND q.content_id = ${contentId}
    GROUP BY q.id, q.position ORDER BY q.position`);
  return { questionAnswers: found.map((r) => ({ questionId: r.question_id, answers: r.correct.map(Number) })) };
}

const itemsList = (items) => sql.raw(items.map((i) => `(${Number(i.tenantId)}, ${Number(i.contentId)})`).join(', '));

/**
 * `count` organisations named `${prefix} N`, each with an admin (the quiz's creator) and `people` end users:
 * made as the feed data's organisations are, straight into the tables. Answers their ids and people's ids.
 */
export async function createOrganisations(rows, { prefix, count, people }) {
  const made = [];
  for (let n = 1; n <= count; n++) {
    const [t] = await rows(sql`INSERT INTO tenant (name) VALUES (${`${prefix} ${n}`}) RETURNING id`);
    const ids = await rows(sql`
      INSERT INTO app_user (tenant_id, email, name, role, active)
      SELECT ${t.id}, 'p' || g || '@spread' || ${n} || '.bench.kanal', 'Osoba ' || g,
             (CASE WHEN g = 0 THEN 'ADMIN' ELSE 'USER' END)::role, true
      FROM generate_series(0, ${people}) g
      RETURNING id`);
    const [admin, ...users] = ids.map((r) => Number(r.id));
    made.push({ tenantId: Number(t.id), admin, users });
  }
  return made;
}

export const dropOrganisations = (db, prefix) => db.execute(sql`DELETE FROM tenant WHERE name LIKE ${`${prefix} %`}`);

/**
 * Puts the items back as they were before anyone answered: no attempt, key or points, every inbox row
 * unopened, so the next run's people pass them for the first time again. One statement, so a submission
 * still in flight from the run is either gone whole or kept whole (its attempt with its key).
 */
export async function reopen(db, items) {
  const list = itemsList(items);
  await db.execute(sql`
    WITH attempts AS (DELETE FROM attempt WHERE (tenant_id, content_id) IN (${list})),
      keys AS (DELETE FROM submission_key WHERE (tenant_id, content_id) IN (${list})),
      points AS (DELETE FROM points_ledger WHERE (tenant_id, content_id) IN (${list}))
    UPDATE content_interaction SET viewed_at = NULL, finished_at = NULL
    WHERE (tenant_id, content_id) IN (${list}) AND (viewed_at IS NOT NULL OR finished_at IS NOT NULL)`);
}

/**
 * What the database holds for the items after a run: every attempt named by exactly one stored key (the key
 * row is written in the attempt's statement), no two keys naming one attempt, every acknowledged key stored.
 * Requests in flight when a run ends store a key and attempt nobody acknowledged: the totals may exceed the
 * acknowledged count, duplicates may not.
 */
export async function checkOneAttemptPerKey(rows, items, acknowledgedKeys) {
  const list = itemsList(items);
  const [found] = await rows(sql`
    SELECT (SELECT count(*) FROM attempt WHERE (tenant_id, content_id) IN (${list}))::int AS attempts,
           (SELECT count(*) FROM submission_key WHERE (tenant_id, content_id) IN (${list}))::int AS keys,
           (SELECT count(*) FROM attempt a WHERE (a.tenant_id, a.content_id) IN (${list})
              AND NOT EXISTS (SELECT 1 FROM submission_key k WHERE k.tenant_id = a.tenant_id AND k.user_id = a.user_id
                AND k.content_id = a.content_id AND (k.result->>'attemptId')::int = a.id))::int AS unkeyed,
           (SELECT count(*) - count(DISTINCT (tenant_id, result->>'attemptId')) FROM submission_key
              WHERE (tenant_id, content_id) IN (${list}))::int AS shared,
           (SELECT count(*) FROM unnest(${`{${acknowledgedKeys.join(',')}}`}::text[]) AS acked(key)
              WHERE NOT EXISTS (SELECT 1 FROM submission_key k WHERE (k.tenant_id, k.content_id) IN (${list})
                AND k.key = acked.key))::int AS lost`);
  const sound = found.unkeyed === 0 && found.shared === 0 && found.lost === 0 && found.attempts === found.keys;
  return { ...found, acknowledged: acknowledgedKeys.length, sound };
}

/**
 * What the database's active sessions wait on while `work` runs, sampled every 100 ms on a connection of its
 * own ("CPU" where a session waits on nothing), as the average number of sessions per sample; and how many
 * MultiXact ids were made meanwhile: one each time a second transaction locks a row another holds locked (the
 * foreign-key checks of concurrent submissions on one shared row did).
 */
export async function observed(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const multiXacts = async () =>
    Number(
      (await client.query('SELECT mxid_age(datminmxid) AS n FROM pg_database WHERE datname = current_database()'))
        .rows[0].n,
    );
  const waits = new Map();
  let samples = 0;
  let sampling = Promise.resolve();
  const take = async () => {
    const { rows } = await client.query(`
      SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, count(*)::int AS n
      FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'
      GROUP BY 1`);
    samples++;
    for (const r of rows) waits.set(r.wait, (waits.get(r.wait) ?? 0) + r.n);
  };
  const wal = async () => (await client.query('SELECT wal_records, wal_fpi, wal_bytes FROM pg_stat_wal')).rows[0];
  const before = await multiXacts();
  const walBefore = await wal();
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const timer = setInterval(() => {
    sampling = sampling.then(take);
  }, 100);
  try {
    const result = await work();
    clearInterval(timer);
    await sampling;
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds();
    const multiXact = (await multiXacts()) - before;
    const walAfter = await wal();
    const average = [...waits]
      .map(([wait, n]) => ({ wait, sessions: n / Math.max(1, samples) }))
      .sort((a, b) => b.sessions - a.sessions);
    const walMade = Object.fromEntries(
      Object.keys(walAfter).map((k) => [k, Number(walAfter[k]) - Number(walBefore[k])]),
    );
    const cores = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k] - cpuBefore[k]) / seconds]));
    return { result, waits: average, multiXact, wal: walMade, cores };
  } finally {
    clearInterval(timer);
    await client.end();
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ: /proc's CPU times are in these on every Linux this runs on

/**
 * CPU seconds used so far by this process (the bench hosts the server), by the machine's PostgreSQL
 * processes, and by everything else (the load tool, pgbench), from /proc: where a run's two cores go.
 */
function cpuSeconds() {
  const total = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 4).map(Number);
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!stat.includes('(postgres)')) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, and the children's reaped (the postmaster's: backends that ended, such as pgbench's)
    postgres += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  }
  const own = process.cpuUsage();
  const server = (own.user + own.system) / 1e6;
  const busy = (total[0] + total[1] + total[2]) / TICKS_PER_SECOND;
  return { server, postgres, other: busy - server - postgres };
}

/** The baseline's tables (submission-baseline.sql), made afresh. */
export async function setUpBaseline(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(await readFile(BASELINE_SETUP, 'utf8'));
  } finally {
    await client.end();
  }
}

export async function dropBaseline(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS bench_baseline CASCADE').finally(() => client.end());
}

/** Transactions per second pgbench commits with submission.pgbench.sql at `clients` connections. */
export function pgbench(databaseUrl, clients, duration) {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', [
      '--no-vacuum',
      `--client=${clients}`,
      '--jobs=2',
      `--time=${duration}`,
      `--file=${BASELINE_SCRIPT}`,
      databaseUrl,
    ]);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const tps = out.match(/tps = ([\d.]+)/);
      const failed = out.match(/number of failed transactions: (\d+)/);
      if (code !== 0 || !tps) reject(new Error(`pgbench exited with ${code}:\n${out}`));
      else resolve({ tps: Math.round(Number(tps[1])), failed: Number(failed?.[1] ?? 0) });
    });
  });
}
