import type { BankCategories, BankPage, BankQuestion, StaffContent } from '@kanal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, makePerson, makeTenant, payloadOf } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
type Person = { id: number; token: string };
let admin: Person;
let creator: Person;
let otherCreator: Person;
let analyst: Person;
let reader: Person;
let stranger: Person;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
  creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  otherCreator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now });
  reader = await makePerson(t.db, tenantId, { now });
  stranger = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'ADMIN', now });
});
afterAll(() => t.close());

const as = (person: Person, lang?: string) => callsAs(t, person, lang);
const ok = payloadOf;

const choice = (title: string, right: string, ...wrong: string[]) => ({
  title,
  type: 'SINGLE',
  answers: [{ title: right, isCorrect: true }, ...wrong.map((w) => ({ title: w }))],
});
const save = (person: Person, category: string, question: unknown) =>
  ok<BankQuestion>(as(person).post('/api/question-bank', { category, question }));

describe('the question bank', () => {
  it('keeps questions by category, finds them by a word, and pages them', async () => {
    const fire = await save(creator, 'Zaštita od požara', choice('Koji aparat gasi električni požar?', 'CO₂', 'Voda'));
    expect(fire).toMatchObject({
      category: 'Zaštita od požara',
      title: 'Koji aparat gasi električni požar?',
      type: 'SINGLE',
      answers: [
        { title: 'CO₂', isCorrect: true },
        { title: 'Voda', isCorrect: false },
      ],
      createdBy: { id: creator.id },
      mayChange: true,
    });
    await save(admin, 'Zaštita od požara', choice('Gdje je izlaz u slučaju nužde?', 'Označen zelenim', 'Bilo gdje'));
    await save(admin, 'Prva pomoć', { title: 'Opišite položaj za oporavak.', type: 'TEXT' });
    await save(admin, 'Prva pomoć', { title: 'Koliko ste sigurni u pružanju prve pomoći?', type: 'LINEAR' });

    const all = await ok<BankPage>(as(creator).get('/api/question-bank?limit=2'));
    expect(all.count).toBe(4);
    expect(all.questions.map((q) => q.title)).toEqual([
      'Koliko ste sigurni u pružanju prve pomoći?',
      'Opišite položaj za oporavak.',
    ]);
    const next = await ok<BankPage>(as(creator).get('/api/question-bank?limit=2&offset=2'));
    expect(next.questions.map((q) => q.title)).toEqual([
      'Gdje je izlaz u slučaju nužde?',
      'Koji aparat gasi električni požar?',
    ]);
    // Another's question is read-only to a CREATOR; an admin changes anyone's.
    expect(next.questions.map((q) => q.mayChange)).toEqual([false, true]);
    const asAdmin = await ok<BankPage>(as(admin).get('/api/question-bank?limit=2&offset=2'));
    expect(asAdmin.questions.map((q) => q.mayChange)).toEqual([true, true]);

    const fireOnly = await ok<BankPage>(
      as(creator).get(`/api/question-bank?category=${encodeURIComponent('Zaštita od požara')}`),
    );
    expect(fireOnly.count).toBe(2);
    // A word's part, without its Croatian letters or case.
    const found = await ok<BankPage>(as(creator).get('/api/question-bank?q=POZAR'));
    expect(found.questions.map((q) => q.title)).toEqual(['Koji aparat gasi električni požar?']);

    expect(await ok<BankCategories>(as(creator).get('/api/question-bank/categories'))).toEqual([
      { name: 'Prva pomoć', questions: 2 },
      { name: 'Zaštita od požara', questions: 2 },
    ]);
  });

  it('refuses an incomplete question at its field, in the caller’s language', async () => {
    const res = await as(creator, 'en').post('/api/question-bank', {
      category: ' ',
      question: { title: 'Samo jedan odgovor?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }] },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['category', 'question.answers']);
    expect(fields.find((f) => f.field === 'question.answers')?.message).toMatch(/two answers/i);

    const two = await as(creator).post('/api/question-bank', {
      category: 'Opće',
      question: {
        title: 'Jedan točan',
        type: 'SINGLE',
        answers: [
          { title: 'A', isCorrect: true },
          { title: 'B', isCorrect: true },
        ],
      },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().fields).toEqual([{ field: 'question.answers', message: expect.stringMatching(/jedan/i) }]);
  });

  it('lets the author and admins change or delete a question; another creator gets 403, another tenant 404', async () => {
    const mine = await save(otherCreator, 'Opće', choice('Kada počinje smjena?', 'U 7', 'U 9'));
    const changed = { category: 'Smjene', question: choice('Kada počinje jutarnja smjena?', 'U 7', 'U 9') };
    expect((await as(creator).put(`/api/question-bank/${mine.id}`, changed)).statusCode).toBe(403);
    expect((await as(creator).delete(`/api/question-bank/${mine.id}`)).statusCode).toBe(403);
    expect((await as(stranger).put(`/api/question-bank/${mine.id}`, changed)).statusCode).toBe(404);
    expect((await as(stranger).delete(`/api/question-bank/${mine.id}`)).statusCode).toBe(404);

    const after = await ok<BankQuestion>(as(otherCreator).put(`/api/question-bank/${mine.id}`, changed));
    expect(after).toMatchObject({ category: 'Smjene', title: 'Kada počinje jutarnja smjena?' });
    expect(await ok(as(admin).delete(`/api/question-bank/${mine.id}`))).toEqual({ deleted: 1 });
    expect((await as(admin).delete(`/api/question-bank/${mine.id}`)).statusCode).toBe(404);
  });

  it('takes the provider’s SUPERADMIN working in the organisation, who is not named as its author', async () => {
    const superadmin = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'SUPERADMIN', now: t.clock.now() });
    const saved = await ok<BankQuestion>(
      as(superadmin).post(`/api/question-bank?tenant=${tenantId}`, {
        category: 'Opće',
        question: choice('P', 'A', 'B'),
      }),
    );
    expect(saved).toMatchObject({ createdBy: null, mayChange: true });
    const theirs = await ok<BankPage>(as(admin).get('/api/question-bank?category=Op%C4%87e'));
    expect(theirs.questions.map((q) => q.id)).toContain(saved.id);
  });

  it('is the authors’: an analyst and an end user get 403', async () => {
    for (const person of [analyst, reader]) {
      expect((await as(person).get('/api/question-bank')).statusCode).toBe(403);
      expect(
        (await as(person).post('/api/question-bank', { category: 'X', question: choice('P', 'A', 'B') })).statusCode,
      ).toBe(403);
    }
  });
});

describe('an education that draws its questions', () => {
  const pool = Array.from({ length: 8 }, (_, i) => choice(`Pitanje ${i + 1}`, `Točno ${i + 1}`, `Netočno ${i + 1}`));
  type Asked = { questions: { id: number; title: string; answers: { id: number; title: string }[] }[] };

  async function drawingQuiz(perAttempt: number) {
    return ok<StaffContent>(
      as(admin).post('/api/content', {
        type: 'EDUCATION',
        name: `Nasumični kviz ${perAttempt}`,
        questions: pool,
        settings: { passingScore: 1, questionsPerAttempt: perAttempt },
        audience: { everyone: true },
        publish: { mode: 'now' },
      }),
    );
  }
  const askedOf = (id: number) => ok<Asked>(as(reader).get(`/api/mobile/content/${id}/questions`));
  /** Answers every asked question wrongly, or rightly. */
  const answersTo = (asked: Asked, right: boolean) =>
    asked.questions.map((q) => ({
      questionId: q.id,
      answers: q.answers.filter((a) => a.title.startsWith('Točno') === right).map((a) => a.id),
    }));

  it('asks each attempt that many of its questions, the same ones until it is submitted, then others', async () => {
    const item = await drawingQuiz(3);
    expect(item.settings.questionsPerAttempt).toBe(3);
    const first = await askedOf(item.id);
    expect(first.questions).toHaveLength(3);
    // In the item's order, and the same at a reload.
    const positions = first.questions.map((q) => Number(q.title.split(' ')[1]));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(await askedOf(item.id)).toEqual(first);
    const detail = await ok<{ counts: { questions: number } }>(as(reader).get(`/api/mobile/content/${item.id}`));
    expect(detail.counts.questions).toBe(3);

    // A question the attempt does not ask is neither checked nor answered.
    const notAsked = item.questions.find((q) => !first.questions.some((a) => a.id === q.id));
    expect(notAsked).toBeDefined();
    const check = await as(reader).post(`/api/mobile/content/${item.id}/questions/${notAsked?.id}/check`, {
      answers: [notAsked?.answers[0]?.id],
    });
    expect(check.statusCode).toBe(404);
    const allEight = await as(reader).post(`/api/mobile/content/${item.id}/form/attempt`, {
      questionAnswers: item.questions.map((q) => ({ questionId: q.id, answers: [] })),
    });
    expect(allEight.statusCode).toBe(400);

    // A failed attempt scores out of the three asked; the retry draws again.
    const failed = await ok<{ total: number; passed: boolean }>(
      as(reader).post(`/api/mobile/content/${item.id}/form/attempt`, { questionAnswers: answersTo(first, false) }),
    );
    expect(failed).toMatchObject({ total: 3, correct: 0, passed: false });
    const draws = [first.questions.map((q) => q.id).join()];
    let asked = await askedOf(item.id);
    for (let attempt = 0; attempt < 4; attempt++) {
      draws.push(asked.questions.map((q) => q.id).join());
      await ok(
        as(reader).post(`/api/mobile/content/${item.id}/form/attempt`, { questionAnswers: answersTo(asked, false) }),
      );
      asked = await askedOf(item.id);
    }
    // Five draws of 3 from 8 (56 choices): not all the same.
    expect(new Set(draws).size).toBeGreaterThan(1);
    const passed = await ok<{ total: number; correct: number; passed: boolean }>(
      as(reader).post(`/api/mobile/content/${item.id}/form/attempt`, { questionAnswers: answersTo(asked, true) }),
    );
    expect(passed).toMatchObject({ total: 3, correct: 3, passed: true });
  });

  it('is an education’s only, and draws no more than it has', async () => {
    const poll = await as(admin, 'en').post('/api/content', {
      type: 'POLL',
      name: 'Anketa',
      questions: [{ title: 'Kako ste?', type: 'TEXT' }],
      settings: { questionsPerAttempt: 1 },
      audience: { everyone: true },
      publish: { mode: 'now' },
    });
    expect(poll.statusCode).toBe(400);
    expect(poll.json().fields).toEqual([{ field: 'settings.questionsPerAttempt', message: expect.any(String) }]);
    const tooMany = await as(admin).post('/api/content', {
      type: 'EDUCATION',
      name: 'Premalo pitanja',
      questions: pool.slice(0, 2),
      settings: { questionsPerAttempt: 3 },
      audience: { everyone: true },
      publish: { mode: 'now' },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual([
      { field: 'settings.questionsPerAttempt', message: expect.stringMatching(/pitanja/) },
    ]);
  });
});
