import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempt, pointsLedger } from '../../db/schema/index.js';
import { makeContent, makeGroup } from '../../test/content-factories.js';
import { call, makeOrg, makePerson } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const org = () => makeOrg(t.db);

const person = (tenantId: number) => makePerson(t.db, tenantId, { now: t.clock.now() });

const post = (url: string, token: string, body: unknown) => call(t, { method: 'POST', url: `/api${url}`, token, body });
const get = (url: string, token: string) => call(t, { url: `/api${url}`, token });

describe('profile statistics', () => {
  it('counts finished against visible items, and finished items per type in the panel order', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const make = (type: 'EDUCATION' | 'INFORMATION' | 'TASK') => makeContent(t.db, { ...o, type });
    const poll = await makeContent(t.db, { ...o, type: 'POLL', questions: [{ title: 'Kava?', type: 'TEXT' }] });
    const tasks = [await make('TASK'), await make('TASK')];
    await make('INFORMATION');
    await make('EDUCATION');
    await makeContent(t.db, { ...o, status: 'draft' });
    for (const task of tasks) await post('/mobile/content/mark-finished', ana.token, { contentId: task.id });
    const [question] = (await get(`/mobile/content/${poll.id}/questions`, ana.token)).json().payload.questions;
    const answers = { questionAnswers: [{ questionId: question.id, text: 'Da' }] };
    expect((await post(`/mobile/content/${poll.id}/form/attempt`, ana.token, answers)).statusCode).toBe(200);

    expect((await get('/mobile/content/info/stats', ana.token)).json().payload).toEqual({
      finishedContent: 3,
      totalContent: 5,
    });
    expect((await get('/mobile/content/info/count', ana.token)).json().payload).toEqual([
      { type: 'EDUCATION', count: 0 },
      { type: 'INFORMATION', count: 0 },
      { type: 'POLL', count: 1 },
      { type: 'TASK', count: 2 },
      { type: 'INQUIRY', count: 0 },
    ]);
  });

  it('has accuracy 0, no points and no rank for a newcomer', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    expect((await get('/mobile/users/stats', ana.token)).json().payload).toEqual({
      accuracy: 0,
      points: 0,
      rank: null,
    });
  });

  it('computes accuracy over all attempts, points from the ledger and a dense rank within the tenant', async () => {
    const o = await org();
    const [ana, marko, ivan, tena] = [
      await person(o.tenantId),
      await person(o.tenantId),
      await person(o.tenantId),
      await person(o.tenantId),
    ];
    const other = await org();
    const stranger = await person(other.tenantId);
    const quiz = await makeContent(t.db, { ...o, type: 'EDUCATION' });
    const theirQuiz = await makeContent(t.db, { ...other, type: 'EDUCATION' });
    const tenantId = o.tenantId;
    await t.db.insert(attempt).values([
      { tenantId, userId: ana.id, contentId: quiz.id, finalMark: 2 / 3, correct: 2, total: 3 },
      { tenantId, userId: ana.id, contentId: quiz.id, finalMark: 1, correct: 3, total: 3 },
      { tenantId, userId: marko.id, contentId: quiz.id, finalMark: 0, correct: 0, total: 4 },
    ]);
    await t.db.insert(pointsLedger).values([
      { tenantId, userId: ana.id, contentId: quiz.id, points: 30, reason: 'education_passed' },
      { tenantId, userId: ana.id, contentId: null, points: -10, reason: 'correction' },
      { tenantId, userId: marko.id, contentId: quiz.id, points: 50, reason: 'education_passed' },
      { tenantId, userId: ivan.id, contentId: quiz.id, points: 20, reason: 'education_passed' },
      {
        tenantId: other.tenantId,
        userId: stranger.id,
        contentId: theirQuiz.id,
        points: 500,
        reason: 'education_passed',
      },
    ]);
    const stats = async (token: string) => (await get('/mobile/users/stats', token)).json().payload;
    // 5 of 6 correct → 83 %; 20 points, tied with ivan behind marko's 50: dense rank 2.
    expect(await stats(ana.token)).toEqual({ accuracy: 83, points: 20, rank: 2 });
    expect(await stats(ivan.token)).toEqual({ accuracy: 0, points: 20, rank: 2 });
    expect(await stats(marko.token)).toEqual({ accuracy: 0, points: 50, rank: 1 });
    expect(await stats(tena.token)).toEqual({ accuracy: 0, points: 0, rank: null });
    expect(await stats(stranger.token)).toEqual({ accuracy: 0, points: 500, rank: 1 });
  });

  it('lists the caller groups by name', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const uprava = await makeGroup(t.db, { tenantId: o.tenantId, name: 'Uprava', members: [ana.id] });
    const cakovec = await makeGroup(t.db, { tenantId: o.tenantId, name: 'Čakovec', members: [ana.id] });
    const prodaja = await makeGroup(t.db, { tenantId: o.tenantId, name: 'Prodaja', members: [ana.id, marko.id] });
    await makeGroup(t.db, { tenantId: o.tenantId, name: 'Ostali', members: [marko.id] });
    expect((await get('/mobile/users/groups', ana.token)).json().payload).toEqual([
      { id: cakovec.id, name: 'Čakovec' },
      { id: prodaja.id, name: 'Prodaja' },
      { id: uprava.id, name: 'Uprava' },
    ]);
  });
});
