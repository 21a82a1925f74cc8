import { randomUUID } from 'node:crypto';
import type { ArchiveList, ContentType, FilterOptions, QuestionList } from '@kanal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringOf, makeContent } from '../../test/content-factories.js';
import { call, makeOrg, makePerson, makeUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Everything here was published well before the times the tests finish things at. */
const PUBLISHED = new Date('2026-09-01T08:00:00Z');

/** Moves the test clock to an instant. */
const setClock = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());

const org = () => makeOrg(t.db, 'Zoran Zorić');

const person = (tenantId: number) => makePerson(t.db, tenantId, { now: new Date('2026-12-31T00:00:00Z') });

const get = (url: string, token: string, lang?: string) =>
  call(t, { url: `/api${url}`, token, ...(lang ? { lang } : {}) });
const post = (url: string, token: string, body: unknown) => call(t, { method: 'POST', url: `/api${url}`, token, body });

const finished = async (token: string, query = '') => {
  const res = await get(`/mobile/content/list/finished${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().payload as ArchiveList;
};
const ids = (list: ArchiveList) => list.content.map((c) => c.id);

/** An INFORMATION or TASK item finished by the plain mark at the given instant. */
async function finishAt(token: string, contentId: number, iso: string) {
  setClock(iso);
  expect((await post('/mobile/content/mark-finished', token, { contentId })).statusCode).toBe(200);
}

/** A one-question quiz with pass mark 100 %; `right` decides whether the submission passes. */
async function quiz(o: { tenantId: number; creatorId: number }, extra: { category?: string } = {}) {
  return makeContent(t.db, {
    ...o,
    ...extra,
    type: 'EDUCATION',
    publishAt: PUBLISHED,
    settings: { passingScore: 1 },
    questions: [{ title: 'Dva i dva?', type: 'SINGLE', answers: [{ title: '4', isCorrect: true }, { title: '5' }] }],
  });
}
async function answerQuiz(token: string, contentId: number, right: boolean) {
  const { questions } = (await get(`/mobile/content/${contentId}/questions`, token)).json().payload as QuestionList;
  const [question] = questions;
  const pick = question?.answers.find((a) => a.title === (right ? '4' : '5'));
  const res = await call(t, {
    method: 'POST',
    url: `/api/mobile/content/${contentId}/form/attempt`,
    token,
    body: { questionAnswers: [{ questionId: question?.id, answers: [pick?.id] }] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode).toBe(200);
  return res.json().payload as { attemptId: number };
}

describe('finished list', () => {
  it('lists the caller finished live items, latest first, three a page, with the whole count', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const items = [];
    for (let i = 0; i < 7; i += 1) items.push(await makeContent(t.db, { ...o, publishAt: PUBLISHED }));
    const unfinished = await makeContent(t.db, { ...o, publishAt: PUBLISHED });
    // Finished in the order 0..6, the last two at the same instant (the newer id first).
    for (const [i, item] of items.entries()) {
      await finishAt(ana.token, item.id, `2026-11-0${Math.min(i, 5) + 1}T10:00:00Z`);
    }
    await finishAt(marko.token, unfinished.id, '2026-11-20T10:00:00Z');
    const newestFirst = items.map((i) => i.id).reverse();

    const first = await finished(ana.token);
    expect(first.count).toBe(7);
    expect(ids(first)).toEqual(newestFirst.slice(0, 3));
    expect(ids(await finished(ana.token, '?offset=3'))).toEqual(newestFirst.slice(3, 6));
    expect(ids(await finished(ana.token, '?offset=6'))).toEqual(newestFirst.slice(6));
    expect(await finished(ana.token, '?offset=9')).toEqual({ count: 7, content: [] });
    expect(first.content[0]).toMatchObject({
      type: 'INFORMATION',
      creator: { name: 'Zoran Zorić' },
      contentInteractions: [{ finishedAt: '2026-11-06T10:00:00.000Z' }],
      lastAttempt: null,
    });

    // An archived item leaves the archive too (it is no longer shown anywhere).
    await authoringOf(t.db).setStatus(o.tenantId, newestFirst[0] ?? 0, 'archived');
    expect((await finished(ana.token)).count).toBe(6);
    expect(await finished(marko.token)).toMatchObject({ count: 1 });
  });

  it('filters by type, creator, category and month in Zagreb: OR within a filter, AND across', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const other = await makeUser(t.db, { tenantId: o.tenantId, role: 'CREATOR', name: 'Ćiril Ćirić', password: null });
    const item = (type: ContentType, creatorId: number, category: string | null) =>
      makeContent(t.db, {
        ...o,
        creatorId,
        type,
        category,
        publishAt: PUBLISHED,
        ...(type === 'TASK' ? { task: { deadline: null } } : {}),
      });
    const safety = await item('INFORMATION', o.creatorId, 'Sigurnost');
    const sales = await item('INFORMATION', other.id, 'Prodaja');
    const task = await item('TASK', other.id, 'Sigurnost');
    const plain = await item('TASK', o.creatorId, null);
    const edu = await quiz(o, { category: 'Sigurnost' });
    // 22:30 UTC on 31 October is 23:30 in Zagreb (CET), still October; 23:30 UTC is already 1 November.
    await finishAt(ana.token, safety.id, '2026-10-31T22:30:00Z');
    await finishAt(ana.token, sales.id, '2026-10-31T23:30:00Z');
    await finishAt(ana.token, task.id, '2026-12-01T09:00:00Z');
    await finishAt(ana.token, plain.id, '2026-09-30T22:30:00Z');
    setClock('2026-12-02T09:00:00Z');
    await answerQuiz(ana.token, edu.id, true);

    const filtered = async (query: string) => ids(await finished(ana.token, `?limit=10&${query}`)).sort();
    const sorted = (...list: number[]) => list.sort();
    expect(await filtered('contentTypes=TASK')).toEqual(sorted(task.id, plain.id));
    expect(await filtered('contentTypes=TASK,EDUCATION')).toEqual(sorted(task.id, plain.id, edu.id));
    expect(await filtered(`creators=${other.id}`)).toEqual(sorted(sales.id, task.id));
    expect(await filtered('categories=Sigurnost')).toEqual(sorted(safety.id, task.id, edu.id));
    expect(await filtered('periods=2026-10')).toEqual(sorted(safety.id, plain.id));
    expect(await filtered('periods=2026-11')).toEqual(sorted(sales.id));
    expect(await filtered('periods=2026-11,2026-12')).toEqual(sorted(sales.id, task.id, edu.id));
    expect(await filtered(`categories=Sigurnost&creators=${other.id}&contentTypes=TASK&periods=2026-12`)).toEqual([
      task.id,
    ]);
    expect(await filtered('categories=Sigurnost&periods=2026-11')).toEqual([]);
    expect((await finished(ana.token, '?categories=Sigurnost&limit=1')).count).toBe(3);

    for (const bad of ['periods=2026-13', 'contentTypes=QUIZ', 'creators=abc', 'limit=0']) {
      const res = await get(`/mobile/content/list/finished?${bad}`, ana.token);
      expect(res.statusCode, bad).toBe(400);
      // A list names the offending entry (`periods.0`).
      expect(res.json().field, bad).toMatch(new RegExp(`^${bad.split('=')[0]}(\\.\\d+)?$`));
    }

    const options = async (lang: string) => {
      const res = await get('/mobile/content/list/filters', ana.token, lang);
      expect(res.statusCode).toBe(200);
      return res.json().payload as FilterOptions;
    };
    expect(await options('hr')).toEqual({
      contentTypes: [
        { label: 'Edukacija', value: 'EDUCATION' },
        { label: 'Informacija', value: 'INFORMATION' },
        { label: 'Zadatak', value: 'TASK' },
      ],
      categories: [
        { label: 'Prodaja', value: 'Prodaja' },
        { label: 'Sigurnost', value: 'Sigurnost' },
      ],
      // Croatian order: Ć after C, before Z.
      creators: [
        { label: 'Ćiril Ćirić', value: String(other.id) },
        { label: 'Zoran Zorić', value: String(o.creatorId) },
      ],
      periods: [
        { label: 'prosinac 2026.', value: '2026-12' },
        { label: 'studeni 2026.', value: '2026-11' },
        { label: 'listopad 2026.', value: '2026-10' },
      ],
    });
    const english = await options('en');
    expect(english.contentTypes.map((c) => c.label)).toEqual(['Course', 'Announcement', 'Task']);
    expect(english.periods.map((p) => p.label)).toEqual(['December 2026', 'November 2026', 'October 2026']);
  });

  it('offers no filter values to someone with nothing finished', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    await makeContent(t.db, { ...o, publishAt: PUBLISHED });
    expect((await get('/mobile/content/list/filters', ana.token)).json().payload).toEqual({
      contentTypes: [],
      categories: [],
      creators: [],
      periods: [],
    });
  });
});

describe('attempts in the archive', () => {
  it('lists education tried and not passed by latest attempt, and moves it to the finished list once passed', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const [older, newer, untried] = [await quiz(o), await quiz(o), await quiz(o)];
    setClock('2026-11-10T10:00:00Z');
    await answerQuiz(ana.token, newer.id, false);
    setClock('2026-11-11T10:00:00Z');
    const olderFirst = await answerQuiz(ana.token, older.id, false);
    setClock('2026-11-12T10:00:00Z');
    const newerLast = await answerQuiz(ana.token, newer.id, false);
    await answerQuiz(marko.token, untried.id, false);

    const pending = async (token: string) => {
      const res = await get('/mobile/content/list/new-with-attempts', token);
      expect(res.statusCode).toBe(200);
      return res.json().payload as ArchiveList;
    };
    const list = await pending(ana.token);
    expect(list.count).toBe(2);
    expect(ids(list)).toEqual([newer.id, older.id]);
    expect(list.content[0]?.lastAttempt).toEqual({
      id: newerLast.attemptId,
      finalMark: 0,
      correct: 0,
      total: 1,
      createdAt: '2026-11-12T10:00:00.000Z',
    });
    expect(list.content[1]?.lastAttempt?.id).toBe(olderFirst.attemptId);
    expect(await finished(ana.token)).toEqual({ count: 0, content: [] });

    setClock('2026-11-13T10:00:00Z');
    const passed = await answerQuiz(ana.token, older.id, true);
    expect(ids(await pending(ana.token))).toEqual([newer.id]);
    const archive = await finished(ana.token);
    expect(ids(archive)).toEqual([older.id]);
    expect(archive.content[0]?.lastAttempt).toEqual({
      id: passed.attemptId,
      finalMark: 1,
      correct: 1,
      total: 1,
      createdAt: '2026-11-13T10:00:00.000Z',
    });
    expect(ids(await pending(marko.token))).toEqual([untried.id]);
  });
});
