import { randomUUID } from 'node:crypto';
import {
  type AnswerCheck,
  HOUR_MS,
  MINUTE_MS,
  type QuestionList,
  SESSION_TTL_MS,
  type SubmissionResult,
} from '@kanal/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  answer,
  appUser,
  attempt,
  attemptAnswer,
  contentInteraction,
  pointsLedger,
  pollResponse,
  question,
  questionCheck,
  session,
  submissionKey,
  tenant,
} from '../../db/schema/index.js';
import { changeStatus, makeContent } from '../../test/content-factories.js';
import { call, makeOrg, makePerson } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/** Sees every statement as it is sent, for a test that acts at a given moment of a request. */
let onQuery: ((query: string) => void) | undefined;
beforeAll(async () => {
  t = await createTestApp({ queryLog: { logQuery: (query) => onQuery?.(query) } });
});
afterAll(() => t.close());

const org = () => makeOrg(t.db);

const person = (tenantId: number) => makePerson(t.db, tenantId, { now: t.clock.now() });

const get = (url: string, token: string) => call(t, { url: `/api${url}`, token });
const post = (url: string, token: string, body: unknown) => call(t, { method: 'POST', url: `/api${url}`, token, body });

type Entry = { questionId: number; answers?: number[]; text?: string };
const submit = (token: string, contentId: number, questionAnswers: Entry[], key?: string) =>
  call(t, {
    method: 'POST',
    url: `/api/mobile/content/${contentId}/form/attempt`,
    token,
    body: { questionAnswers },
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });

const check = (token: string, contentId: number, questionId: number, answers: unknown) =>
  post(`/mobile/content/${contentId}/questions/${questionId}/check`, token, { answers });

/** The answers recorded in the user's runs, as [questionId, answerIds] in question order. */
const checksOf = async (userId: number) =>
  (
    await t.db
      .select({ questionId: questionCheck.questionId, answerIds: questionCheck.answerIds })
      .from(questionCheck)
      .where(eq(questionCheck.userId, userId))
      .orderBy(questionCheck.questionId)
  ).map((c) => [c.questionId, c.answerIds]);

/** The questions of an item as the caller gets them, with helpers to pick answers by title. */
async function formOf(token: string, contentId: number) {
  const res = await get(`/mobile/content/${contentId}/questions`, token);
  expect(res.statusCode).toBe(200);
  const { questions } = res.json().payload as QuestionList;
  const q = (order: number) => {
    const question = questions.find((x) => x.order === order);
    if (!question) throw new Error(`no question ${order}`);
    return question;
  };
  const id = (order: number, title: string) => {
    const answer = q(order).answers.find((a) => a.title === title);
    if (!answer) throw new Error(`no answer ${title} of question ${order}`);
    return answer.id;
  };
  return { questions, q, id };
}

/** A quiz of every question type; TEXT is never graded, so 3 questions count. Pass mark 60 %. */
const quizQuestions = [
  {
    title: 'Koja boja znači opasnost?',
    type: 'SINGLE' as const,
    answers: [{ title: 'Crvena', isCorrect: true }, { title: 'Zelena' }],
  },
  {
    title: 'Što je zaštitna oprema?',
    type: 'MULTIPLE' as const,
    answers: [{ title: 'Kaciga', isCorrect: true }, { title: 'Rukavice', isCorrect: true }, { title: 'Kava' }],
  },
  {
    title: 'Koliko izlaza ima zgrada?',
    type: 'LINEAR' as const,
    answers: ['1', '2', '3', '4', '5'].map((title) => ({ title, isCorrect: title === '3' })),
  },
  { title: 'Što biste dodali?', type: 'TEXT' as const },
];

async function quiz(o: { tenantId: number; creatorId: number }, passingScore: number | null = 0.6) {
  return makeContent(t.db, { ...o, type: 'EDUCATION', settings: { passingScore }, questions: quizQuestions });
}

/** A quiz answered with the given number of graded questions right (0–3), the text left empty. */
async function answersFor(token: string, contentId: number, right: 0 | 1 | 2 | 3): Promise<Entry[]> {
  const f = await formOf(token, contentId);
  return [
    { questionId: f.q(0).id, answers: [f.id(0, right >= 1 ? 'Crvena' : 'Zelena')] },
    { questionId: f.q(1).id, answers: right >= 2 ? [f.id(1, 'Kaciga'), f.id(1, 'Rukavice')] : [f.id(1, 'Kaciga')] },
    { questionId: f.q(2).id, answers: [f.id(2, right >= 3 ? '3' : '4')] },
    { questionId: f.q(3).id },
  ];
}

const rowsOf = async (
  table: typeof attempt | typeof pollResponse | typeof submissionKey | typeof questionCheck,
  tenantId: number,
) => {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId));
  return row?.n ?? 0;
};
const interactionOf = async (userId: number, contentId: number) => {
  const [row] = await t.db
    .select()
    .from(contentInteraction)
    .where(and(eq(contentInteraction.userId, userId), eq(contentInteraction.contentId, contentId)));
  return row;
};
/** Waits until a statement of another connection waits for a lock (PostgreSQL only). */
async function waitForLockWaiter() {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = (await t.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if ((found.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no statement waited for the lock');
}
const ledgerOf = (userId: number) =>
  t.db
    .select({ points: pointsLedger.points, reason: pointsLedger.reason })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));

describe('the form', () => {
  it('never tells which answers are correct, whatever the type', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    for (const type of ['EDUCATION', 'POLL', 'INQUIRY'] as const) {
      const item = await makeContent(t.db, { ...o, type, questions: quizQuestions });
      const { questions } = await formOf(ana.token, item.id);
      expect(questions[0]?.answers, type).toEqual([
        { id: expect.any(Number), title: 'Crvena' },
        { id: expect.any(Number), title: 'Zelena' },
      ]);
      expect(JSON.stringify(questions), type).not.toContain('isCorrect');
    }
  });
});

