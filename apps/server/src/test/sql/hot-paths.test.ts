import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeContent } from '../content-factories.js';
import { makeSession, makeTenant, makeUser } from '../factories.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The SQL of the hot paths, kept in apps/server/sql/*.sql: each call below is made once and every
// statement it runs is written there (a statement a line, parameters as $n). A change to a query then
// shows in review as a change of these files; the test fails when they differ from what runs
// (`npx vitest run --project server src/test/sql -u` writes them anew).

const statements: { query: string; params: unknown[] }[] = [];
let t: TestApp;
let token: string;
let education: number;

beforeAll(async () => {
  t = await createTestApp({
    queryLog: {
      // Transaction control is logged by one driver only (node-postgres), so it is left out for both.
      logQuery: (query, params) =>
        void (/^(begin|commit|rollback)$/i.test(query) || statements.push({ query, params })),
    },
  });
  const { id: tenantId } = await makeTenant(t.db);
  const user = await makeUser(t.db, { tenantId });
  token = await makeSession(t.db, user, t.clock.now());
  education = (
    await makeContent(t.db, {
      tenantId,
      creatorId: user.id,
      type: 'EDUCATION',
      questions: [{ title: 'Pitanje', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] }],
    })
  ).id;
});
afterAll(() => t.close());

/** One statement a line, its clauses broken out so that a diff points at the clause that changed. */
function readable(query: string): string {
  return query.replace(
    / (from|inner join|left join|where|group by|order by|limit|returning|on conflict|values|set) /g,
    '\n  $1 ',
  );
}

async function sqlOf(request: {
  method?: 'GET' | 'POST';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}) {
  statements.length = 0;
  const res = await t.app.inject({ ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } });
  expect(res.statusCode, res.body).toBe(200);
  return `${statements.map(({ query }) => readable(query)).join(';\n\n')};\n`;
}

/** A failing submission of the education item (its one question left empty): it stores an attempt. */
async function submission() {
  const res = await t.app.inject({
    url: `/api/mobile/content/${education}/questions`,
    headers: { authorization: `Bearer ${token}` },
  });
  const questions: { id: number }[] = res.json().payload.questions;
  return {
    method: 'POST' as const,
    url: `/api/mobile/content/${education}/form/attempt`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { questionAnswers: questions.map((q) => ({ questionId: q.id, answers: [] })) },
  };
}

type Request = Parameters<typeof sqlOf>[0];
const HOT_PATHS: { file: string; request: () => Request | Promise<Request> }[] = [
  { file: 'auth-me', request: () => ({ url: '/api/auth/me' }) },
  { file: 'feed', request: () => ({ url: '/api/mobile/content/list/new' }) },
  { file: 'content-detail', request: () => ({ url: `/api/mobile/content/${education}` }) },
  { file: 'questions', request: () => ({ url: `/api/mobile/content/${education}/questions` }) },
  { file: 'submission', request: submission },
  { file: 'archive-page', request: () => ({ url: '/api/mobile/content/list/finished?contentTypes=EDUCATION' }) },
  { file: 'archive-attempted', request: () => ({ url: '/api/mobile/content/list/new-with-attempts' }) },
  { file: 'archive-filters', request: () => ({ url: '/api/mobile/content/list/filters' }) },
];

for (const { file, request } of HOT_PATHS) {
  it(`keeps the SQL of ${file} under review`, async () => {
    await expect(await sqlOf(await request())).toMatchFileSnapshot(`../../../sql/${file}.sql`);
  });
}

type PlanNode = Record<string, unknown>;

/** A plan's nodes, the node itself first. */
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...((plan.Plans ?? []) as PlanNode[]).flatMap(nodesOf)];

/** A plan's nodes that read `relation`, as [node type, index]. */
const scansOf = (plan: PlanNode, relation: string): [unknown, unknown][] =>
  nodesOf(plan)
    .filter((node) => node['Relation Name'] === relation)
    .map((node) => [node['Node Type'], node['Index Name']]);

/** A logged parameter written into the statement's text, for EXPLAIN. */
const literal = (v: unknown) =>
  v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : String(v);

