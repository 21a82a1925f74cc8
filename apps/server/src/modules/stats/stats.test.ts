import { DAY_MS, HOUR_MS, richDocOf, STATS_SNAPSHOT_TTL_MS } from '@kanal/contract';
import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { appUser, personActivity } from '../../db/schema/index.js';
import { addDays, appDay } from '../../lib/clock.js';
import { makeContent, makeGroup } from '../../test/content-factories.js';
import { COUNTERS } from '../../test/counters.js';
import { call, makePerson, makeSession, makeTenant, makeUser, signIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createStatsRepository } from './stats.repository.js';

// A small organisation whose figures are worked out by hand in each test: six active people (three staff,
// three users) in two groups that share one person; a quiz failed then passed by one and passed at the mark
// by another; a poll answered once; a task done by one, whose deadline later passes; an announcement from
// before the dashboard's period. Every event happens "today".
let t: TestApp;
type Person = { id: number; tenantId: number; token: string };
let admin: Person;
let analyst: Person;
let creator: Person;
let p1: Person;
let p2: Person;
let p3: Person;
let tenantId: number;
let quizId: number;
let taskId: number;
let pollId: number;
let today: string;

const get = (person: Person, url: string) => call(t, { url, token: person.token });
const post = (person: Person, url: string, body: unknown) =>
  call(t, { method: 'POST', url, token: person.token, body });
const ok = async <T>(response: ReturnType<typeof call>) => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as T;
};

