import {
  APP_TIME_ZONE,
  DAY_MS,
  ITEM_SNAPSHOT_TTL_MS,
  STATS_LIVE_MAX_AUDIENCE,
  type StaffContent,
} from '@kanal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContent, makeGroup } from '../../test/content-factories.js';
import { call, callsAs, makeAccounts, makePerson, makeSession, makeTenant, payloadOf } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A small organisation whose figures are computed by hand below: five people in two groups (one in both),
// a quiz failed then passed, a pass at exactly the mark, one person deactivated before opening the item and
// one after, a comment, and a poll.
let t: TestApp;
type Person = { id: number; tenantId: number; token: string };
let admin: Person;
let creator: Person;
let otherCreator: Person;
let analyst: Person;
let people: Person[];
let quiz: StaffContent;
let poll: StaffContent;
let draft: StaffContent;
let inquiry: StaffContent;
let otherAdmin: Person;
let publishDay: string;
let nextDay: string;

const as = (person: Person) => callsAs(t, person);

const ok = payloadOf;

/** Answers the quiz with the first `right` questions right and the rest wrong. */
const answer = (person: Person, right: number) =>
  ok(
    as(person).post(`/api/mobile/content/${quiz.id}/form/attempt`, {
      questionAnswers: quiz.questions.map((q, i) => ({
        questionId: q.id,
        answers: q.answers.filter((a) => a.isCorrect === i < right).map((a) => a.id),
      })),
    }),
  );

const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE }).format(at);

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
  creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  otherCreator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now });
  people = [];
  for (let i = 0; i < 5; i += 1) people.push(await makePerson(t.db, tenantId, { now }));
  const [p1, p2, p3, p4, p5] = people as [Person, Person, Person, Person, Person];
  const sales = await makeGroup(t.db, { tenantId, name: 'Prodaja', members: [p1.id, p2.id, p4.id, p5.id] });
  const warehouse = await makeGroup(t.db, { tenantId, name: 'Skladište', members: [p2.id, p3.id] });

  quiz = await ok(
    as(creator).post('/api/content', {
      type: 'EDUCATION',
      name: 'Zaštita na radu',
      settings: { passingScore: 0.5, timeRestriction: null, comments: true },
      questions: [
        { title: 'Prvo pitanje?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
        { title: 'Drugo pitanje?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
      ],
      audience: { groups: [sales.id, warehouse.id] },
      publish: { mode: 'now' },
    }),
  );
  poll = await ok(
    as(creator).post('/api/content', {
      type: 'POLL',
      name: 'Kamo na izlet?',
      questions: [{ title: 'Odredište?', type: 'SINGLE', answers: [{ title: 'More' }, { title: 'Planine' }] }],
      audience: { everyone: true },
      publish: { mode: 'now' },
    }),
  );
  draft = await ok(
    as(creator).post('/api/content', {
      type: 'INFORMATION',
      name: 'Skica',
      audience: { everyone: true },
      publish: { mode: 'draft' },
    }),
  );
  inquiry = await ok(
    as(creator).post('/api/content', {
      type: 'INQUIRY',
      name: 'Prijedlozi',
      questions: [{ title: 'Što biste promijenili?', type: 'TEXT', answers: [] }],
      audience: { everyone: true },
      publish: { mode: 'now' },
    }),
  );
  publishDay = dayOf(t.clock.now());

  // The day it is published: p1 fails, then passes with both right, and comments; p5 opens it.
  await as(p1).post('/api/mobile/content/mark-viewed', { contentId: quiz.id });
  await answer(p1, 0);
  await answer(p1, 2);
  await as(p1).post('/api/mobile/content/info/comment', { contentId: quiz.id, comment: 'Korisno.' });
  await as(p5).post('/api/mobile/content/mark-viewed', { contentId: quiz.id });
  await ok(
    as(p1).post(`/api/mobile/content/${inquiry.id}/form/attempt`, {
      questionAnswers: [{ questionId: inquiry.questions[0]?.id, text: 'Više mjesta za parkiranje' }],
    }),
  );
  await ok(
    as(p1).post(`/api/mobile/content/${poll.id}/form/attempt`, {
      questionAnswers: [{ questionId: poll.questions[0]?.id, answers: [poll.questions[0]?.answers[0]?.id] }],
    }),
  );

  // The next day: p2 passes at exactly the mark (one of two), p3 only opens it; p4 (never opened) and p5
  // (opened) are deactivated.
  t.clock.advance(DAY_MS);
  nextDay = dayOf(t.clock.now());
  // A day's session has run out by then: everyone signs in again.
  for (const person of [admin, creator, otherCreator, analyst, p1, p2, p3]) {
    person.token = await makeSession(t.db, person, t.clock.now());
  }
  await as(p2).post('/api/mobile/content/mark-viewed', { contentId: quiz.id });
  await answer(p2, 1);
  await as(p3).post('/api/mobile/content/mark-viewed', { contentId: quiz.id });
  for (const gone of [p4, p5]) await ok(as(admin).patch(`/api/user/${gone.id}`, { active: false }));

  const other = (await makeTenant(t.db)).id;
  otherAdmin = await makePerson(t.db, other, { role: 'ADMIN', now: t.clock.now() });
});
afterAll(() => t.close());

