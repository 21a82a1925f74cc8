import { HOUR_MS } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, task } from '../../db/schema/index.js';
import { authoringOf, makeContent } from '../../test/content-factories.js';
import { call, makeOrg, makeSession, makeUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = () => t.app.services.jobs.kick();
/** A person's view now: their home's items and their archive's. */
async function viewOf(user: { id: number; tenantId: number }) {
  const token = await makeSession(t.db, user, t.clock.now());
  const list = async (path: string) => {
    const res = await call(t, { url: `/api/mobile/content/list/${path}`, token });
    expect(res.statusCode).toBe(200);
    return (res.json().payload.content as { id: number }[]).map((c) => c.id);
  };
  return { home: await list('new'), archive: await list('finished'), token };
}
/** A repeating task's occurrences, oldest first. */
const occurrencesOf = (tenantId: number, name: string) =>
  t.db
    .select({
      id: content.id,
      deadline: task.deadline,
      occurrence: task.occurrence,
      supersededAt: task.supersededAt,
    })
    .from(content)
    .innerJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
    .where(and(eq(content.tenantId, tenantId), eq(content.name, name)))
    .orderBy(task.occurrence);

describe('a repeating task', () => {
  it('makes one occurrence a period, due on the month’s last day when it is shorter, across a DST change', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const done = await makeUser(t.db, { tenantId });
    const late = await makeUser(t.db, { tenantId });
    // Due 31 January 2027 at 17:00 in Zagreb.
    const first = await makeContent(t.db, {
      tenantId,
      creatorId,
      type: 'TASK',
      name: 'Mjesečno izvješće',
      publishAt: t.clock.now(),
      audience: { users: [done.id, late.id] },
      task: { deadline: new Date('2027-01-31T16:00:00Z'), repeat: 'MONTHLY' },
    });
    const finish = await call(t, {
      method: 'POST',
      url: '/api/mobile/content/mark-finished',
      token: (await viewOf(done)).token,
      body: { contentId: first.id },
    });
    expect(finish.statusCode).toBe(200);

    t.clock.advance(new Date('2027-01-31T16:00:00Z').getTime() - 1000 - t.clock.now().getTime());
    await run();
    expect(await occurrencesOf(tenantId, 'Mjesečno izvješće')).toHaveLength(1);

    t.clock.advance(1000);
    await run();
    await run();
    const [, second] = await occurrencesOf(tenantId, 'Mjesečno izvješće');
    expect(second).toMatchObject({ deadline: new Date('2027-02-28T16:00:00Z'), occurrence: 1, supersededAt: null });
    // The home shows only the current occurrence; the finished one stays in the archive, each with its state.
    expect(await viewOf(done)).toMatchObject({ home: [second?.id], archive: [first.id] });
    expect(await viewOf(late)).toMatchObject({ home: [second?.id], archive: [] });

    for (const deadline of ['2027-02-28T16:00:00Z', '2027-03-31T15:00:00Z']) {
      t.clock.advance(new Date(deadline).getTime() - t.clock.now().getTime());
      await run();
    }
    const occurrences = await occurrencesOf(tenantId, 'Mjesečno izvješće');
    expect(occurrences.map((o) => [o.occurrence, o.deadline?.toISOString(), o.supersededAt !== null])).toEqual([
      [0, '2027-01-31T16:00:00.000Z', true],
      [1, '2027-02-28T16:00:00.000Z', true],
      // Summer time from 28 March: 17:00 in Zagreb is 15:00 UTC.
      [2, '2027-03-31T15:00:00.000Z', true],
      [3, '2027-04-30T15:00:00.000Z', false],
    ]);
    expect((await viewOf(late)).home).toEqual([occurrences[3]?.id]);
    // The staff's list tells the occurrences apart.
    const creator = await makeSession(t.db, { id: creatorId, tenantId }, t.clock.now());
    const listed = await call(t, { url: '/api/content?q=Mjesečno&sort=publishAt', token: creator });
    expect(listed.json().payload.items.map((i: { task: unknown }) => i.task)).toEqual([
      { deadline: '2027-01-31T16:00:00.000Z', repeat: 'MONTHLY', occurrence: 0, replaced: true },
      { deadline: '2027-02-28T16:00:00.000Z', repeat: 'MONTHLY', occurrence: 1, replaced: true },
      { deadline: '2027-03-31T15:00:00.000Z', repeat: 'MONTHLY', occurrence: 2, replaced: true },
      { deadline: '2027-04-30T15:00:00.000Z', repeat: 'MONTHLY', occurrence: 3, replaced: false },
    ]);
  });

  it('keeps a replaced occurrence out of the home when it is edited, and stops when the task stops repeating', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const person = await makeUser(t.db, { tenantId });
    const deadline = new Date(t.clock.now().getTime() + 2 * HOUR_MS);
    const first = await makeContent(t.db, {
      tenantId,
      creatorId,
      type: 'TASK',
      name: 'Dnevni obilazak',
      publishAt: t.clock.now(),
      audience: { users: [person.id] },
      task: { deadline, repeat: 'DAILY' },
    });
    t.clock.advance(2 * HOUR_MS);
    await run();
    const [, second] = await occurrencesOf(tenantId, 'Dnevni obilazak');
    expect(second?.deadline).toEqual(new Date(deadline.getTime() + 24 * HOUR_MS));

    await authoringOf(t.db).update(tenantId, first.id, {
      name: 'Dnevni obilazak',
      task: { deadline, repeat: 'DAILY', reminderMinutes: null },
    });
    expect((await viewOf(person)).home).toEqual([second?.id]);

    await authoringOf(t.db).update(tenantId, second?.id ?? 0, {
      task: { deadline: second?.deadline ?? null, repeat: 'NO_REPEAT', reminderMinutes: null },
    });
    t.clock.advance(24 * HOUR_MS);
    await run();
    expect(await occurrencesOf(tenantId, 'Dnevni obilazak')).toHaveLength(2);
  });

  it('after a server was down for several periods, makes only the occurrence due next', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const person = await makeUser(t.db, { tenantId });
    const deadline = new Date(t.clock.now().getTime() + HOUR_MS);
    await makeContent(t.db, {
      tenantId,
      creatorId,
      type: 'TASK',
      name: 'Tjedni pregled',
      publishAt: t.clock.now(),
      audience: { users: [person.id] },
      task: { deadline, repeat: 'WEEKLY' },
    });
    t.clock.advance(HOUR_MS + 15 * 24 * HOUR_MS);
    await run();
    const occurrences = await occurrencesOf(tenantId, 'Tjedni pregled');
    expect(occurrences.map((o) => o.occurrence)).toEqual([0, 3]);
    expect(occurrences[1]?.deadline?.getTime()).toBe(deadline.getTime() + 3 * 7 * 24 * HOUR_MS);
  });
});