describe('checking an answer', () => {
  it('says whether it is right and which answers are, for every graded question type', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    const verdict = async (order: number, titles: string[]) => {
      const res = await check(
        ana.token,
        edu.id,
        f.q(order).id,
        titles.map((title) => f.id(order, title)),
      );
      expect(res.statusCode).toBe(200);
      return res.json().payload as AnswerCheck;
    };
    expect(await verdict(0, ['Zelena'])).toEqual({
      answers: [f.id(0, 'Zelena')],
      correct: false,
      correctAnswers: [f.id(0, 'Crvena')],
    });
    // Sent in any order and twice over, a MULTIPLE pick is its set.
    expect(await verdict(1, ['Rukavice', 'Kaciga', 'Rukavice'])).toEqual({
      answers: [f.id(1, 'Kaciga'), f.id(1, 'Rukavice')].sort((a, b) => a - b),
      correct: true,
      correctAnswers: [f.id(1, 'Kaciga'), f.id(1, 'Rukavice')],
    });
    expect(await verdict(2, ['3'])).toMatchObject({ correct: true, correctAnswers: [f.id(2, '3')] });
    expect(await checksOf(ana.id)).toEqual([
      [f.q(0).id, [f.id(0, 'Zelena')]],
      [f.q(1).id, [f.id(1, 'Kaciga'), f.id(1, 'Rukavice')].sort((a, b) => a - b)],
      [f.q(2).id, [f.id(2, '3')]],
    ]);
  });

  it('keeps the first answer: checking again judges that one, whatever is sent, and records nothing new', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    const wrong = { answers: [f.id(0, 'Zelena')], correct: false, correctAnswers: [f.id(0, 'Crvena')] };
    expect((await check(ana.token, edu.id, f.q(0).id, [f.id(0, 'Zelena')])).json().payload).toEqual(wrong);
    t.clock.advance(1000);
    expect((await check(ana.token, edu.id, f.q(0).id, [f.id(0, 'Crvena')])).json().payload).toEqual(wrong);
    expect(await checksOf(ana.id)).toEqual([[f.q(0).id, [f.id(0, 'Zelena')]]]);
  });

  it('records one first answer when checks of a question race', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    const picks = ['1', '2', '3', '4', '5', '1', '2', '3', '4', '5'].map((title) => [f.id(2, title)]);
    const results = await Promise.all(picks.map((answers) => check(ana.token, edu.id, f.q(2).id, answers)));
    const answered = results.map((r) => (r.json().payload as AnswerCheck).answers);
    const [recorded] = await checksOf(ana.id);
    expect(answered).toEqual(picks.map(() => recorded?.[1]));
    expect(await rowsOf(questionCheck, o.tenantId)).toBe(1);
  });

  it('refuses a submission that differs from a checked answer and stores nothing', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    await check(ana.token, edu.id, f.q(0).id, [f.id(0, 'Zelena')]);
    await check(ana.token, edu.id, f.q(1).id, [f.id(1, 'Kaciga')]);
    // Learned from the checks, the right answers, the entries in reverse: the field names the entry.
    const learned = (await answersFor(ana.token, edu.id, 3)).reverse();
    const res = await call(t, {
      method: 'POST',
      url: `/api/mobile/content/${edu.id}/form/attempt`,
      token: ana.token,
      body: { questionAnswers: learned },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'questionAnswers.3.answers' });
    expect(res.json().fields[0].message).toBe('Differs from the answer you already checked');
    // The SINGLE as checked, only the MULTIPLE differing: refused too.
    const halfLearned = await answersFor(ana.token, edu.id, 0);
    halfLearned[1] = { questionId: f.q(1).id, answers: [f.id(1, 'Kaciga'), f.id(1, 'Rukavice')] };
    expect((await submit(ana.token, edu.id, halfLearned)).json()).toMatchObject({
      code: 'BodyParamsInvalid',
      field: 'questionAnswers.1.answers',
    });
    expect(await rowsOf(attempt, o.tenantId)).toBe(0);
    expect(await interactionOf(ana.id, edu.id)).toMatchObject({ finishedAt: null });
    expect(await ledgerOf(ana.id)).toEqual([]);
    expect(await checksOf(ana.id)).toHaveLength(2);
  });

  it('scores a submission that keeps the checked answers, and a new run after a fail checks afresh', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    await check(ana.token, edu.id, f.q(0).id, [f.id(0, 'Zelena')]);
    // The checked SINGLE as checked (wrong), the unchecked questions right: scored as ever, 2 of 3.
    const kept = await answersFor(ana.token, edu.id, 3);
    kept[0] = { questionId: f.q(0).id, answers: [f.id(0, 'Zelena')] };
    const withPassMark = await submit(ana.token, edu.id, kept);
    expect(withPassMark.statusCode).toBe(200);
    expect(withPassMark.json().payload).toMatchObject({ correct: 2, total: 3, passed: true, finished: true });
    expect(await checksOf(ana.id)).toEqual([]);

    const strict = await quiz(o, 1);
    const g = await formOf(ana.token, strict.id);
    await check(ana.token, strict.id, g.q(0).id, [g.id(0, 'Zelena')]);
    const failed = await submit(ana.token, strict.id, await answersFor(ana.token, strict.id, 0));
    expect(failed.json().payload).toMatchObject({ correct: 0, passed: false, finished: false });
    expect(await checksOf(ana.id)).toEqual([]);
    // The retry is a new run: its first check is recorded and counts, and its right answers pass.
    const retried = await check(ana.token, strict.id, g.q(0).id, [g.id(0, 'Crvena')]);
    expect(retried.json().payload).toMatchObject({ answers: [g.id(0, 'Crvena')], correct: true });
    const passed = await submit(ana.token, strict.id, await answersFor(ana.token, strict.id, 3));
    expect(passed.json().payload).toMatchObject({ correct: 3, passed: true, points: 30 });
    expect(await checksOf(ana.id)).toEqual([]);
  });

  it('answers a retried submission by its key after the run is gone', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    await check(ana.token, edu.id, f.q(0).id, [f.id(0, 'Crvena')]);
    const answers = await answersFor(ana.token, edu.id, 3);
    const key = randomUUID();
    const first = await submit(ana.token, edu.id, answers, key);
    const retry = await submit(ana.token, edu.id, answers, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
  });

  it('refuses what has no correct answer, a finished item, and answers that do not fit', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    const poll = await makeContent(t.db, { ...o, type: 'POLL', questions: quizQuestions });
    const p = await formOf(ana.token, poll.id);
    const opinion = await makeContent(t.db, {
      ...o,
      type: 'EDUCATION',
      questions: [{ title: 'Boja?', type: 'SINGLE', answers: [{ title: 'Plava' }, { title: 'Siva' }] }],
    });
    const u = await formOf(ana.token, opinion.id);
    for (const [what, res] of [
      ['a poll', await check(ana.token, poll.id, p.q(0).id, [p.id(0, 'Crvena')])],
      ['a TEXT question', await check(ana.token, edu.id, f.q(3).id, [f.id(0, 'Crvena')])],
      ['no correct answer', await check(ana.token, opinion.id, u.q(0).id, [u.id(0, 'Plava')])],
    ] as const) {
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('NotGraded');
    }

    const other = await quiz(o);
    const g = await formOf(ana.token, other.id);
    expect((await check(ana.token, edu.id, g.q(0).id, [g.id(0, 'Crvena')])).statusCode).toBe(404);
    const badBodies: [string, unknown, string][] = [
      ['another question’s answer', [f.id(1, 'Kaciga')], 'answers'],
      ['two answers to SINGLE', [f.id(0, 'Crvena'), f.id(0, 'Zelena')], 'answers'],
      ['no answer', [], 'answers'],
      ['not ids', ['x'], 'answers.0'],
    ];
    for (const [what, answers, field] of badBodies) {
      const res = await check(ana.token, edu.id, f.q(0).id, answers);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'BodyParamsInvalid', field });
    }
    for (const questionId of ['abc', '0', '01', '2147483648']) {
      const res = await post(`/mobile/content/${edu.id}/questions/${questionId}/check`, ana.token, { answers: [1] });
      expect(res.statusCode, questionId).toBe(400);
      expect(res.json(), questionId).toMatchObject({ code: 'BodyParamsInvalid', field: 'questionId' });
    }
    expect(await rowsOf(questionCheck, o.tenantId)).toBe(0);

    await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 3));
    const late = await check(ana.token, edu.id, f.q(0).id, [f.id(0, 'Crvena')]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('AlreadySubmitted');
    expect(await rowsOf(questionCheck, o.tenantId)).toBe(0);
  });
});