describe('an item’s figures', () => {
  it('counts each person once, keeps a deactivated person’s history and drops who never opened it', async () => {
    // Audience: p1, p2, p3 and p5 (p2 in both groups once; p4 left untouched when deactivated).
    await t.app.services.jobs.idle();
    expect(await ok(as(analyst).get(`/api/content/${quiz.id}/info`))).toEqual({
      computedAt: null,
      audience: 4,
      viewed: 4,
      finished: 2,
      passed: 2,
      // Best marks: p1 1.0 (after 0.0), p2 0.5.
      averageMark: 0.75,
      attempts: 3,
      comments: 1,
      percent: { viewed: 100, finished: 50, passed: 50 },
      // Told when it was published, before p4 and p5 were deactivated; no device has reported back.
      notices: { notified: 5, received: 0, opened: 0 },
    });
  });

  it('counts a poll’s respondents as its attempts, without marks', async () => {
    const info = await ok<{ audience: number }>(as(admin).get(`/api/content/${poll.id}/info`));
    expect(info).toMatchObject({ finished: 1, attempts: 1, passed: null, averageMark: null });
    // Everyone active now: the four staff and p1, p2, p3.
    expect(info.audience).toBe(7);
  });

  it('gives a day for every day since publishing, with who first opened and who finished it', async () => {
    expect(await ok(as(creator).get(`/api/content/${quiz.id}/reach`))).toEqual({
      days: [
        { date: publishDay, viewed: 2, finished: 1 },
        { date: nextDay, viewed: 2, finished: 1 },
      ],
    });
    expect(await ok(as(creator).get(`/api/content/${draft.id}/reach`))).toEqual({ days: [] });
  });

  it('shows each group’s members in the audience, a person in two groups in each', async () => {
    const { items } = await ok<{ items: unknown[] }>(as(admin).get(`/api/content/${quiz.id}/groups-reach`));
    expect(items).toEqual([
      // p1, p2 and p5 (p4 is gone); p1 and p2 finished.
      expect.objectContaining({
        name: 'Prodaja',
        audience: 3,
        viewed: 3,
        finished: 2,
        percent: { viewed: 100, finished: 67 },
      }),
      expect.objectContaining({
        name: 'Skladište',
        audience: 2,
        viewed: 2,
        finished: 1,
        percent: { viewed: 100, finished: 50 },
      }),
    ]);
  });

  it('shows the groups an item was sent to, not the other groups of its people', async () => {
    const [, p2] = people as [Person, Person];
    const groups = (await ok<{ items: { id: number; name: string }[] }>(as(admin).get('/api/group'))).items;
    const warehouse = groups.find((g) => g.name === 'Skladište');
    // p2 is in both groups; the item goes to the warehouse alone.
    const item = await ok<StaffContent>(
      as(creator).post('/api/content', {
        type: 'INFORMATION',
        name: 'Nova polica',
        audience: { groups: [warehouse?.id] },
        publish: { mode: 'now' },
      }),
    );
    await as(p2).post('/api/mobile/content/mark-viewed', { contentId: item.id });
    const { items } = await ok<{ items: { name: string }[] }>(as(admin).get(`/api/content/${item.id}/groups-reach`));
    expect(items.map((g) => g.name)).toEqual(['Skladište']);
  });
});

