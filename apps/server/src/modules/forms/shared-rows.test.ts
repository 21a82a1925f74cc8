import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import {
  attempt,
  attemptAnswer,
  content,
  contentReach,
  pointsLedger,
  pollResponse,
  question,
  questionCheck,
  submissionKey,
  tenant,
} from '../../db/schema/index.js';
import { makeContent } from '../../test/content-factories.js';
import { call, makePerson, makeTenant } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A whole company answering one quiz on one morning (ADR 0052): a submission writes only rows of its own person,
// so it leaves the rows every submission of the item shares (the item's and its questions') as it found them,
// and what the dropped foreign keys cascaded is done by the deleting statement.

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
});
afterAll(() => t.close());

type Form = { questions: { id: number; answers: { id: number; title: string }[] }[] };
const QUESTIONS = [
  { title: 'Prvo?', type: 'SINGLE' as const, answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
  { title: 'Drugo?', type: 'SINGLE' as const, answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
];

async function itemWithAnswers(type: 'EDUCATION' | 'POLL') {
  const creator = await makePerson(t.db, tenantId, { role: 'CREATOR' });
  const person = await makePerson(t.db, tenantId);
  const { id } = await makeContent(t.db, {
    tenantId,
    creatorId: creator.id,
    type,
    audience: { users: [person.id] },
    settings: type === 'EDUCATION' ? { passingScore: 0.5 } : {},
    questions: QUESTIONS,
  });
  const form = (await call(t, { url: `/api/mobile/content/${id}/questions`, token: person.token })).json()
    .payload as Form;
  const [first] = form.questions;
  // 'Da' is the right answer of every question (and a poll's choice).
  const right = (q: Form['questions'][number]) => q.answers.filter((a) => a.title === 'Da').map((a) => a.id);
  return { id, person, form, first, right };
}

/** The transaction id locking or deleting each row of the item and its questions (xmax: 0 when none ever has). */
const lockersOf = async (contentId: number) =>
  rowsOf<{ xmax: string }>(
    await t.db.execute(sql`
      SELECT xmax::text FROM content WHERE tenant_id = ${tenantId} AND id = ${contentId}
      UNION ALL
      SELECT xmax::text FROM question WHERE tenant_id = ${tenantId} AND content_id = ${contentId}`),
  ).map((r) => r.xmax);

describe('a submission', () => {
  it('leaves the rows of the item and its questions unlocked', async () => {
    const { id, person, form, first, right } = await itemWithAnswers('EDUCATION');
    const before = await lockersOf(id);
    // An answer checked on the way (a row of the run) and the submission that passes (attempt, answers, key,
    // points): before ADR 0052 each foreign key to the item or a question locked that row FOR KEY SHARE.
    const checked = await call(t, {
      method: 'POST',
      url: `/api/mobile/content/${id}/questions/${first?.id}/check`,
      token: person.token,
      body: { answers: first ? right(first) : [] },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const submitted = await call(t, {
      method: 'POST',
      url: `/api/mobile/content/${id}/form/attempt`,
      token: person.token,
      headers: { 'idempotency-key': 'bez-zakljucavanja' },
      body: { questionAnswers: form.questions.map((q) => ({ questionId: q.id, answers: right(q) })) },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().payload).toMatchObject({ passed: true, finished: true });
    expect(await lockersOf(id)).toEqual(before);
  });

  it("plans the counters' trigger statements once, not at every submission (migration 0049)", async () => {
    // PL/pgSQL plans a statement for its variables' values until a generic plan looks as cheap, which for the
    // triggers' arrays of changes it never did: a quarter of PostgreSQL's time under load went to planning.
    // A later CREATE OR REPLACE of one of these functions drops the setting unless it is written again.
    const functions = rowsOf<{ name: string; config: string[] | null }>(
      await t.db.execute(sql`SELECT DISTINCT p.proname AS name, p.proconfig AS config
          FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid
          WHERE NOT g.tgisinternal AND g.tgrelid IN ('content_interaction'::regclass, 'attempt'::regclass)
          ORDER BY 1`),
    );
    expect(functions.map((f) => f.name)).toEqual([
      'kanal_activity_from_attempts',
      'kanal_activity_from_inbox',
      'kanal_content_reach',
      'kanal_group_reach_from_inbox',
    ]);
    for (const f of functions) expect(f.config, f.name).toContain('plan_cache_mode=force_generic_plan');
  });
});

describe('deleting', () => {
  const countsOf = async (contentId: number) => {
    const where = <T extends { tenantId: unknown; contentId: unknown }>(table: T) =>
      and(eq(table.tenantId as never, tenantId), eq(table.contentId as never, contentId));
    const n = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      attempts: await n(t.db.select().from(attempt).where(where(attempt))),
      answers: await n(
        t.db
          .select()
          .from(attemptAnswer)
          .innerJoin(
            attempt,
            and(eq(attempt.tenantId, attemptAnswer.tenantId), eq(attempt.id, attemptAnswer.attemptId)),
          )
          .where(where(attempt)),
      ),
      keys: await n(t.db.select().from(submissionKey).where(where(submissionKey))),
      points: await n(t.db.select().from(pointsLedger).where(where(pointsLedger))),
      poll: await n(t.db.select().from(pollResponse).where(where(pollResponse))),
      checks: await n(t.db.select().from(questionCheck).where(where(questionCheck))),
      counters: await n(t.db.select().from(contentReach).where(where(contentReach))),
    };
  };

  it('an item deletes its attempts, answers, keys, points, poll answers, checks and counters', async () => {
    const quiz = await itemWithAnswers('EDUCATION');
    const poll = await itemWithAnswers('POLL');
    const submit = (item: typeof quiz, key: string, answers: (q: Form['questions'][number]) => number[]) =>
      call(t, {
        method: 'POST',
        url: `/api/mobile/content/${item.id}/form/attempt`,
        token: item.person.token,
        headers: { 'idempotency-key': key },
        body: { questionAnswers: item.form.questions.map((q) => ({ questionId: q.id, answers: answers(q) })) },
      });
    // A failed attempt keeps the run open: a check recorded after it stays until the next submission.
    expect((await submit(quiz, 'prvi-pad', () => [])).statusCode).toBe(200);
    expect((await submit(quiz, 'drugi-prolaz', quiz.right)).statusCode).toBe(200);
    expect((await submit(poll, 'anketa-odgovor', poll.right)).statusCode).toBe(200);
    await t.db.insert(questionCheck).values({
      tenantId,
      userId: quiz.person.id,
      contentId: quiz.id,
      questionId: quiz.first?.id ?? 0,
      answerIds: [],
      checkedAt: new Date(),
    });
    expect(await countsOf(quiz.id)).toMatchObject({ attempts: 2, answers: 4, keys: 2, points: 1, poll: 0, checks: 1 });
    expect((await countsOf(quiz.id)).counters).toBeGreaterThan(0);
    expect(await countsOf(poll.id)).toMatchObject({ keys: 1, poll: 2 });

    await t.db.delete(content).where(and(eq(content.tenantId, tenantId), eq(content.id, quiz.id)));
    await t.db.delete(content).where(and(eq(content.tenantId, tenantId), eq(content.id, poll.id)));
    const none = { attempts: 0, answers: 0, keys: 0, points: 0, poll: 0, checks: 0, counters: 0 };
    expect(await countsOf(quiz.id)).toEqual(none);
    expect(await countsOf(poll.id)).toEqual(none);
  });

  it("an organisation deletes its polls' anonymous answers with its items", async () => {
    const poll = await itemWithAnswers('POLL');
    const answered = await call(t, {
      method: 'POST',
      url: `/api/mobile/content/${poll.id}/form/attempt`,
      token: poll.person.token,
      body: { questionAnswers: poll.form.questions.map((q) => ({ questionId: q.id, answers: poll.right(q) })) },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await countsOf(poll.id)).toMatchObject({ poll: 2 });
    await t.db.delete(tenant).where(eq(tenant.id, tenantId));
    expect(await countsOf(poll.id)).toMatchObject({ poll: 0 });
    tenantId = (await makeTenant(t.db)).id;
  });

  it('a question deletes what was answered to it, and only that', async () => {
    const poll = await itemWithAnswers('POLL');
    const answered = await call(t, {
      method: 'POST',
      url: `/api/mobile/content/${poll.id}/form/attempt`,
      token: poll.person.token,
      body: { questionAnswers: poll.form.questions.map((q) => ({ questionId: q.id, answers: poll.right(q) })) },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await t.db.delete(question).where(and(eq(question.tenantId, tenantId), eq(question.id, poll.first?.id ?? 0)));
    const left = await t.db
      .select({ questionId: pollResponse.questionId })
      .from(pollResponse)
      .where(and(eq(pollResponse.tenantId, tenantId), eq(pollResponse.contentId, poll.id)));
    expect(left).toEqual([{ questionId: poll.form.questions[1]?.id }]);
  });
});