describe('submitting a quiz', () => {
  it('scores every question type on the server, pays points once and finishes only when passed', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);

    // SINGLE right, MULTIPLE half picked (wrong), LINEAR wrong, TEXT empty: 1 of 3.
    const failed = await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 1));
    expect(failed.statusCode).toBe(200);
    expect(failed.json().payload).toEqual({
      attemptId: expect.any(Number),
      finalMark: 1 / 3,
      correct: 1,
      total: 3,
      passMark: 0.6,
      passed: false,
      points: 0,
      finished: false,
    });
    expect(await interactionOf(ana.id, edu.id)).toMatchObject({ finishedAt: null });
    expect(await ledgerOf(ana.id)).toEqual([]);

    // Client numbers are ignored: the body carries none, and a pick is judged by the server's answers.
    t.clock.advance(60_000);
    const passedAt = t.clock.now();
    const passed = await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 2));
    expect(passed.json().payload).toMatchObject({ finalMark: 2 / 3, correct: 2, total: 3, passed: true, points: 20 });
    expect(await interactionOf(ana.id, edu.id)).toMatchObject({ finishedAt: passedAt, viewedAt: passedAt });
    expect(await ledgerOf(ana.id)).toEqual([{ points: 20, reason: 'education_passed' }]);

    const again = await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 3));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AlreadySubmitted');
    expect(await rowsOf(attempt, o.tenantId)).toBe(2);
    expect(await ledgerOf(ana.id)).toEqual([{ points: 20, reason: 'education_passed' }]);
  });

  it('stores every answer, with an empty row for a timed-out question, and lists attempts newest first', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    const timedOut = [
      { questionId: f.q(0).id, answers: [] },
      { questionId: f.q(1).id, answers: [f.id(1, 'Kava'), f.id(1, 'Kaciga')] },
      { questionId: f.q(2).id },
      { questionId: f.q(3).id, text: '  Više vježbi.  ' },
    ];
    const first = (await submit(ana.token, edu.id, timedOut)).json().payload as SubmissionResult;
    expect(first).toMatchObject({ finalMark: 0, correct: 0, total: 3, passed: false });
    t.clock.advance(60_000);
    const second = (await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 3))).json().payload;
    expect(second).toMatchObject({ finalMark: 1, passed: true, points: 30 });

    const res = await get(`/mobile/content/${edu.id}/form/attempts`, ana.token);
    const { attempts } = res.json().payload;
    expect(attempts.map((a: { id: number }) => a.id)).toEqual([second.attemptId, first.attemptId]);
    const question = (order: number) => ({ id: f.q(order).id, order, title: f.q(order).title, type: f.q(order).type });
    expect(attempts[1]).toEqual({
      id: first.attemptId,
      contentId: edu.id,
      createdAt: expect.any(String),
      finalMark: 0,
      correct: 0,
      total: 3,
      // Each graded question carries its right answers, for the review to show beside a wrong one.
      userAnswers: [
        {
          question: question(0),
          text: null,
          answers: [],
          correct: false,
          correctAnswers: [{ id: f.id(0, 'Crvena'), title: 'Crvena' }],
        },
        {
          question: question(1),
          text: null,
          // In the item's answer order, whatever order they were sent in.
          answers: [
            { id: f.id(1, 'Kaciga'), title: 'Kaciga' },
            { id: f.id(1, 'Kava'), title: 'Kava' },
          ],
          correct: false,
          correctAnswers: [
            { id: f.id(1, 'Kaciga'), title: 'Kaciga' },
            { id: f.id(1, 'Rukavice'), title: 'Rukavice' },
          ],
        },
        {
          question: question(2),
          text: null,
          answers: [],
          correct: false,
          correctAnswers: [{ id: f.id(2, '3'), title: '3' }],
        },
        { question: question(3), text: 'Više vježbi.', answers: [], correct: null, correctAnswers: null },
      ],
    });
    expect(attempts[0].userAnswers.map((a: { correct: boolean | null }) => a.correct)).toEqual([
      true,
      true,
      true,
      null,
    ]);
  });

  it('passes any result when the item has no pass mark, and marks an all-ungraded quiz 1', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o, null);
    expect((await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 0))).json().payload).toMatchObject({
      finalMark: 0,
      passMark: null,
      passed: true,
      points: 0,
      finished: true,
    });
    // Nothing earned, so no ledger row (and no rank).
    expect(await ledgerOf(ana.id)).toEqual([]);

    const opinion = await makeContent(t.db, {
      ...o,
      type: 'EDUCATION',
      settings: { passingScore: 1 },
      questions: [{ title: 'Mišljenje?', type: 'TEXT' }],
    });
    const { q } = await formOf(ana.token, opinion.id);
    const res = await submit(ana.token, opinion.id, [{ questionId: q(0).id, text: 'Dobro' }]);
    expect(res.json().payload).toMatchObject({ finalMark: 1, correct: 0, total: 0, passed: true, finished: true });
  });

  it('stores an inquiry as a named, ungraded attempt and finishes it', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const inquiry = await makeContent(t.db, { ...o, type: 'INQUIRY', questions: quizQuestions });
    const res = await submit(ana.token, inquiry.id, await answersFor(ana.token, inquiry.id, 3));
    expect(res.json().payload).toEqual({
      attemptId: expect.any(Number),
      finalMark: null,
      correct: null,
      total: 4,
      passMark: null,
      passed: null,
      points: 0,
      finished: true,
    });
    expect(await interactionOf(ana.id, inquiry.id)).toMatchObject({ finishedAt: t.clock.now() });
    const [stored] = await t.db.select().from(attempt).where(eq(attempt.userId, ana.id));
    expect(stored).toMatchObject({ finalMark: null, correct: null, total: 4 });
    const { attempts } = (await get(`/mobile/content/${inquiry.id}/form/attempts`, ana.token)).json().payload;
    // Not graded: no verdict and no right answers to give away.
    expect(
      attempts[0].userAnswers.every(
        (a: { correct: unknown; correctAnswers: unknown }) => a.correct === null && a.correctAnswers === null,
      ),
    ).toBe(true);
    // Not graded, so not counted in accuracy.
    expect((await get('/mobile/users/stats', ana.token)).json().payload).toEqual({
      accuracy: 0,
      points: 0,
      rank: null,
    });
  });

  it('refuses items that are not forms, and forms without questions', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const info = await makeContent(t.db, { ...o, type: 'INFORMATION' });
    const empty = await makeContent(t.db, { ...o, type: 'EDUCATION' });
    for (const item of [info, empty]) {
      const res = await submit(ana.token, item.id, [{ questionId: 1 }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NotAForm');
    }
  });
});