describe('the answers, question by question', () => {
  type Results = {
    respondents: number;
    hidden: boolean;
    questions: {
      answered: number;
      answers: { title: string; isCorrect: boolean; count: number; percent: number }[];
      texts: { user: { id: number }; text: string }[];
    }[];
  };

  it('counts every attempt’s picks, with the correct answers marked', async () => {
    const results = await ok<Results>(as(analyst).get(`/api/content/${quiz.id}/results`));
    // p1 both wrong, p1 both right, p2 the first right.
    expect(results.respondents).toBe(3);
    expect(
      results.questions.map((q) => [q.answered, q.answers.map((a) => [a.title, a.isCorrect, a.count, a.percent])]),
    ).toEqual([
      [
        3,
        [
          ['Da', true, 2, 67],
          ['Ne', false, 1, 33],
        ],
      ],
      [
        3,
        [
          ['Da', true, 1, 33],
          ['Ne', false, 2, 67],
        ],
      ],
    ]);
  });

  it('lists an inquiry’s free texts with their authors', async () => {
    const results = await ok<Results>(as(analyst).get(`/api/content/${inquiry.id}/results`));
    expect(results.questions[0]?.texts).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: people[0]?.id }),
        text: 'Više mjesta za parkiranje',
      }),
    ]);
  });

  it('lists an education’s free texts too', async () => {
    const written = await ok<StaffContent>(
      as(creator).post('/api/content', {
        type: 'EDUCATION',
        name: 'Vatrogasna vježba',
        settings: { passingScore: 0.5, timeRestriction: null, comments: false },
        questions: [
          { title: 'Izlaz?', type: 'SINGLE', answers: [{ title: 'Lijevo', isCorrect: true }, { title: 'Desno' }] },
          { title: 'Što ste naučili?', type: 'TEXT', answers: [] },
        ],
        audience: { everyone: true },
        publish: { mode: 'now' },
      }),
    );
    const [choice, text] = written.questions;
    await ok(
      as(people[0] as Person).post(`/api/mobile/content/${written.id}/form/attempt`, {
        questionAnswers: [
          { questionId: choice?.id, answers: [choice?.answers[0]?.id] },
          { questionId: text?.id, text: 'Gdje je izlaz' },
        ],
      }),
    );
    const results = await ok<Results>(as(analyst).get(`/api/content/${written.id}/results`));
    expect(results.questions[1]?.texts).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: people[0]?.id }), text: 'Gdje je izlaz' }),
    ]);
  });

  it('shows nothing of a poll below five respondents', async () => {
    expect(await ok(as(analyst).get(`/api/content/${poll.id}/results`))).toEqual({
      computedAt: null,
      respondents: 1,
      hidden: true,
      questions: [],
    });
  });

  it('shows a poll’s counts from five respondents, with no answer marked correct', async () => {
    const [question] = poll.questions;
    for (const person of [admin, creator, otherCreator, analyst]) {
      await ok(
        as(person).post(`/api/mobile/content/${poll.id}/form/attempt`, {
          questionAnswers: [{ questionId: question?.id, answers: [question?.answers[1]?.id] }],
        }),
      );
    }
    const results = await ok<Results>(as(analyst).get(`/api/content/${poll.id}/results`));
    expect([results.respondents, results.hidden]).toEqual([5, false]);
    expect(results.questions[0]?.answers.map((a) => [a.title, a.isCorrect, a.count, a.percent])).toEqual([
      ['More', false, 1, 20],
      ['Planine', false, 4, 80],
    ]);
  });
});

describe('attempts and comments', () => {
  type Attempt = { id: number; user: { id: number }; finalMark: number | null; userAnswers?: unknown[] };

  it('pages an item’s attempts and one person’s, newest first, and shows one answer by answer', async () => {
    const [p1, p2] = people as Person[];
    const all = await ok<{ count: number; items: Attempt[] }>(as(analyst).get(`/api/content/${quiz.id}/attempts`));
    expect(all.count).toBe(3);
    expect(all.items.map((a) => [a.user.id, a.finalMark])).toEqual([
      [p2?.id, 0.5],
      [p1?.id, 1],
      [p1?.id, 0],
    ]);
    const mine = await ok<{ count: number; items: Attempt[] }>(
      as(creator).get(`/api/content/${quiz.id}/users/${p1?.id}/attempts?limit=1`),
    );
    expect([mine.count, mine.items.map((a) => a.finalMark)]).toEqual([2, [1]]);

    const latest = mine.items[0] as Attempt;
    const one = await ok<Attempt>(as(analyst).get(`/api/content/${quiz.id}/users/${p1?.id}/results/${latest.id}`));
    expect(one.userAnswers).toHaveLength(2);
    // Only under its own item and person.
    expect((await as(analyst).get(`/api/content/${quiz.id}/users/${p2?.id}/results/${latest.id}`)).statusCode).toBe(
      404,
    );
    expect((await as(analyst).get(`/api/content/${poll.id}/users/${p1?.id}/results/${latest.id}`)).statusCode).toBe(
      404,
    );
  });

  it('lists the comments among the figures too', async () => {
    const comments = await ok<{ count: number }>(as(analyst).get(`/api/content/${quiz.id}/comments`));
    expect(comments.count).toBe(1);
  });
});