/** The plan of one EXPLAIN (FORMAT JSON): both drivers parse the json column, one row holding [{ Plan }]. */
async function planOf(run: (text: string) => Promise<unknown[]>, explain: string): Promise<PlanNode> {
  const [explained] = (await run(explain)) as { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
  if (!explained) throw new Error(`no plan for ${explain}`);
  return explained['QUERY PLAN'][0].Plan;
}

it('counts and pages the feed by index only, custom and generic plan alike', async () => {
  await sqlOf({ url: '/api/mobile/content/list/new' });
  const [feed] = statements;
  if (!feed) throw new Error('the feed ran no statement');
  // Index-only needs the visibility map to say the inbox pages are all-visible, as autovacuum keeps it.
  await t.db.execute(sql`VACUUM content_interaction`);
  const scans = await t.db.transaction(async (tx) => {
    const run = async (text: string) => ((await tx.execute(sql.raw(text))) as { rows: unknown[] }).rows;
    // The test's inbox is a few rows, where a sequential scan is cheapest: take it off the table.
    await run('SET LOCAL enable_seqscan = off');
    await run(`PREPARE feed_plan AS ${feed.query}`);
    const found: Record<string, [unknown, unknown][]> = {};
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await run(`SET LOCAL plan_cache_mode = ${mode}`);
      const plan = await planOf(run, `EXPLAIN (FORMAT JSON) EXECUTE feed_plan(${feed.params.map(literal).join(', ')})`);
      found[mode] = scansOf(plan, 'content_interaction');
    }
    await run('DEALLOCATE feed_plan');
    return found;
  });
  const byIndexOnly = [
    ['Index Only Scan', 'content_interaction_feed_idx'],
    ['Index Only Scan', 'content_interaction_feed_idx'],
  ];
  expect(scans).toEqual({ force_custom_plan: byIndexOnly, force_generic_plan: byIndexOnly });
});

it('searches the staff list in one bitmap scan of its own tenant’s and type’s part of the trigram index', async () => {
  // Tenants of 10,000 and 200 items, a seventh of them in the category searched for (bench:content's data),
  // so that the planner weighs the indexes as it does there.
  const tenants = [(await makeTenant(t.db)).id, (await makeTenant(t.db)).id];
  const staff = await Promise.all(tenants.map((tenantId) => makeUser(t.db, { tenantId, role: 'ADMIN' })));
  for (const [{ tenantId, id }, items] of staff.map((s, i) => [s, i === 0 ? 10_000 : 200] as const)) {
    await t.db.execute(sql`INSERT INTO content (tenant_id, type, name, category, creator_id, status)
      SELECT ${tenantId}, 'INFORMATION', 'Obavijest ' || g,
        (ARRAY['Sigurnost', 'Prodaja', 'HR', 'Kvaliteta', 'Novosti', 'Edukacija', NULL])[1 + g % 7], ${id}, 'published'
      FROM generate_series(1, ${items}::int) g`);
  }
  // As autovacuum leaves it: statistics, and the GIN index’s pending list merged into the index.
  await t.db.execute(sql`VACUUM ANALYZE content`);
  const [admin] = staff;
  if (!admin) throw new Error('no staff');
  await sqlOf({
    url: '/api/content?q=sigurnost&type=INFORMATION',
    headers: { authorization: `Bearer ${await makeSession(t.db, admin, t.clock.now())}` },
  });
  const search = statements.find(({ query }) => query.includes(' LIKE '));
  if (!search) throw new Error('the search ran no LIKE');
  const plan = await t.db.transaction(async (tx) => {
    const run = async (text: string) => ((await tx.execute(sql.raw(text))) as { rows: unknown[] }).rows;
    // A table of a few thousand rows is read whole most cheaply: take that off the table, as for the feed.
    await run('SET LOCAL enable_seqscan = off');
    const text = search.query.replace(/\$(\d+)/g, (_, n: string) => literal(search.params[Number(n) - 1]));
    return planOf(run, `EXPLAIN (FORMAT JSON) ${text}`);
  });
  const byIndex = nodesOf(plan)
    .filter((node) => node['Index Name'])
    .map((node) => [node['Node Type'], node['Index Name'], String(node['Index Cond'])]);
  // The tenant and the type are the index's own conditions, beside the words.
  expect(byIndex).toContainEqual([
    'Bitmap Index Scan',
    'content_search_idx',
    expect.stringMatching(/tenant_id = \d+.*type = 'INFORMATION'.*search_text ~~/),
  ]);
});