describe('answers that do not fit', () => {
  it('answers 400 naming the field and the reason, and stores nothing', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const other = await quiz(o);
    const stranger = await org();
    const theirs = await quiz(stranger);
    const f = await formOf(ana.token, edu.id);
    const g = await formOf(ana.token, other.id);
    const [theirAnswer] = await t.db
      .select({ id: answer.id })
      .from(answer)
      .innerJoin(question, eq(question.id, answer.questionId))
      .where(and(eq(question.contentId, theirs.id), eq(question.position, 0)));
    const valid = () => [
      { questionId: f.q(0).id, answers: [f.id(0, 'Crvena')] } as Entry,
      { questionId: f.q(1).id, answers: [f.id(1, 'Kaciga')] } as Entry,
      { questionId: f.q(2).id, answers: [f.id(2, '3')] } as Entry,
      { questionId: f.q(3).id, text: 'Ništa' } as Entry,
    ];
    const change = (i: number, entry: Partial<Entry>) => valid().map((e, j) => (j === i ? { ...e, ...entry } : e));
    const cases: [string, Entry[], string, string][] = [
      ['a missing question', valid().slice(0, 3), 'questionAnswers', 'missingQuestion'],
      ['a question twice', [...valid(), valid()[0] as Entry], 'questionAnswers.4.questionId', 'duplicateQuestion'],
      [
        'another item’s question',
        change(1, { questionId: g.q(1).id }),
        'questionAnswers.1.questionId',
        'unknownQuestion',
      ],
      [
        'another question’s answer',
        change(0, { answers: [f.id(1, 'Kaciga')] }),
        'questionAnswers.0.answers',
        'unknownAnswer',
      ],
      [
        'another item’s answer',
        change(1, { answers: [g.id(1, 'Kaciga')] }),
        'questionAnswers.1.answers',
        'unknownAnswer',
      ],
      [
        'another tenant’s answer',
        change(0, { answers: [theirAnswer?.id ?? 0] }),
        'questionAnswers.0.answers',
        'unknownAnswer',
      ],
      [
        'two answers to SINGLE',
        change(0, { answers: [f.id(0, 'Crvena'), f.id(0, 'Zelena')] }),
        'questionAnswers.0.answers',
        'tooManyAnswers',
      ],
      [
        'two answers to LINEAR',
        change(2, { answers: [f.id(2, '3'), f.id(2, '4')] }),
        'questionAnswers.2.answers',
        'tooManyAnswers',
      ],
      ['ids to TEXT', change(3, { answers: [f.id(0, 'Crvena')] }), 'questionAnswers.3.answers', 'answersNotAllowed'],
      ['text to MULTIPLE', change(1, { text: 'Kaciga' }), 'questionAnswers.1.text', 'textNotAllowed'],
      ['too long a text', change(3, { text: 'x'.repeat(2001) }), 'questionAnswers.3.text', 'answerTooLong'],
    ];
    const messages = (await import('@kanal/contract')).messages.en.validation as Record<string, string>;
    for (const [what, entries, field, reason] of cases) {
      const res = await call(t, {
        method: 'POST',
        url: `/api/mobile/content/${edu.id}/form/attempt`,
        token: ana.token,
        body: { questionAnswers: entries },
        lang: 'en',
      });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'BodyParamsInvalid', field });
      expect(res.json().fields[0].message, what).toBe((messages[reason] ?? '').replace('{{textMax}}', '2000'));
    }
    expect(await rowsOf(attempt, o.tenantId)).toBe(0);
    // The same answers, fixed, are accepted.
    expect((await submit(ana.token, edu.id, valid())).statusCode).toBe(200);
  });
});