describe('the audience, person by person', () => {
  type Member = { id: number; state: string; attempts: number; bestMark: number | null; lastMark: number | null };
  const page = async (query = '') =>
    ok<{ count: number; items: Member[] }>(as(analyst).get(`/api/content/${quiz.id}/users${query}`));

  it('lists each person once with their state, attempts and marks, deactivated history included', async () => {
    const [p1, p2, p3, , p5] = people as Person[];
    const all = await page();
    expect(all.count).toBe(4);
    const byId = new Map(all.items.map((m) => [m.id, m]));
    expect(byId.get(p1?.id ?? 0)).toMatchObject({ state: 'finished', attempts: 2, bestMark: 1, lastMark: 1 });
    expect(byId.get(p2?.id ?? 0)).toMatchObject({ state: 'finished', attempts: 1, bestMark: 0.5, lastMark: 0.5 });
    expect(byId.get(p3?.id ?? 0)).toMatchObject({ state: 'viewed', attempts: 0, bestMark: null });
    expect(byId.get(p5?.id ?? 0)).toMatchObject({ state: 'viewed', active: false });
  });

  it('filters by state and pages', async () => {
    expect((await page('?state=finished')).count).toBe(2);
    expect((await page('?state=viewed')).count).toBe(2);
    expect((await page('?state=notViewed')).count).toBe(0);
    const firstTwo = await page('?limit=2');
    const rest = await page('?limit=2&offset=2');
    expect([firstTwo.count, firstTwo.items.length, rest.items.length]).toEqual([4, 2, 2]);
    expect(new Set([...firstTwo.items, ...rest.items].map((m) => m.id)).size).toBe(4);
  });

  it('shows who tried a quiz without passing it as failed', async () => {
    const [, , p3] = people as Person[];
    await answer(p3 as Person, 0);
    const failed = await page('?state=failed');
    expect(failed.items).toEqual([expect.objectContaining({ id: p3?.id, state: 'failed', attempts: 1, bestMark: 0 })]);
    // The figures follow: one attempt more, nobody more passed.
    expect(await ok(as(admin).get(`/api/content/${quiz.id}/info`))).toMatchObject({ attempts: 4, passed: 2 });
  });
});

