// npm run bench:feed:data -- [--reset] [--users N] [--groups N] [--items N] [--seed N]
//
// The home-feed benchmark's data set, reproducible (mulberry32 with a fixed seed; item ids come out the
// same because items are written one after the other). Needs the built server (npx tsc -b
// packages/contract apps/server). Target: DATABASE_URL (PostgreSQL; use a dedicated database such as
// postgres://postgres@127.0.0.1:5432/kanal_bench_feed — --reset drops and recreates it through the
// `postgres` admin database of the same server), otherwise PGlite under DATA_DIR (default
// ./data/bench-feed, the database in DATA_DIR/pglite as the product opens it).
//
// Large tenant: 100,000 users on PostgreSQL, 10,000 on PGlite (--users); groups, items and the small
// tenant scale with it (200 groups and 10,000 items at 100,000 users), so that every user's feed has
// the same shape at either size: ~3 groups each, ~200 items in the inbox (≈ 20 M inbox rows at full
// size). Items (content, audience, material, questions, task) are written by the product's own
// content authoring, one transaction each. The inboxes (content_interaction) are then filled by one
// set-based statement that mirrors the inbox's audience query — 10,000 per-item syncs take ~25 min
// here — and the product's own sync is run on a sample of items to prove it finds nothing to change.
// ~10 % of the inbox rows are viewed (60 % of those finished): ~2,000,000 interactions at full size.

import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { richDocOf } from '@kanal/contract';
import { createContentServices, loadConfig, openDatabase, sql } from '@kanal/server';
import { LARGE_TENANT, parseArgs } from './support/lib.mjs';

const root = path.resolve(import.meta.dirname, '..');

export const SMALL_TENANT = 'Bench Feed Small';