describe('another tenant', () => {
  it('answers 404 on every call naming its item, and changes nothing', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const stranger = await org();
    const petra = await person(stranger.tenantId);
    const theirQuiz = await quiz(stranger);
    const theirPoll = await makeContent(t.db, { ...stranger, type: 'POLL', questions: quizQuestions });
    const answers = await answersFor(petra.token, theirQuiz.id, 3);
    await submit(petra.token, theirPoll.id, await answersFor(petra.token, theirPoll.id, 3));
    const before = await Promise.all([rowsOf(attempt, stranger.tenantId), rowsOf(pollResponse, stranger.tenantId)]);

    for (const id of [theirQuiz.id, theirPoll.id]) {
      expect((await submit(ana.token, id, answers, randomUUID())).statusCode).toBe(404);
      expect((await get(`/mobile/content/${id}/form/attempts`, ana.token)).statusCode).toBe(404);
      expect((await get(`/mobile/content/${id}/poll/results`, ana.token)).statusCode).toBe(404);
      expect((await get(`/mobile/content/${id}/questions`, ana.token)).statusCode).toBe(404);
    }
    const theirs = await formOf(petra.token, theirQuiz.id);
    const peek = await check(ana.token, theirQuiz.id, theirs.q(0).id, [theirs.id(0, 'Crvena')]);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().code).toBe('NotFound');
    expect(await rowsOf(questionCheck, o.tenantId)).toBe(0);
    expect(await rowsOf(questionCheck, stranger.tenantId)).toBe(0);
    const filtered = await get(`/mobile/content/form/attempts?contentIds=${theirQuiz.id}`, ana.token);
    expect(filtered.statusCode).toBe(404);
    expect(filtered.json().code).toBe('NotFound');
    expect(await Promise.all([rowsOf(attempt, stranger.tenantId), rowsOf(pollResponse, stranger.tenantId)])).toEqual(
      before,
    );
    expect(await rowsOf(attempt, o.tenantId)).toBe(0);
    expect(await rowsOf(submissionKey, o.tenantId)).toBe(0);
    expect(await interactionOf(ana.id, theirQuiz.id)).toBeUndefined();
  });

  it('answers 404 for a draft or for an item not sent to the caller', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const draft = await makeContent(t.db, { ...o, type: 'POLL', status: 'draft', questions: quizQuestions });
    const personal = await makeContent(t.db, {
      ...o,
      type: 'POLL',
      audience: { users: [marko.id] },
      questions: quizQuestions,
    });
    const answers = await answersFor(marko.token, personal.id, 3);
    for (const id of [draft.id, personal.id]) {
      expect((await submit(ana.token, id, answers)).statusCode).toBe(404);
    }
    expect(await rowsOf(pollResponse, o.tenantId)).toBe(0);
    const hidden = await makeContent(t.db, {
      ...o,
      type: 'EDUCATION',
      audience: { users: [marko.id] },
      questions: quizQuestions,
    });
    const m = await formOf(marko.token, hidden.id);
    expect((await check(ana.token, hidden.id, m.q(0).id, [m.id(0, 'Crvena')])).statusCode).toBe(404);
    expect(await rowsOf(questionCheck, o.tenantId)).toBe(0);
  });
});

describe('idempotency', () => {
  it('stores one attempt for a retried key and answers the same, even after the item is finished', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const key = randomUUID();
    const answers = await answersFor(ana.token, edu.id, 3);
    const first = await submit(ana.token, edu.id, answers, key);
    const retry = await submit(ana.token, edu.id, answers, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
    expect(await ledgerOf(ana.id)).toEqual([{ points: 30, reason: 'education_passed' }]);
    // A new key is a new submission: the item is finished.
    expect((await submit(ana.token, edu.id, answers, randomUUID())).statusCode).toBe(409);
  });

  it('answers a retry from its key alone: whatever it sends, and after the item is archived', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const key = randomUUID();
    const [failing, passing] = [await answersFor(ana.token, edu.id, 1), await answersFor(ana.token, edu.id, 3)];
    const first = await submit(ana.token, edu.id, failing, key);
    expect(first.statusCode).toBe(200);
    await changeStatus(t.db, o.tenantId, edu.id, 'archived');
    expect((await submit(ana.token, edu.id, passing, randomUUID())).statusCode).toBe(404);
    for (const answers of [passing, [{ questionId: 1 }]]) {
      const retry = await submit(ana.token, edu.id, answers, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
  });

  it('refuses a key already used for another item with 422, and a malformed key with 400', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const [one, two] = [await quiz(o), await quiz(o)];
    const key = randomUUID();
    expect((await submit(ana.token, one.id, await answersFor(ana.token, one.id, 1), key)).statusCode).toBe(200);
    const reused = await submit(ana.token, two.id, await answersFor(ana.token, two.id, 3), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IdempotencyKeyReused');
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(101)]) {
      const res = await submit(ana.token, two.id, await answersFor(ana.token, two.id, 3), bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'idempotency-key' });
    }
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
    expect(await interactionOf(ana.id, two.id)).toMatchObject({ finishedAt: null });
  });
});