describe('the export', () => {
  /** A sheet's rows as plain values, empty cells as ''. */
  const valuesOf = (sheet: ExcelJS.Worksheet | undefined) => {
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? ''));
    });
    return rows;
  };

  it('writes the audience with state, marks and latest answers, then the counted answers, in Croatian', async () => {
    const res = await as(analyst).get(`/api/export/content/${quiz.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kanal-sadrzaj-${quiz.id}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Osobe', 'Rezultati']);

    const [header, ...people] = valuesOf(workbook.worksheets[0]);
    expect(header?.slice(3)).toEqual([
      'Status',
      'Stanje',
      'Pregledano',
      'Završeno',
      'Pokušaji',
      'Najbolja ocjena (%)',
      'Zadnja ocjena (%)',
      '1. Prvo pitanje?',
      '2. Drugo pitanje?',
    ]);
    // Status, state, attempts, best and last mark, and the latest attempt's answers.
    expect(people.map((row) => [row[3], row[4], ...row.slice(7)]).sort()).toEqual(
      [
        ['Aktivan', 'završeno', 2, 100, 100, 'Da', 'Da'],
        ['Aktivan', 'završeno', 1, 50, 50, 'Da', 'Ne'],
        ['Aktivan', 'nije položeno', 1, 0, 0, 'Ne', 'Ne'],
        ['Deaktiviran', 'otvoreno', 0, '', '', '', ''],
      ].sort(),
    );

    expect(valuesOf(workbook.worksheets[1])).toEqual([
      ['Pitanje', 'Odgovor', 'Točan odgovor', 'Broj', 'Udio (%)'],
      ['1. Prvo pitanje?', 'Da', 'da', 2, 50],
      ['1. Prvo pitanje?', 'Ne', '', 2, 50],
      ['2. Drugo pitanje?', 'Da', 'da', 1, 25],
      ['2. Drugo pitanje?', 'Ne', '', 3, 75],
    ]);
  });

  it('writes CSV in English with a formula-like answer as text', async () => {
    const [, p2] = people as Person[];
    await ok(
      as(p2 as Person).post(`/api/mobile/content/${inquiry.id}/form/attempt`, {
        questionAnswers: [{ questionId: inquiry.questions[0]?.id, text: '=HYPERLINK("http://x")' }],
      }),
    );
    const res = await call(t, { url: `/api/export/content/${inquiry.id}?format=csv`, token: admin.token, lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kanal-content-${inquiry.id}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('People');
    expect(lines[1]).toBe('Full name,Email,Username,Status,State,Viewed,Finished,Attempts,1. Što biste promijenili?');
    expect(res.body).toContain('Više mjesta za parkiranje');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain('1. Što biste promijenili?,written answers (on the People sheet),2,');
  });

  it('gives a poll’s participation and counts, no one’s answers, and the counts not below five respondents', async () => {
    const sheetsOf = async (pollId: number) => {
      const res = await as(creator).get(`/api/export/content/${pollId}`);
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((s) => s.name)).toEqual(['Sudjelovanje', 'Rezultati']);
      return workbook.worksheets.map(valuesOf);
    };
    const sheetOf = async (pollId: number) => (await sheetsOf(pollId))[1];
    expect(await sheetOf(poll.id)).toEqual([
      ['Pitanje', 'Odgovor', 'Broj', 'Udio (%)'],
      ['1. Odredište?', 'More', 1, 20],
      ['1. Odredište?', 'Planine', 4, 80],
    ]);
    const fresh = await ok<StaffContent>(
      as(creator).post('/api/content', {
        type: 'POLL',
        name: 'Nova anketa',
        questions: [{ title: 'Da ili ne?', type: 'SINGLE', answers: [{ title: 'Da' }, { title: 'Ne' }] }],
        audience: { everyone: true },
        publish: { mode: 'now' },
      }),
    );
    await ok(
      as(people[0] as Person).post(`/api/mobile/content/${fresh.id}/form/attempt`, {
        questionAnswers: [{ questionId: fresh.questions[0]?.id, answers: [fresh.questions[0]?.answers[0]?.id] }],
      }),
    );
    await as(people[1] as Person).post('/api/mobile/content/mark-viewed', { contentId: fresh.id });
    const [participation, results] = await sheetsOf(fresh.id);
    // Everyone active: three of the five people, the admin, the creators and the analyst.
    expect(participation).toEqual([
      ['Podatak', 'Vrijednost'],
      ['Primatelja', 7],
      ['Otvorilo', 2],
      ['Odgovorilo', 1],
    ]);
    expect(results?.[1]?.[0]).toBe('Rezultati ankete prikazuju se kad odgovori barem 5 osoba: dosad ih je 1.');
  });

  it('says of a task who was done by its deadline, with no attempts', async () => {
    const [p1, p2] = people as [Person, Person];
    const task = await ok<StaffContent>(
      as(creator).post('/api/content', {
        type: 'TASK',
        name: 'Inventura',
        task: { deadline: new Date(t.clock.now().getTime() + 60 * 60 * 1000).toISOString() },
        audience: { people: [p1.id, p2.id] },
        publish: { mode: 'now' },
      }),
    );
    await as(p1).post('/api/mobile/content/mark-finished', { contentId: task.id });
    const res = await as(analyst).get(`/api/export/content/${task.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [header, ...rows] = valuesOf(workbook.worksheets[0]);
    expect(header?.slice(3)).toEqual(['Status', 'Stanje', 'Pregledano', 'Završeno', 'Završeno do roka']);
    expect(rows.map((row) => [row[4], row[7]]).sort()).toEqual([
      ['nije otvoreno', 'ne'],
      ['završeno', 'da'],
    ]);
  });

  it('is for the item’s readers only', async () => {
    const url = `/api/export/content/${quiz.id}`;
    expect((await as(otherCreator).get(url)).statusCode).toBe(403);
    expect((await as(people[0] as Person).get(url)).statusCode).toBe(403);
    expect((await as(otherAdmin).get(url)).statusCode).toBe(404);
  });
});