/** The generator's PRNG: small, fast and the same everywhere. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const FIRST = [
  'Ana',
  'Ivan',
  'Marija',
  'Luka',
  'Petra',
  'Marko',
  'Iva',
  'Josip',
  'Lucija',
  'Tomislav',
  'Maja',
  'Filip',
];
const LAST = ['Horvat', 'Kovačević', 'Babić', 'Marić', 'Jurić', 'Novak', 'Knežević', 'Vuković', 'Marković', 'Petrović'];
const CATEGORIES = ['Sigurnost', 'Prodaja', 'HR', 'Kvaliteta', 'Novosti', 'Edukacija', null];
const intArray = (xs) => `{${xs.join(',')}}`;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const env = {
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data/bench-feed'),
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig(env);
  const postgres = Boolean(config.databaseUrl);
  const users = opts.users ?? (postgres ? 100_000 : 10_000);
  const scale = users / 100_000;
  const groups = opts.groups ?? Math.max(10, Math.round(200 * scale));
  const items = opts.items ?? Math.max(100, Math.round(10_000 * scale));
  const seed = opts.seed ?? 20240601;
  // "Now" is fixed per run only for the spread of dates; items are dated relative to it.
  const now = Date.now();
  const phases = [];
  let t0 = performance.now();
  const phase = (name, extra = '') => {
    const t = performance.now();
    phases.push([name, ((t - t0) / 1000).toFixed(1), extra]);
    console.log(`  ${name}: ${((t - t0) / 1000).toFixed(1)} s ${extra}`);
    t0 = t;
  };

  console.log(
    `Generating on ${postgres ? `PostgreSQL ${redact(config.databaseUrl)}` : `PGlite ${config.dataDir}/pglite`}: ` +
      `${users} users, ${groups} groups, ${items} items (seed ${seed})`,
  );
  if (opts.reset) {
    if (postgres) await recreatePostgresDatabase(config.databaseUrl);
    else await rm(config.dataDir, { recursive: true, force: true });
  } else if (postgres) {
    await createPostgresDatabaseIfMissing(config.databaseUrl);
  }
  const database = await openDatabase(config);
  const { db } = database;
  const rows = async (query) => (await db.execute(query)).rows;
  try {
    await database.migrate();
    const existing = await rows(sql`SELECT id FROM tenant WHERE name IN (${LARGE_TENANT}, ${SMALL_TENANT})`);
    if (existing.length) throw new Error('the bench tenants exist already: run with --reset');
    phase('reset + migrate');

    const rand = mulberry32(seed);
    const large = await makeTenant(db, rows, rand, {
      name: LARGE_TENANT,
      slug: 'large',
      users,
      groups,
      items,
      now,
      phase,
    });
    const small = await makeTenant(db, rows, rand, {
      name: SMALL_TENANT,
      slug: 'small',
      users: Math.max(200, Math.round(users / 50)),
      groups: 10,
      items: Math.max(20, Math.round(items / 50)),
      now,
      phase: (name, extra) => phase(`small tenant: ${name}`, extra),
    });

    const inbox = await fillInboxes(db, [large.tenantId, small.tenantId], now);
    phase('inboxes, set-based (+ viewed/finished)', `(${inbox} rows)`);
    await checkAgainstSyncAudience(db, rows, large.tenantId, rand);
    await checkAgainstSyncAudience(db, rows, small.tenantId, rand);
    phase('check: the inbox sync on a sample changes nothing');

    await db.execute(sql`VACUUM ANALYZE`);
    phase('vacuum analyze');

    const [counts] = await rows(sql`
      SELECT (SELECT count(*) FROM app_user)::int AS users,
             (SELECT count(*) FROM group_member)::int AS memberships,
             (SELECT count(*) FROM content)::int AS items,
             (SELECT count(*) FROM content_interaction)::int AS inbox,
             (SELECT count(*) FROM content_interaction WHERE viewed_at IS NOT NULL)::int AS viewed,
             (SELECT count(*) FROM content_interaction WHERE finished_at IS NOT NULL)::int AS finished,
             pg_size_pretty(pg_total_relation_size('content_interaction')) AS inbox_size`);
    const [perUser] = await rows(sql`
      SELECT round(avg(n))::int AS avg, percentile_disc(0.5) WITHIN GROUP (ORDER BY n)::int AS p50,
             max(n)::int AS max
      FROM (SELECT count(*) AS n FROM content_interaction
            WHERE tenant_id = ${large.tenantId} AND finished_at IS NULL GROUP BY user_id) x`);
    console.log('\nDone.', JSON.stringify(counts));
    console.log('Unfinished inbox rows per user of the large tenant:', JSON.stringify(perUser));
    console.log(`Tenants: large ${large.tenantId}, small ${small.tenantId}`);
    console.log('\n| phase | s | |\n|---|---:|---|');
    for (const [name, s, extra] of phases) console.log(`| ${name} | ${s} | ${extra} |`);
    const total = phases.reduce((a, p) => a + Number(p[1]), 0);
    console.log(`| total | ${total.toFixed(1)} | |`);
  } finally {
    await database.close();
  }
}

async function makeTenant(db, rows, rand, { name, slug, users, groups, items, now, phase }) {
  const [t] = await rows(sql`INSERT INTO tenant (name) VALUES (${name}) RETURNING id`);
  const tenantId = t.id;

  // Users: a handful of admins and creators, the rest end users; ~2 % deactivated (they get nothing).
  // Each with its sign-in identifier, as createAccounts writes it, in the same statement.
  await db.execute(sql`
    WITH created AS (
      INSERT INTO app_user (tenant_id, email, name, role, active, created_at)
      SELECT ${tenantId}, 'u' || g || '@' || ${slug} || '.bench.kanal',
             (${sql.raw(`ARRAY[${FIRST.map((n) => `'${n}'`).join(',')}]`)})[1 + g % ${FIRST.length}] || ' ' ||
             (${sql.raw(`ARRAY[${LAST.map((n) => `'${n}'`).join(',')}]`)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
             (CASE WHEN g <= 3 THEN 'ADMIN' WHEN g <= 20 THEN 'CREATOR' ELSE 'USER' END)::role,
             g <= 20 OR g % 50 <> 7,
             now() - interval '400 days'
      FROM generate_series(1, ${users}) g
      RETURNING tenant_id, id, email)
    INSERT INTO login_identifier (identifier, tenant_id, user_id) SELECT lower(email), tenant_id, id FROM created`);
  const userIds = (await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} ORDER BY id`)).map((r) =>
    Number(r.id),
  );
  const creators = userIds.slice(3, 20);
  phase('users', `(${users})`);

  // Groups of uneven size (a few departments are big), ~3 memberships per user.
  await db.execute(sql`
    INSERT INTO user_group (tenant_id, name)
    SELECT ${tenantId}, 'Grupa ' || lpad(g::text, 3, '0') FROM generate_series(1, ${groups}) g`);
  const groupIds = (await rows(sql`SELECT id FROM user_group WHERE tenant_id = ${tenantId} ORDER BY id`)).map((r) =>
    Number(r.id),
  );
  const memberGroups = [];
  const memberUsers = [];
  for (const userId of userIds) {
    const k = 2 + Math.floor(rand() * 3); // 2, 3 or 4
    const mine = new Set();
    while (mine.size < k) mine.add(groupIds[Math.floor(groupIds.length * rand() ** 1.4)]);
    for (const g of mine) {
      memberGroups.push(g);
      memberUsers.push(userId);
    }
  }
  for (let i = 0; i < memberUsers.length; i += 100_000) {
    await db.execute(sql`
      INSERT INTO group_member (tenant_id, group_id, user_id)
      SELECT ${tenantId}, unnest(${intArray(memberGroups.slice(i, i + 100_000))}::int[]),
             unnest(${intArray(memberUsers.slice(i, i + 100_000))}::int[])`);
  }
  phase('groups + memberships', `(${groups} groups, ${memberUsers.length} memberships)`);

  // Items, one transaction each, through the product's content authoring: content, audience (groups and
  // people), material, questions, task. They are written as drafts (whose sync is a no-op) and get their
  // real status afterwards, so that the inboxes can be filled in one set-based statement (fillInboxes).
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const ids = [];
  const statuses = [];
  const started = performance.now();
  for (let i = 0; i < items; i++) {
    const input = makeItem(i, { tenantId, creators, userIds, groupIds, now, rand, pick });
    const status = input.archive ? 'archived' : input.content.status;
    ids.push(await createContentServices(db).authoring.create({ ...input.content, status: 'draft' }));
    statuses.push(status);
    if ((i + 1) % 2000 === 0) {
      process.stdout.write(`    ${i + 1}/${items} items, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
  }
  await db.execute(sql`
    UPDATE content c SET status = s.status::content_status
    FROM (SELECT unnest(${intArray(ids)}::int[]) AS id, unnest(${`{${statuses.join(',')}}`}::text[]) AS status) s
    WHERE c.tenant_id = ${tenantId} AND c.id = s.id`);
  phase('items via content authoring', `(${items} items)`);
  return { tenantId };
}

function makeItem(i, { tenantId, creators, userIds, groupIds, now, rand, pick }) {
  const r = rand();
  const type = r < 0.35 ? 'INFORMATION' : r < 0.6 ? 'EDUCATION' : r < 0.8 ? 'TASK' : r < 0.9 ? 'POLL' : 'INQUIRY';
  const s = rand();
  // ~1 % drafts, ~1 % scheduled for the coming month, ~2 % archived, the rest published in the past year.
  const status = s < 0.01 ? 'draft' : s < 0.02 ? 'scheduled' : 'published';
  const archive = s >= 0.02 && s < 0.04;
  const publishAt =
    status === 'scheduled' ? new Date(now + (1 + rand() * 29) * DAY) : new Date(now - rand() * 365 * DAY);
  const a = rand();
  let audience;
  if (a < 0.001 || i === 0) audience = 'all';
  else if (a < 0.1) {
    const n = Math.min(5 + Math.floor(rand() * 300), Math.floor(userIds.length / 2));
    const people = new Set();
    while (people.size < n) people.add(pick(userIds));
    audience = { users: [...people] };
  } else {
    const g = rand();
    const n = g < 0.65 ? 1 : g < 0.9 ? 2 : 3;
    const chosen = new Set();
    while (chosen.size < n) chosen.add(pick(groupIds));
    audience = { groups: [...chosen] };
    if (rand() < 0.1) audience.users = [pick(userIds), pick(userIds)];
  }
  const questions = (count) =>
    Array.from({ length: count }, (_, q) => ({
      title: `Pitanje ${q + 1}`,
      type: 'SINGLE',
      answers: [0, 1, 2].map((k) => ({ title: `Odgovor ${k + 1}`, isCorrect: k === 0 })),
    }));
  const content = {
    tenantId,
    creatorId: pick(creators),
    type,
    name: `${type[0]}${type.slice(1).toLowerCase()} ${i + 1}`,
    description: `Opis sadržaja ${i + 1}: ${'kratki tekst '.repeat(1 + Math.floor(rand() * 8)).trim()}`,
    category: pick(CATEGORIES),
    publishAt,
    status,
    settings: {
      comments: rand() < 0.3,
      passingScore: type === 'EDUCATION' ? 0.5 + Math.floor(rand() * 5) / 10 : null,
      timeRestriction: type === 'EDUCATION' && rand() < 0.5 ? 60 : null,
    },
    audience,
    ...(type === 'EDUCATION' || type === 'INFORMATION'
      ? {
          material: {
            doc: richDocOf(`Materijal ${i + 1}`),
            link: rand() < 0.2 ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null,
          },
        }
      : {}),
    ...(type === 'EDUCATION'
      ? { questions: questions(3) }
      : type === 'POLL' || type === 'INQUIRY'
        ? { questions: questions(2) }
        : {}),
    ...(type === 'TASK'
      ? {
          task: {
            deadline: rand() < 0.8 ? new Date(publishAt.getTime() + (1 + Math.floor(rand() * 14)) * DAY) : null,
            repeat: rand() < 0.85 ? 'NO_REPEAT' : 'WEEKLY',
            reminderMinutes: rand() < 0.5 ? 60 : null,
          },
        }
      : {}),
  };
  return { content, archive };
}

/**
 * What the inbox's sync (modules/inbox/inbox.repository.ts, audienceOf + addMissing) writes, for every item of
 * the tenants at once: a row per active user aimed at (all / groups / people) of every live or archived
 * item (archived ones were live before), carrying the item's publish_at and task flag. Written in item
 * order, as items arrive in production, so a user's rows are spread over the table as they would be.
 * Viewed / finished come along: older items are more often opened, ~60 % of the opened ones finished,
 * chosen by a hash of (user, item) so that every run is the same; only items live and due by now.
 * For speed the table's keys, indexes and foreign keys are dropped during the load and recreated from
 * their own definitions (pg_get_constraintdef / pg_indexes) afterwards, which also validates them.
 */