describe('the session of a submission, checked in its reading statement', () => {
  // How a caller loses the session between signing in and submitting.
  const losses: [string, (o: { tenantId: number }, person: { id: number; token: string }) => Promise<unknown>][] = [
    ['signed out', (_, p) => get('/auth/signout', p.token)],
    ['revoked', (_, p) => t.db.update(session).set({ revokedAt: t.clock.now() }).where(eq(session.userId, p.id))],
    ['deactivated', (_, p) => t.db.update(appUser).set({ active: false }).where(eq(appUser.id, p.id))],
    ['of a deactivated tenant', (o) => t.db.update(tenant).set({ active: false }).where(eq(tenant.id, o.tenantId))],
  ];

  it('answers 401 without a live session, whatever else it would answer, and stores nothing', async () => {
    const stranger = await org();
    const theirs = await quiz(stranger);
    for (const [how, lose] of losses) {
      const o = await org();
      const ana = await person(o.tenantId);
      const [edu, other] = [await quiz(o, 1), await quiz(o, 1)];
      const poll = await makeContent(t.db, { ...o, type: 'POLL', questions: quizQuestions });
      const info = await makeContent(t.db, { ...o, type: 'INFORMATION' });
      const failing = await answersFor(ana.token, edu.id, 0);
      const pollAnswers = await answersFor(ana.token, poll.id, 0);
      // A failed attempt stored under a key, and a poll finished, while the session is live.
      const key = randomUUID();
      expect((await submit(ana.token, edu.id, failing, key)).statusCode, how).toBe(200);
      expect((await submit(ana.token, poll.id, pollAnswers)).statusCode, how).toBe(200);
      const stored = () =>
        Promise.all([
          rowsOf(attempt, o.tenantId),
          rowsOf(submissionKey, o.tenantId),
          rowsOf(pollResponse, o.tenantId),
          interactionOf(ana.id, edu.id),
        ]);
      const before = await stored();

      await lose(o, ana);
      for (const [would, send] of [
        ['200 for a new key', () => submit(ana.token, edu.id, failing, randomUUID())],
        ['200 for a retry of its stored key', () => submit(ana.token, edu.id, failing, key)],
        ['422 for its key on another item', () => submit(ana.token, other.id, failing, key)],
        ['400 for answers that do not fit', () => submit(ana.token, edu.id, failing.slice(1))],
        ['400 for an item that is not a form', () => submit(ana.token, info.id, [{ questionId: 1 }])],
        ['409 for a finished poll', () => submit(ana.token, poll.id, pollAnswers, randomUUID())],
        ['404 for another tenant’s item', () => submit(ana.token, theirs.id, failing)],
        ['404 for no item', () => submit(ana.token, 2147483647, failing)],
      ] as const) {
        const res = await send();
        expect(res.statusCode, `${how}, would be ${would}`).toBe(401);
        expect(res.json().code, `${how}, would be ${would}`).toBe('Unauthorized');
      }
      expect(await stored(), how).toEqual(before);
    }
    expect((await submit('', theirs.id, [])).statusCode).toBe(401);
  });

  it('slides the session as any signed-in request does, a retry answered from its key alone too', async () => {
    const o = await org();
    // Its session made to last a day from now; each use slides it to 12 hours from then.
    const ana = await person(o.tenantId);
    const edu = await quiz(o, 1);
    const failing = await answersFor(ana.token, edu.id, 0);
    const key = randomUUID();
    const sent = async (withKey?: string) => (await submit(ana.token, edu.id, failing, withKey)).statusCode;

    t.clock.advance(11 * HOUR_MS);
    expect(await sent()).toBe(200); // at 11 h: slides to 23 h
    t.clock.advance(11 * HOUR_MS);
    expect(await sent(key)).toBe(200); // at 22 h: slides to 34 h
    t.clock.advance(11 * HOUR_MS);
    expect(await sent(key)).toBe(200); // at 33 h, a retry answered from its key: slides to 45 h
    t.clock.advance(11 * HOUR_MS);
    expect(await sent(key)).toBe(200); // at 44 h, alive by that slide alone
    t.clock.advance(SESSION_TTL_MS + MINUTE_MS);
    expect(await sent(key)).toBe(401);
    expect(await rowsOf(attempt, o.tenantId)).toBe(2);
  });
});

describe('many at once', () => {
  it('stores one attempt each for 100 users submitting together, with points and ranks to match', async () => {
    const o = await org();
    const people: { id: number; token: string }[] = [];
    for (let i = 0; i < 100; i += 1) people.push(await person(o.tenantId));
    const edu = await quiz(o, 0.5);
    const picks = await Promise.all(
      ([1, 2, 3] as const).map((right) => answersFor(people[0]?.token ?? '', edu.id, right)),
    );
    // Everyone passes with 2 or 3 right (pass mark 50 %) or fails with 1.
    const rightOf = (i: number) => ([1, 2, 3] as const)[i % 3] ?? 1;
    const results = await Promise.all(
      people.map((p, i) => submit(p.token, edu.id, picks[rightOf(i) - 1] ?? [], randomUUID())),
    );
    expect(results.map((r) => r.statusCode)).toEqual(people.map(() => 200));
    expect(await rowsOf(attempt, o.tenantId)).toBe(100);

    const stats = await Promise.all(people.map((p) => get('/mobile/users/stats', p.token)));
    for (const [i, res] of stats.entries()) {
      const right = rightOf(i);
      expect(res.json().payload).toEqual({
        accuracy: Math.round((100 * right) / 3),
        points: right >= 2 ? 10 * right : 0,
        rank: right === 3 ? 1 : right === 2 ? 2 : null,
      });
    }
  });

  it('lets only one of a user’s simultaneous submissions through', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const answers = await answersFor(ana.token, edu.id, 3);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submit(ana.token, edu.id, answers, randomUUID())),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
    expect(await ledgerOf(ana.id)).toEqual([{ points: 30, reason: 'education_passed' }]);
  });
});