describe('an item with a large audience', () => {
  it('serves its figures from a snapshot a minute old at most, dated', async () => {
    const org = (await makeTenant(t.db)).id;
    const now = t.clock.now();
    const reader = await makePerson(t.db, org, { role: 'ANALYST', now });
    const author = await makePerson(t.db, org, { role: 'CREATOR', now });
    const [first] = await makeAccounts(t.db, org, STATS_LIVE_MAX_AUDIENCE);
    const item = await makeContent(t.db, {
      tenantId: org,
      creatorId: author.id,
      type: 'EDUCATION',
      publishAt: new Date(now.getTime() - 60_000),
      questions: [{ title: 'Da?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] }],
    });
    const read = (path: string) =>
      ok<{ computedAt: string | null; viewed?: number }>(as(reader).get(`/api/content/${item.id}/${path}`));

    const before = await read('info');
    expect(before).toMatchObject({ computedAt: now.toISOString(), audience: STATS_LIVE_MAX_AUDIENCE + 2, viewed: 0 });
    expect((await read('groups-reach')).computedAt).toBe(now.toISOString());
    expect((await read('results')).computedAt).toBe(now.toISOString());

    const someone = {
      id: first?.id ?? 0,
      tenantId: org,
      token: await makeSession(t.db, { id: first?.id ?? 0, tenantId: org }, now),
    };
    await ok(as(someone).post('/api/mobile/content/mark-viewed', { contentId: item.id }));
    t.clock.advance(ITEM_SNAPSHOT_TTL_MS - 1000);
    expect(await read('info')).toEqual(before);
    t.clock.advance(1000);
    expect(await read('info')).toMatchObject({ computedAt: t.clock.now().toISOString(), viewed: 1 });
  });
});

describe('who may read them', () => {
  it('lets analysts, admins and the item’s creator read; another creator 403, a user 403, another tenant 404', async () => {
    for (const path of [
      'info',
      'info/activity',
      'reach',
      'groups-reach',
      'users',
      'results',
      'attempts',
      `users/${people[0]?.id}/attempts`,
      'comments',
      'comment',
    ]) {
      const url = `/api/content/${quiz.id}/${path}`;
      expect((await as(analyst).get(url)).statusCode, url).toBe(200);
      expect((await as(creator).get(url)).statusCode, url).toBe(200);
      expect((await as(otherCreator).get(url)).statusCode, url).toBe(403);
      expect((await as(people[0] as Person).get(url)).statusCode, url).toBe(403);
      expect((await as(otherAdmin).get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('the named answers across items', () => {
  it('lists to a creator the answers to their own items only, and opens no other’s', async () => {
    type List = { count: number; items: { id: number; content: { id: number } }[] };
    const all = await ok<List>(as(analyst).get('/api/userAnswer?limit=50'));
    // Every item here with named answers is the creator's.
    expect(all.items.map((a) => a.content.id)).toEqual(expect.arrayContaining([quiz.id, inquiry.id]));
    const mine = await ok<List>(as(creator).get('/api/userAnswer?limit=50'));
    expect(mine.count).toBe(all.count);
    const theirs = await ok<List>(as(otherCreator).get('/api/userAnswer?limit=50'));
    expect(theirs).toEqual({ count: 0, items: [] });
    const one = all.items[0]?.id;
    expect((await as(creator).get(`/api/userAnswer/${one}`)).statusCode).toBe(200);
    expect((await as(otherCreator).get(`/api/userAnswer/${one}`)).statusCode).toBe(404);
  });
});

describe('an archived item', () => {
  it('keeps its figures and its people', async () => {
    const info = await ok(as(analyst).get(`/api/content/${quiz.id}/info`));
    const audience = await ok(as(analyst).get(`/api/content/${quiz.id}/users`));
    const results = await ok(as(analyst).get(`/api/content/${quiz.id}/results`));
    await ok(as(admin).post(`/api/content/${quiz.id}/archive`));
    expect((await ok<StaffContent>(as(admin).get(`/api/content/${quiz.id}`))).status).toBe('archived');
    expect(await ok(as(analyst).get(`/api/content/${quiz.id}/info`))).toEqual(info);
    expect(await ok(as(analyst).get(`/api/content/${quiz.id}/users`))).toEqual(audience);
    expect(await ok(as(analyst).get(`/api/content/${quiz.id}/results`))).toEqual(results);
  });
});
