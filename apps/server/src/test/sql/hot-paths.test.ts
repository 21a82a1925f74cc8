import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeContent } from '../content-factories.js';
import { makeSession, makeTenant, makeUser } from '../factories.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The SQL of the hot paths, kept in apps/server/sql/*.sql: each call below is made once and every
// statement it runs is written there (a statement a line, parameters as $n). A change to a query then
// shows in review as a change of these files; the test fails when they differ from what runs
// (`npx vitest run --project server src/test/sql -u` writes them anew).

const statements: string[] = [];
let t: TestApp;
let token: string;
let education: number;

beforeAll(async () => {
  t = await createTestApp({
    queryLog: {
      // Transaction control is logged by one driver only (node-postgres), so it is left out for both.
      logQuery: (query) => void (/^(begin|commit|rollback)$/i.test(query) || statements.push(query)),
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
  return `${statements.map(readable).join(';\n\n')};\n`;
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