async function fillInboxes(db, tenantIds, now) {
  const nowIso = new Date(now).toISOString();
  const tenants = sql.raw(tenantIds.map(Number).join(','));
  const { rows: constraints } = await db.execute(sql`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def, contype AS type FROM pg_constraint
    WHERE conrelid = 'content_interaction'::regclass AND contype IN ('p', 'f') ORDER BY contype DESC`);
  const { rows: indexes } = await db.execute(sql`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE tablename = 'content_interaction' AND indexname NOT IN (
      SELECT conname FROM pg_constraint WHERE conrelid = 'content_interaction'::regclass)`);
  const [{ n: before }] = (await db.execute(sql`SELECT count(*)::int AS n FROM content_interaction`)).rows;
  if (before !== 0) throw new Error('content_interaction is not empty');
  await db.transaction(async (tx) => {
    for (const c of constraints)
      await tx.execute(sql.raw(`ALTER TABLE content_interaction DROP CONSTRAINT "${c.name}"`));
    for (const i of indexes) await tx.execute(sql.raw(`DROP INDEX "${i.name}"`));
    await tx.execute(sql.raw("SET LOCAL work_mem = '256MB'"));
    await tx.execute(sql`
      INSERT INTO content_interaction (tenant_id, user_id, content_id, publish_at, is_task, deadline, live, viewed_at, finished_at)
      SELECT x.tenant_id, x.user_id, x.content_id, x.publish_at, x.is_task, x.deadline, x.live,
             CASE WHEN x.opened THEN least(x.publish_at + (x.r * 40 + 1) * interval '1 hour', ${nowIso}::timestamptz) END,
             CASE WHEN x.opened AND x.r < x.threshold * 0.6
                  THEN least(x.publish_at + (x.r * 40 + 1.5) * interval '1 hour', ${nowIso}::timestamptz) END
      FROM (
        SELECT a.tenant_id, a.user_id, a.content_id, c.publish_at, c.type = 'TASK' AS is_task, t.deadline, h.r, h.threshold,
               c.status IN ('published', 'scheduled') AS live,
               c.status IN ('published', 'archived') AND c.publish_at <= ${nowIso}::timestamptz AND h.r < h.threshold AS opened
        FROM (
          SELECT c.tenant_id, c.id AS content_id, u.id AS user_id
            FROM content c JOIN app_user u ON u.tenant_id = c.tenant_id AND u.active
            WHERE c.tenant_id IN (${tenants}) AND c.audience_all
          UNION
          SELECT ag.tenant_id, ag.content_id, u.id FROM content_audience_group ag
            JOIN group_member gm ON gm.tenant_id = ag.tenant_id AND gm.group_id = ag.group_id
            JOIN app_user u ON u.tenant_id = gm.tenant_id AND u.id = gm.user_id AND u.active
            WHERE ag.tenant_id IN (${tenants})
          UNION
          SELECT au.tenant_id, au.content_id, u.id FROM content_audience_user au
            JOIN app_user u ON u.tenant_id = au.tenant_id AND u.id = au.user_id AND u.active
            WHERE au.tenant_id IN (${tenants})
        ) a
        JOIN content c ON c.tenant_id = a.tenant_id AND c.id = a.content_id
          AND c.status IN ('published', 'scheduled', 'archived')
        LEFT JOIN task t ON t.tenant_id = c.tenant_id AND t.content_id = c.id
        CROSS JOIN LATERAL (SELECT
          (hashint8(a.user_id::bigint * 1000003 + a.content_id) & 1048575) / 1048576.0 AS r,
          0.02 + 0.15 * extract(epoch FROM (${nowIso}::timestamptz - c.publish_at)) / 31536000.0 AS threshold) h
      ) x
      ORDER BY x.content_id, x.user_id`);
    for (const i of indexes) await tx.execute(sql.raw(i.def));
    for (const c of constraints) {
      await tx.execute(sql.raw(`ALTER TABLE content_interaction ADD CONSTRAINT "${c.name}" ${c.def}`));
    }
  });
  const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM content_interaction`)).rows;
  return n;
}

/**
 * The proof that the inboxes are the product's: for a sample of items (live ones, plus an "everyone"
 * item), run the product's own inbox sync and require that it finds nothing to add, remove or
 * correct (the item's rows hash the same before and after).
 */
async function checkAgainstSyncAudience(db, rows, tenantId, rand) {
  const live = await rows(sql`
    SELECT id, audience_all FROM content
    WHERE tenant_id = ${tenantId} AND status IN ('published', 'scheduled') ORDER BY id`);
  const sample = Array.from({ length: Math.min(30, live.length) }, () => live[Math.floor(rand() * live.length)]);
  const all = live.find((c) => c.audience_all);
  if (all) sample.push(all);
  const fingerprint = async (tx, id) =>
    (
      await tx.execute(sql`
        SELECT count(*)::int AS n,
               md5(string_agg(user_id || ':' || publish_at || ':' || is_task || ':' || coalesce(deadline::text, '') || ':' || live
                   || ':' || coalesce(viewed_at::text, '')
                   || ':' || coalesce(finished_at::text, ''), ',' ORDER BY user_id)) AS hash
        FROM content_interaction WHERE tenant_id = ${tenantId} AND content_id = ${id}`)
    ).rows[0];
  let rowsChecked = 0;
  for (const item of sample) {
    await db.transaction(async (tx) => {
      const before = await fingerprint(tx, item.id);
      await createContentServices(tx).authoring.syncAudience(tenantId, item.id);
      const after = await fingerprint(tx, item.id);
      if (before.n !== after.n || before.hash !== after.hash) {
        throw new Error(`item ${item.id}: the inbox sync changed its rows (${JSON.stringify({ before, after })})`);
      }
      rowsChecked += before.n;
    });
  }
  console.log(
    `    tenant ${tenantId}: ${sample.length} items, ${rowsChecked} inbox rows, identical after the inbox sync`,
  );
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

function adminUrl(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name) || name === 'postgres') {
    throw new Error(`use a dedicated database for the bench (e.g. …/kanal_bench_feed), not "${name}"`);
  }
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

async function recreatePostgresDatabase(url) {
  const { admin, name } = adminUrl(url);
  const database = await openDatabase(loadConfig({ DATABASE_URL: admin }));
  try {
    await database.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await database.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  } finally {
    await database.close();
  }
}

async function createPostgresDatabaseIfMissing(url) {
  const { admin, name } = adminUrl(url);
  const database = await openDatabase(loadConfig({ DATABASE_URL: admin }));
  try {
    const { rows } = await database.db.execute(sql`SELECT 1 FROM pg_database WHERE datname = ${name}`);
    if (!rows.length) await database.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