describe('submissions at once', () => {
  // Through the service, so that every submission reads before any stores: PGlite runs statements in
  // the order sent, so there the storing statements meet in the order below; PostgreSQL runs them at once.
  const submitAtOnce = (token: string, sends: { contentId: number; answers: Entry[]; key?: string }[]) => {
    const credentials = t.app.services.auth.credentials(token);
    if (!credentials) throw new Error('not a session token');
    return Promise.allSettled(
      sends.map(async ({ contentId, answers, key }) => {
        const checked = await t.app.services.forms.submit(
          credentials,
          contentId,
          { questionAnswers: answers.map((a) => ({ answers: [], ...a })) },
          key,
        );
        if (!checked) throw new Error('the session is not live');
        return checked.value;
      }),
    );
  };
  const outcomes = (settled: PromiseSettledResult<unknown>[]) =>
    settled.map((s) => (s.status === 'fulfilled' ? 200 : `${s.reason.statusCode} ${s.reason.code}`));

  it('stores one of the submissions sent at once with one key, and answers all as it', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const [failing, passing] = [await quiz(o), await quiz(o)];
    for (const [item, right] of [
      [failing, 1],
      [passing, 3],
    ] as const) {
      const send = { contentId: item.id, answers: await answersFor(ana.token, item.id, right), key: randomUUID() };
      const settled = await submitAtOnce(ana.token, [send, send, send]);
      expect(outcomes(settled)).toEqual([200, 200, 200]);
      const [first] = settled.map((s) => s.status === 'fulfilled' && s.value);
      expect(settled.map((s) => s.status === 'fulfilled' && s.value)).toEqual([first, first, first]);
    }
    expect(await rowsOf(attempt, o.tenantId)).toBe(2);
    expect(await rowsOf(submissionKey, o.tenantId)).toBe(2);
    expect(await ledgerOf(ana.id)).toEqual([{ points: 30, reason: 'education_passed' }]);
  });

  it('gives a key sent for two items at once to the first, and refuses the other with 422', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const [one, two] = [await quiz(o), await quiz(o)];
    const key = randomUUID();
    const settled = await submitAtOnce(ana.token, [
      { contentId: one.id, answers: await answersFor(ana.token, one.id, 1), key },
      { contentId: two.id, answers: await answersFor(ana.token, two.id, 1), key },
    ]);
    expect(outcomes(settled).sort()).toEqual([200, '422 IdempotencyKeyReused']);
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
  });

  it('lets one of the passing submissions sent at once finish the item, and pays it once', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const answers = await answersFor(ana.token, edu.id, 3);
    const settled = await submitAtOnce(
      ana.token,
      Array.from({ length: 4 }, (_, i) => ({ contentId: edu.id, answers, ...(i % 2 ? { key: randomUUID() } : {}) })),
    );
    expect(outcomes(settled).sort()).toEqual([
      200,
      '409 AlreadySubmitted',
      '409 AlreadySubmitted',
      '409 AlreadySubmitted',
    ]);
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
    expect(await ledgerOf(ana.id)).toEqual([{ points: 30, reason: 'education_passed' }]);
  });

  it('refuses a submission that waited for the inbox row while another finished the item', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const answers = await answersFor(ana.token, edu.id, 3);
    let pending: ReturnType<typeof submit> | undefined;
    await t.db.transaction(async (tx) => {
      await tx
        .update(contentInteraction)
        .set({ viewedAt: t.clock.now(), finishedAt: t.clock.now() })
        .where(and(eq(contentInteraction.userId, ana.id), eq(contentInteraction.contentId, edu.id)));
      pending = submit(ana.token, edu.id, answers, randomUUID());
      // On PostgreSQL the submission has read the row unfinished and its statement now waits for the
      // lock: it must go by the row as this transaction commits it. (PGlite runs one statement at a
      // time, so there the submission reads the row finished.)
      if (inject('testDatabase').kind === 'postgres') await waitForLockWaiter();
    });
    const res = await pending;
    expect(res?.statusCode).toBe(409);
    expect(res?.json().code).toBe('AlreadySubmitted');
    expect(await rowsOf(attempt, o.tenantId)).toBe(0);
    expect(await rowsOf(submissionKey, o.tenantId)).toBe(0);
  });

  it('leaves an answer checked after the submission was read to the next run, which must keep it', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const f = await formOf(ana.token, edu.id);
    const answers = await answersFor(ana.token, edu.id, 1);
    // Recorded as the storing statement is sent, so after the reading: on PGlite it runs just before
    // the storing, on PostgreSQL on another connection before or while it. Either way the submission
    // never saw it, and consumes only the checks it read.
    let late: Promise<unknown> | undefined;
    onQuery = (query) => {
      if (!query.startsWith('with "inbox_row"')) return;
      onQuery = undefined;
      late = t.db
        .insert(questionCheck)
        .values({
          tenantId: o.tenantId,
          userId: ana.id,
          contentId: edu.id,
          questionId: f.q(0).id,
          answerIds: [f.id(0, 'Zelena')],
          checkedAt: t.clock.now(),
        })
        .execute();
    };
    // Not judged by the late check: a failed attempt, stored.
    const failed = await submit(ana.token, edu.id, answers);
    await late;
    expect(late).toBeDefined();
    expect(failed.json().payload).toMatchObject({ correct: 1, passed: false });
    expect(await checksOf(ana.id)).toEqual([[f.q(0).id, [f.id(0, 'Zelena')]]]);
    const next = await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 3));
    expect(next.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'questionAnswers.0.answers' });
    expect(await rowsOf(attempt, o.tenantId)).toBe(1);
  });
});