type Quiz = { questions: { id: number; answers: { id: number; isCorrect: boolean }[] }[] };
async function answer(person: Person, quiz: Quiz, right: number) {
  await ok(
    post(person, `/api/mobile/content/${quizId}/form/attempt`, {
      questionAnswers: quiz.questions.map((q, i) => ({
        questionId: q.id,
        answers: q.answers.filter((a) => a.isCorrect === i < right).map((a) => a.id),
      })),
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  today = appDay(now);
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
  analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now });
  creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  [p1, p2, p3] = [
    await makePerson(t.db, tenantId, { now }),
    await makePerson(t.db, tenantId, { now }),
    await makePerson(t.db, tenantId, { now }),
  ];
  await makePerson(t.db, tenantId, { active: false, now });
  // Each has set a password: accepted the invitation (an account without one is only invited).
  await t.db.update(appUser).set({ passwordHash: 'set' }).where(eq(appUser.tenantId, tenantId));
  const sales = await makeGroup(t.db, { tenantId, name: 'Prodaja', members: [p1.id, p2.id] });
  const warehouse = await makeGroup(t.db, { tenantId, name: 'Skladište', members: [p2.id, p3.id] });

  const base = { tenantId, creatorId: creator.id, status: 'published' as const };
  await makeContent(t.db, { ...base, name: 'Stara obavijest', publishAt: new Date(now.getTime() - 40 * DAY_MS) });
  quizId = (
    await makeContent(t.db, {
      ...base,
      type: 'EDUCATION',
      name: 'Zaštita na radu',
      publishAt: new Date(now.getTime() - HOUR_MS),
      settings: { passingScore: 0.5 },
      audience: { groups: [sales.id, warehouse.id] },
      questions: [
        { title: 'Prvo?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
        { title: 'Drugo?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
      ],
    })
  ).id;
  taskId = (
    await makeContent(t.db, {
      ...base,
      type: 'TASK',
      name: 'Inventura',
      publishAt: new Date(now.getTime() - HOUR_MS),
      task: { deadline: new Date(now.getTime() + HOUR_MS) },
    })
  ).id;
  pollId = (
    await makeContent(t.db, {
      ...base,
      type: 'POLL',
      name: 'Izlet',
      publishAt: new Date(now.getTime() - HOUR_MS),
      questions: [{ title: 'Kamo?', type: 'SINGLE', answers: [{ title: 'More' }, { title: 'Planine' }] }],
    })
  ).id;

  const quiz = await ok<Quiz>(get(creator, `/api/content/${quizId}`));
  await post(p1, '/api/mobile/content/mark-viewed', { contentId: quizId });
  await answer(p1, quiz, 0);
  await answer(p1, quiz, 2);
  await post(p2, '/api/mobile/content/mark-viewed', { contentId: quizId });
  await answer(p2, quiz, 1);
  const poll = await ok<Quiz>(get(creator, `/api/content/${pollId}`));
  await ok(
    post(p1, `/api/mobile/content/${pollId}/form/attempt`, {
      questionAnswers: [{ questionId: poll.questions[0]?.id, answers: [poll.questions[0]?.answers[0]?.id] }],
    }),
  );
  await post(p3, '/api/mobile/content/mark-viewed', { contentId: taskId });
  await ok(post(p3, '/api/mobile/content/mark-finished', { contentId: taskId }));
});
afterAll(() => t.close());

describe('activity over time', () => {
  it('counts the tenant’s openings, finishes and submissions per day and type, a poll’s respondents as its submissions', async () => {
    const activity = await ok<{ periods: { start: string; types: { type: string }[] }[] }>(
      get(analyst, `/api/content/info/activity?from=${addDays(today, -1)}&to=${today}`),
    );
    const [yesterday, now] = activity.periods;
    expect(yesterday).toMatchObject({ start: addDays(today, -1), viewed: 0, finished: 0, attempts: 0 });
    // Opened: p1 and p2 the quiz, p1 the poll (answering opens it), p3 the task. Finished: p1 and p2 the
    // quiz (p2 at the pass mark), p1 the poll, p3 the task. Submitted: three quiz attempts, one poll answer.
    expect(now).toMatchObject({ start: today, viewed: 4, finished: 4, attempts: 4 });
    expect(now?.types).toEqual([
      { type: 'EDUCATION', viewed: 2, finished: 2, attempts: 3 },
      { type: 'POLL', viewed: 1, finished: 1, attempts: 1 },
      { type: 'INQUIRY', viewed: 0, finished: 0, attempts: 0 },
      { type: 'INFORMATION', viewed: 0, finished: 0, attempts: 0 },
      { type: 'TASK', viewed: 1, finished: 1, attempts: 0 },
    ]);
  });

  it('gives whole weeks from Monday and whole months, and the last 30 days when no range is named', async () => {
    const weeks = await ok<{ periods: { start: string; viewed: number }[] }>(
      get(admin, `/api/content/info/activity?from=${addDays(today, -14)}&to=${today}&granularity=week`),
    );
    for (const period of weeks.periods) expect(new Date(`${period.start}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.periods.at(-1)?.viewed).toBe(4);
    expect(weeks.periods.reduce((sum, p) => sum + p.viewed, 0)).toBe(4);

    const months = await ok<{ periods: { start: string }[] }>(
      get(admin, `/api/content/info/activity?from=${today}&to=${today}&granularity=month`),
    );
    expect(months.periods.map((p) => p.start)).toEqual([`${today.slice(0, 8)}01`]);

    const recent = await ok<{ periods: { start: string }[] }>(get(admin, '/api/content/info/activity'));
    expect(recent.periods).toHaveLength(30);
    expect(recent.periods.at(-1)?.start).toBe(today);
  });

  it('shows one item’s activity the same way', async () => {
    const activity = await ok<{ periods: unknown[] }>(
      get(creator, `/api/content/${quizId}/info/activity?from=${today}&to=${today}`),
    );
    expect(activity).toEqual({
      granularity: 'day',
      periods: [{ start: today, viewed: 2, finished: 2, attempts: 3 }],
    });
    const poll = await ok<{ periods: unknown[] }>(
      get(analyst, `/api/content/${pollId}/info/activity?from=${today}&to=${today}`),
    );
    expect(poll.periods).toEqual([{ start: today, viewed: 1, finished: 1, attempts: 1 }]);
  });

  it('refuses a range backwards or too long for its periods, naming the field in the caller’s language', async () => {
    const backwards = await call(t, {
      url: `/api/content/info/activity?from=${today}&to=${addDays(today, -1)}`,
      token: admin.token,
      lang: 'en',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      field: 'from',
      message: expect.stringContaining('The start date cannot be after the end date'),
    });
    const long = await get(admin, `/api/content/${quizId}/info/activity?from=2020-01-01&to=2022-01-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'from', message: expect.stringContaining('400') });
    // The same years by month are fine.
    expect(
      (await get(admin, '/api/content/info/activity?from=2020-01-01&to=2022-01-01&granularity=month')).statusCode,
    ).toBe(200);
    expect((await get(admin, '/api/content/info/activity?granularity=year')).statusCode).toBe(400);
  });
});

describe('the dashboard', () => {
  it('sums up the last 30 days against the 30 before, and what stands now', async () => {
    // Days people used the app, written as sign-ins and returning sessions write them (tested below).
    const days: [Person, number][] = [
      [p1, 0],
      [p2, 0],
      [p1, 10],
      [p3, 10],
      [p3, 40],
    ];
    await t.db
      .insert(personActivity)
      .values(days.map(([person, ago]) => ({ tenantId, userId: person.id, day: addDays(today, -ago) })));

    const overview = await ok<Record<string, unknown>>(get(analyst, '/api/stats/dashboard/overview'));
    expect(overview).toEqual({
      computedAt: t.clock.now().toISOString(),
      // The deactivated person is not counted.
      people: 6,
      activeWeek: { value: 2, previous: 2 },
      activeMonth: { value: 3, previous: 1 },
      published: { value: 3, previous: 1 },
      // Quiz 2 of 3, task 1 of 6, poll 1 of 6; before: the announcement, 0 of 6.
      completion: { value: 27, previous: 0 },
      // Marks 0, 1 and 0.5.
      averageMark: { value: 0.5, previous: null },
      byType: [
        { type: 'EDUCATION', items: 1, audience: 3, finished: 2, percent: 67 },
        { type: 'POLL', items: 1, audience: 6, finished: 1, percent: 17 },
        { type: 'INFORMATION', items: 1, audience: 6, finished: 0, percent: 0 },
        { type: 'TASK', items: 1, audience: 6, finished: 1, percent: 17 },
      ],
      overdue: { tasks: 0, people: 0, items: [] },
    });
  });

  it('serves the same figures for a while, then computes them again', async () => {
    // The task's deadline has passed: everyone but p3 has it still to do.
    t.clock.advance(2 * HOUR_MS);
    const first = await ok<{ computedAt: string; overdue: unknown }>(get(admin, '/api/stats/dashboard/overview'));
    expect(first.computedAt).toBe(t.clock.now().toISOString());
    expect(first.overdue).toEqual({
      tasks: 1,
      people: 5,
      items: [{ id: taskId, name: 'Inventura', deadline: expect.any(String), audience: 6, unfinished: 5 }],
    });
    // p2 does it late: a snapshot younger than its time to live is served as it is, then computed again.
    await ok(post(p2, '/api/mobile/content/mark-finished', { contentId: taskId }));
    t.clock.advance(STATS_SNAPSHOT_TTL_MS - 1000);
    expect(await ok(get(admin, '/api/stats/dashboard/overview'))).toEqual(first);
    t.clock.advance(1000);
    const again = await ok<{ computedAt: string; overdue: { people: number } }>(
      get(admin, '/api/stats/dashboard/overview'),
    );
    expect(again.computedAt).toBe(t.clock.now().toISOString());
    expect(again.overdue.people).toBe(4);

    // Requests that find it stale together compute it once: the others wait for it and read it.
    t.clock.advance(STATS_SNAPSHOT_TTL_MS);
    admin.token = await makeSession(t.db, admin, t.clock.now());
    const together = await Promise.all(
      Array.from({ length: 5 }, () => ok<{ computedAt: string }>(get(admin, '/api/stats/dashboard/overview'))),
    );
    expect(new Set(together.map((o) => o.computedAt))).toEqual(new Set([t.clock.now().toISOString()]));
  });

  it('shows each group’s members and how far they got, a person in both groups in each', async () => {
    const groups = await ok<{ items: unknown[] }>(get(analyst, '/api/tenant/info/groups'));
    // Each member has four live items. Prodaja (p1, p2): the quiz by both, the poll by p1 and the task by
    // p2. Skladište (p2, p3): the quiz by p2 and the task by both.
    expect(groups.items).toEqual([
      { id: expect.any(Number), name: 'Prodaja', members: 2, received: 8, finished: 4, percent: 50 },
      { id: expect.any(Number), name: 'Skladište', members: 2, received: 8, finished: 3, percent: 38 },
    ]);
  });

  it('names the five people with the most points and the five items finished by the largest share', async () => {
    const top = await ok<{ people: unknown[]; items: unknown[] }>(get(admin, `/api/tenant/top-five/${tenantId}`));
    // Ten points per right answer of the first passing attempt: p1 two, p2 one.
    expect(top.people).toEqual([
      { id: p1.id, name: expect.any(String), points: 20, rank: 1 },
      { id: p2.id, name: expect.any(String), points: 10, rank: 2 },
    ]);
    expect(top.items).toEqual([
      { id: quizId, name: 'Zaštita na radu', type: 'EDUCATION', audience: 3, finished: 2, percent: 67 },
      { id: taskId, name: 'Inventura', type: 'TASK', audience: 6, finished: 2, percent: 33 },
      { id: pollId, name: 'Izlet', type: 'POLL', audience: 6, finished: 1, percent: 17 },
      expect.objectContaining({ name: 'Stara obavijest', finished: 0, percent: 0 }),
    ]);
  });

  it('lets the tenant’s admins and analysts in, a SUPERADMIN into any, and no one else', async () => {
    const paths = ['/api/content/info/activity', '/api/stats/dashboard/overview', '/api/tenant/info/groups'];
    const other = await makeTenant(t.db);
    const outsider = await makePerson(t.db, other.id, { role: 'ADMIN', now: t.clock.now() });
    const superadmin = await makePerson(t.db, other.id, { role: 'SUPERADMIN', now: t.clock.now() });
    await t.db.update(appUser).set({ passwordHash: 'set' }).where(eq(appUser.tenantId, other.id));
    for (const person of [p1, creator]) person.token = await makeSession(t.db, person, t.clock.now());
    for (const path of paths) {
      expect((await get(p1, path)).statusCode, path).toBe(403);
      expect((await get(creator, path)).statusCode, path).toBe(403);
      expect((await get(outsider, `${path}?tenant=${tenantId}`)).statusCode, path).toBe(404);
      expect((await get(superadmin, `${path}?tenant=${tenantId}`)).statusCode, path).toBe(200);
    }
    const groups = await ok<{ items: { name: string }[] }>(
      get(superadmin, `/api/tenant/info/groups?tenant=${tenantId}`),
    );
    expect(groups.items.map((g) => g.name)).toEqual(['Prodaja', 'Skladište']);
    // The outsider's own organisation has none of it; an invitation never accepted is no active account.
    await makeUser(t.db, { tenantId: other.id, password: null });
    const own = await ok<{ people: number; published: { value: number } }>(
      get(outsider, '/api/stats/dashboard/overview'),
    );
    expect(own).toMatchObject({ people: 2, published: { value: 0 } });
  });
});

describe('the activity counters', () => {
  const { recount, kept } = COUNTERS.activity;
  const { recount: reachRecount, kept: reachKept } = COUNTERS.reach;
  const rows = async (query: typeof kept) => rowsOf(await t.db.execute(query));

  it('equal a count of the inbox and the attempts, after an attempt is deleted and a person is removed', async () => {
    expect(await rows(kept)).toEqual(await rows(recount));
    expect(await rows(reachKept)).toEqual(await rows(reachRecount));
    const [attempt] = (
      await ok<{ items: { id: number }[] }>(get(admin, `/api/userAnswer?content=${quizId}&user=${p2.id}`))
    ).items;
    expect(
      (await call(t, { method: 'DELETE', url: `/api/userAnswer/${attempt?.id}`, token: admin.token })).statusCode,
    ).toBe(200);
    const gone = await makePerson(t.db, tenantId, { now: t.clock.now() });
    await post(gone, '/api/mobile/content/mark-viewed', { contentId: pollId });
    await t.db.delete(appUser).where(eq(appUser.id, gone.id));
    const after = await rows(kept);
    expect(after).toEqual(await rows(recount));
    expect(await rows(reachKept)).toEqual(await rows(reachRecount));
    // p2's attempt, and with it their finish, are gone from today's quiz figures.
    expect(after).toContainEqual(
      expect.objectContaining({
        tenant_id: tenantId,
        day: today,
        type: 'EDUCATION',
        viewed: 2,
        finished: 1,
        attempts: 2,
      }),
    );
  });
});

describe('the groups counters', () => {
  // What the groups table shows, counted from the tables themselves at the test clock's time, against the
  // counters summed over their slots and the publication times that have come.
  const recount = () => sql`
    SELECT g.tenant_id, g.id AS group_id,
      (SELECT count(*) FROM group_member m JOIN app_user u ON u.tenant_id = m.tenant_id AND u.id = m.user_id AND u.active
        WHERE m.tenant_id = g.tenant_id AND m.group_id = g.id)::int AS members,
      (SELECT count(*) FROM group_member m JOIN app_user u ON u.tenant_id = m.tenant_id AND u.id = m.user_id AND u.active
        JOIN content_interaction ci ON ci.tenant_id = m.tenant_id AND ci.user_id = m.user_id AND ci.live
          AND ci.publish_at <= ${t.clock.now().toISOString()}::timestamptz
        WHERE m.tenant_id = g.tenant_id AND m.group_id = g.id)::int AS received,
      (SELECT count(ci.finished_at) FROM group_member m JOIN app_user u ON u.tenant_id = m.tenant_id AND u.id = m.user_id AND u.active
        JOIN content_interaction ci ON ci.tenant_id = m.tenant_id AND ci.user_id = m.user_id AND ci.live
          AND ci.publish_at <= ${t.clock.now().toISOString()}::timestamptz
        WHERE m.tenant_id = g.tenant_id AND m.group_id = g.id)::int AS finished
    FROM user_group g ORDER BY 1, 2`;
  const kept = () => sql`
    SELECT g.tenant_id, g.id AS group_id, coalesce(sum(r.members), 0)::int AS members,
      coalesce(sum(r.received), 0)::int AS received, coalesce(sum(r.finished), 0)::int AS finished
    FROM user_group g LEFT JOIN group_reach r ON r.tenant_id = g.tenant_id AND r.group_id = g.id
      AND r.due_from <= ${t.clock.now().toISOString()}::timestamptz
    GROUP BY 1, 2 ORDER BY 1, 2`;
  const rows = async (query: SQL) => rowsOf(await t.db.execute(query));
  const same = async () => expect(await rows(kept())).toEqual(await rows(recount()));

  it('equal a count of the members’ inboxes through joining, leaving, deactivation, deletion and a scheduled item', async () => {
    await same();
    const org = (await makeTenant(t.db)).id;
    const now = t.clock.now();
    const boss = await makePerson(t.db, org, { role: 'ADMIN', now });
    const [a, b, c] = [
      await makePerson(t.db, org, { now }),
      await makePerson(t.db, org, { now }),
      await makePerson(t.db, org, { now }),
    ] as [Person, Person, Person];
    const team = await makeGroup(t.db, { tenantId: org, name: 'Tim', members: [a.id, b.id] });
    const teamRow = async () => (await rows(kept())).find((r) => (r as { group_id: number }).group_id === team.id);
    const patchGroup = (body: unknown) =>
      ok(call(t, { method: 'PATCH', url: `/api/group/${team.id}`, token: boss.token, body }));
    const item = await ok<{ id: number }>(
      post(boss, '/api/content', {
        type: 'INFORMATION',
        name: 'Novi kućni red',
        material: { doc: richDocOf('Vrijedi od ponedjeljka.') },
        audience: { everyone: true },
        publish: { mode: 'now' },
      }),
    );
    await post(a, '/api/mobile/content/mark-finished', { contentId: item.id });
    await same();
    // Scheduled for an hour from now: nobody has received it until then.
    await ok(
      post(boss, '/api/content', {
        type: 'INFORMATION',
        name: 'Sutrašnji sastanak',
        material: { doc: richDocOf('U devet.') },
        audience: { everyone: true },
        publish: { mode: 'schedule', at: new Date(now.getTime() + HOUR_MS).toISOString() },
      }),
    );
    await same();
    expect(await teamRow()).toEqual({ tenant_id: org, group_id: team.id, members: 2, received: 2, finished: 1 });
    t.clock.advance(2 * HOUR_MS);
    await same();
    expect(await teamRow()).toEqual({ tenant_id: org, group_id: team.id, members: 2, received: 4, finished: 1 });

    await patchGroup({ addUserIds: [c.id], removeUserIds: [a.id] });
    await same();
    await ok(call(t, { method: 'PATCH', url: `/api/user/${b.id}`, token: boss.token, body: { active: false } }));
    await same();
    await ok(call(t, { method: 'PATCH', url: `/api/user/${b.id}`, token: boss.token, body: { active: true } }));
    await same();
    await t.db.delete(appUser).where(eq(appUser.id, c.id));
    await same();
    expect(await teamRow()).toEqual({ tenant_id: org, group_id: team.id, members: 1, received: 2, finished: 0 });
    await ok(call(t, { method: 'DELETE', url: `/api/group/${team.id}`, token: boss.token }));
    await same();
  });
});

describe('who counts as active', () => {
  it('is whoever signed in that day, or came back on a new day with a session', async () => {
    const org = (await makeTenant(t.db)).id;
    const person = await makeUser(t.db, { tenantId: org });
    const daysOf = async () =>
      (await t.db.select().from(personActivity))
        .filter((row) => row.userId === person.id)
        .map((row) => row.day)
        .sort();

    const start = t.clock.now();
    const token = await signIn(t, person.email as string, undefined, true);
    expect(await daysOf()).toEqual([appDay(start)]);

    // The next request a day later, with the same remembered session.
    t.clock.advance(DAY_MS);
    const next = t.clock.now();
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(200);
    expect(await daysOf()).toEqual([...new Set([appDay(start), appDay(next)])].sort());
    // A request a minute later writes nothing new (unless midnight came in between).
    t.clock.advance(60_000);
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(200);
    expect(await daysOf()).toEqual([...new Set([appDay(start), appDay(next), appDay(t.clock.now())])].sort());
  });
});

describe('people active in a range', () => {
  it('equal a distinct count of their days, written in any order and beyond the 64 days kept', async () => {
    const org = (await makeTenant(t.db)).id;
    const people = [
      await makeUser(t.db, { tenantId: org }),
      await makeUser(t.db, { tenantId: org }),
      await makeUser(t.db, { tenantId: org }),
    ];
    const today = appDay(t.clock.now());
    // Days back from today per person, each list written in its order, one statement a day; then a batch.
    const back = [
      [0, 7, 29, 30, 59, 63],
      [100, 64, 13, 6, 1],
      [45, 2, 80],
    ];
    for (const [i, days] of back.entries())
      for (const d of days)
        await t.db
          .insert(personActivity)
          .values({ tenantId: org, userId: people[i]?.id as number, day: addDays(today, -d) });
    await t.db
      .insert(personActivity)
      .values([20, 21, 22].map((d) => ({ tenantId: org, userId: people[2]?.id as number, day: addDays(today, -d) })));

    const ranges = [
      [6, 0],
      [13, 7],
      [29, 0],
      [59, 30],
      [63, 63],
      [1, 1],
      [22, 20],
    ].map(([from, to]) => ({ first: addDays(today, -(from as number)), last: addDays(today, -(to as number)) }));
    const distinct = async ({ first, last }: { first: string; last: string }) =>
      (
        await t.db
          .selectDistinct({ userId: personActivity.userId })
          .from(personActivity)
          .where(and(eq(personActivity.tenantId, org), between(personActivity.day, first, last)))
      ).length;
    const kept = await createStatsRepository(t.db).activePeople(org, ranges);
    expect(kept).toEqual(await Promise.all(ranges.map(distinct)));
    expect(kept).toEqual([3, 2, 3, 2, 1, 1, 1]);
  });
});

describe('overdue tasks', () => {
  it('count who had the task by its deadline, not who joined its group since', async () => {
    const other = (await makeTenant(t.db)).id;
    const now = t.clock.now();
    const boss = await makePerson(t.db, other, { role: 'ADMIN', now });
    const early = await makePerson(t.db, other, { now });
    const late = await makePerson(t.db, other, { now });
    const team = await makeGroup(t.db, { tenantId: other, name: 'Tim', members: [early.id] });
    const item = await ok<{ id: number }>(
      post(boss, '/api/content', {
        type: 'TASK',
        name: 'Popis opreme',
        task: { deadline: new Date(now.getTime() + HOUR_MS).toISOString() },
        audience: { groups: [team.id] },
        publish: { mode: 'now' },
      }),
    );
    t.clock.advance(2 * HOUR_MS);
    await ok(
      call(t, { method: 'PATCH', url: `/api/group/${team.id}`, token: boss.token, body: { addUserIds: [late.id] } }),
    );

    const { overdue } = await ok<{ overdue: unknown }>(get(boss, '/api/stats/dashboard/overview'));
    expect(overdue).toEqual({
      tasks: 1,
      people: 1,
      items: [expect.objectContaining({ id: item.id, audience: 2, unfinished: 1 })],
    });
  });
});