describe('polls', () => {
  it('keeps no trace of who answered what: no user column, no attempt, no answers in the key', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const poll = await makeContent(t.db, { ...o, type: 'POLL', questions: quizQuestions });
    const f = await formOf(ana.token, poll.id);
    const key = randomUUID();
    const res = await submit(
      ana.token,
      poll.id,
      [
        { questionId: f.q(0).id, answers: [f.id(0, 'Zelena')] },
        { questionId: f.q(1).id, answers: [f.id(1, 'Kava'), f.id(1, 'Kaciga')] },
        { questionId: f.q(2).id },
        { questionId: f.q(3).id, text: 'Tajni prijedlog' },
      ],
      key,
    );
    expect(res.json().payload).toEqual({
      attemptId: null,
      finalMark: null,
      correct: null,
      total: 4,
      passMark: null,
      passed: null,
      points: 0,
      finished: true,
    });
    // Both drivers answer raw SQL with `rows`.
    const columns = (await t.db.execute(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'poll_response' ORDER BY ordinal_position`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(columns.rows.map((c) => c.column_name)).toEqual([
      'id',
      'tenant_id',
      'content_id',
      'question_id',
      'answer_id',
      'text',
      'response_date',
    ]);
    const rows = await t.db.select().from(pollResponse).where(eq(pollResponse.contentId, poll.id));
    // One per pick, one for the text, one empty for the skipped question; a date, not a time.
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.responseDate))).toBe(true);
    expect(rows.find((r) => r.text)?.text).toBe('Tajni prijedlog');
    expect(await rowsOf(attempt, o.tenantId)).toBe(0);
    expect(await t.db.select({ n: count() }).from(attemptAnswer).where(eq(attemptAnswer.tenantId, o.tenantId))).toEqual(
      [{ n: 0 }],
    );
    const [stored] = await t.db.select().from(submissionKey).where(eq(submissionKey.key, key));
    const saved = JSON.stringify(stored?.result);
    for (const r of rows) {
      if (r.answerId) expect(saved).not.toContain(String(r.answerId));
    }
    expect(saved).not.toContain('Tajni');
    expect(await interactionOf(ana.id, poll.id)).toMatchObject({ finishedAt: t.clock.now() });
  });

  it('shows counted results to those who answered, only from 5 respondents on', async () => {
    const o = await org();
    const people: { id: number; token: string }[] = [];
    for (let i = 0; i < 5; i += 1) people.push(await person(o.tenantId));
    const poll = await makeContent(t.db, {
      ...o,
      type: 'POLL',
      questions: [
        { title: 'Kava ili čaj?', type: 'SINGLE', answers: [{ title: 'Kava' }, { title: 'Čaj' }] },
        { title: 'Što još?', type: 'MULTIPLE', answers: [{ title: 'Voće' }, { title: 'Kolači' }, { title: 'Ništa' }] },
        { title: 'Prijedlog?', type: 'TEXT' },
      ],
    });
    const [first] = people;
    if (!first) throw new Error('no people');
    const f = await formOf(first.token, poll.id);
    expect((await get(`/mobile/content/${poll.id}/poll/results`, first.token)).json()).toMatchObject({
      statusCode: 409,
      code: 'SubmissionRequired',
    });
    const coffee = [f.id(0, 'Kava')];
    const tea = [f.id(0, 'Čaj')];
    const answersOf = [
      [coffee, [f.id(1, 'Voće'), f.id(1, 'Kolači')]],
      [coffee, [f.id(1, 'Voće')]],
      [tea, [f.id(1, 'Kolači')]],
      [coffee, []],
      [[], [f.id(1, 'Voće')]],
    ];
    for (const [i, p] of people.slice(0, 4).entries()) {
      const [single, multiple] = answersOf[i] ?? [];
      await submit(p.token, poll.id, [
        { questionId: f.q(0).id, answers: single ?? [] },
        { questionId: f.q(1).id, answers: multiple ?? [] },
        { questionId: f.q(2).id, text: `Prijedlog ${i}` },
      ]);
    }
    expect((await get(`/mobile/content/${poll.id}/poll/results`, first.token)).json().payload).toEqual({
      respondents: 4,
      hidden: true,
      questions: [],
    });
    const last = people[4];
    if (!last) throw new Error('no fifth person');
    await submit(last.token, poll.id, [
      { questionId: f.q(0).id, answers: [] },
      { questionId: f.q(1).id, answers: [f.id(1, 'Voće')] },
      { questionId: f.q(2).id },
    ]);
    const results = (await get(`/mobile/content/${poll.id}/poll/results`, first.token)).json().payload;
    expect(results).toEqual({
      respondents: 5,
      hidden: false,
      questions: [
        {
          id: f.q(0).id,
          order: 0,
          title: 'Kava ili čaj?',
          type: 'SINGLE',
          answered: 4,
          answers: [
            { id: f.id(0, 'Kava'), title: 'Kava', count: 3, percent: 75 },
            { id: f.id(0, 'Čaj'), title: 'Čaj', count: 1, percent: 25 },
          ],
        },
        {
          id: f.q(1).id,
          order: 1,
          title: 'Što još?',
          type: 'MULTIPLE',
          answered: 4,
          answers: [
            { id: f.id(1, 'Voće'), title: 'Voće', count: 3, percent: 75 },
            { id: f.id(1, 'Kolači'), title: 'Kolači', count: 2, percent: 50 },
            { id: f.id(1, 'Ništa'), title: 'Ništa', count: 0, percent: 0 },
          ],
        },
      ],
    });

    const edu = await quiz(o);
    const notAPoll = await get(`/mobile/content/${edu.id}/poll/results`, first.token);
    expect(notAPoll.statusCode).toBe(400);
    expect(notAPoll.json().code).toBe('NotAForm');
  });
});

describe('mark finished', () => {
  it('needs a submission for a quiz, poll or inquiry, and confirms one that finished it', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const edu = await quiz(o);
    const poll = await makeContent(t.db, { ...o, type: 'POLL', questions: quizQuestions });
    const inquiry = await makeContent(t.db, { ...o, type: 'INQUIRY', questions: quizQuestions });
    for (const item of [edu, poll, inquiry]) {
      const res = await post('/mobile/content/mark-finished', ana.token, { contentId: item.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('SubmissionRequired');
      expect(await interactionOf(ana.id, item.id)).toMatchObject({ finishedAt: null, viewedAt: null });
    }
    await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 0));
    expect((await post('/mobile/content/mark-finished', ana.token, { contentId: edu.id })).statusCode).toBe(409);
    await submit(ana.token, edu.id, await answersFor(ana.token, edu.id, 3));
    await submit(ana.token, poll.id, await answersFor(ana.token, poll.id, 3));
    for (const item of [edu, poll]) {
      expect((await post('/mobile/content/mark-finished', ana.token, { contentId: item.id })).json()).toEqual({
        payload: { done: true },
      });
    }
  });
});

describe('attempts across items', () => {
  it('pages the caller’s attempts newest first, filtered by item, counting them all', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const [one, two] = [await quiz(o), await quiz(o)];
    const ids: number[] = [];
    for (const [item, right] of [
      [one, 0],
      [two, 1],
      [one, 1],
      [two, 3],
    ] as const) {
      t.clock.advance(1000);
      ids.push(
        (await submit(ana.token, item.id, await answersFor(ana.token, item.id, right))).json().payload.attemptId,
      );
    }
    await submit(marko.token, one.id, await answersFor(marko.token, one.id, 3));
    const page = async (query: string) =>
      (await get(`/mobile/content/form/attempts${query}`, ana.token)).json().payload;
    const idsOf = (p: { items: { id: number }[] }) => p.items.map((a) => a.id);

    const all = await page('?limit=3');
    expect(all.count).toBe(4);
    expect(idsOf(all)).toEqual([ids[3], ids[2], ids[1]]);
    expect(all.items[0].userAnswers).toHaveLength(4);
    expect(idsOf(await page('?limit=3&offset=3'))).toEqual([ids[0]]);
    expect(await page('?offset=10')).toEqual({ count: 4, items: [] });
    const ofOne = await page(`?contentIds=${one.id}`);
    expect(ofOne.count).toBe(2);
    expect(idsOf(ofOne)).toEqual([ids[2], ids[0]]);
    expect((await page(`?contentIds=${one.id},${two.id}&limit=1`)).count).toBe(4);
    const bad = await get('/mobile/content/form/attempts?contentIds=1,x', ana.token);
    expect(bad.statusCode).toBe(400);
  });
});
