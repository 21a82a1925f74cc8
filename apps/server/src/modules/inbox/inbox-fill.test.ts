import { richDocOf } from '@kanal/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentInteraction, contentNotice, job } from '../../db/schema/index.js';
import { authoringOf, makeGroup } from '../../test/content-factories.js';
import { call, makePerson, makeTenant } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { INBOX_FILL_QUEUE } from './inbox.service.js';

// Three rows a batch: a tenant of ten people is a "large" audience here.
const BATCH = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { INBOX_FILL_BATCH: String(BATCH) } });
});
afterAll(() => t.close());

type Person = { id: number; token: string };
const run = () => t.app.services.jobs.kick();

async function org(people: number) {
  const tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  const admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
  const members: Person[] = [];
  for (let i = 0; i < people; i += 1) members.push(await makePerson(t.db, tenantId, { now }));
  return { tenantId, admin, members, everyone: people + 1 };
}

const send = (person: Person, method: 'POST' | 'PATCH', url: string, body: unknown = {}) =>
  call(t, { method, url, token: person.token, body });

async function publish(admin: Person, extra: Record<string, unknown> = {}) {
  const res = await send(admin, 'POST', '/api/content', {
    type: 'INFORMATION',
    name: 'Novi kućni red',
    material: { doc: richDocOf('Vrijedi od ponedjeljka.') },
    audience: { everyone: true },
    publish: { mode: 'now' },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { id: number };
}

async function rowsOf(tenantId: number, contentId: number) {
  const rows = await t.db
    .select({ userId: contentInteraction.userId })
    .from(contentInteraction)
    .where(and(eq(contentInteraction.tenantId, tenantId), eq(contentInteraction.contentId, contentId)));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

const fillJobs = async () =>
  (await t.db.select({ n: count() }).from(job).where(eq(job.queue, INBOX_FILL_QUEUE)))[0]?.n ?? 0;

const noticesOf = (tenantId: number, contentId: number) =>
  t.db
    .select({ kind: contentNotice.kind, status: contentNotice.status, recipients: contentNotice.recipients })
    .from(contentNotice)
    .where(and(eq(contentNotice.tenantId, tenantId), eq(contentNotice.contentId, contentId)));

type Reach = { id: number; counts: { audience: number }; delivering: boolean };
/** The item's audience and whether it is still being delivered, in the staff's item and list. */
async function staffView(admin: Person, itemId: number) {
  const [item, list] = await Promise.all([
    call(t, { url: `/api/content/${itemId}`, token: admin.token }),
    call(t, { url: '/api/content', token: admin.token }),
  ]);
  const row = (list.json().payload.items as Reach[]).find((r) => r.id === itemId);
  const reach = (r: Reach | undefined) => [r?.counts.audience, r?.delivering];
  return { item: reach(item.json().payload), row: reach(row) };
}

const homeOf = async (person: Person) => {
  const res = await call(t, { url: '/api/mobile/content/list/new', token: person.token });
  expect(res.statusCode).toBe(200);
  return (res.json().payload.content as { id: number }[]).map((c) => c.id);
};

describe('an audience larger than a batch', () => {
  // Written through the service, as the route writes, without the route's kick of the jobs: what the
  // publication committed is seen before the fill job runs.
  const authoring = () => authoringOf(t.db, t.clock, BATCH);
  type Audience = Parameters<ReturnType<typeof authoring>['create']>[0]['audience'];
  const publishDirectly = (tenantId: number, creatorId: number, publishAt: Date, audience: Audience = 'all') =>
    authoring().create({
      tenantId,
      creatorId,
      type: 'INFORMATION',
      name: 'Novi kućni red',
      description: '',
      publishAt,
      status: 'published',
      audience,
    });

  it('gets its first batch with the publication and the rest from the fill job, a row each', async () => {
    const { tenantId, admin, members, everyone } = await org(9);
    const itemId = await publishDirectly(tenantId, admin.id, t.clock.now());

    // Committed with the first batch, lowest ids first; the rest is the job's.
    const ids = [admin.id, ...members.map((m) => m.id)].sort((a, b) => a - b);
    expect(await rowsOf(tenantId, itemId)).toEqual(ids.slice(0, BATCH));
    expect(await fillJobs()).toBe(1);
    expect(await homeOf(members.at(-1) as Person)).not.toContain(itemId);
    // Staff see it still being delivered, its audience so far.
    expect(await staffView(admin, itemId)).toEqual({ item: [BATCH, true], row: [BATCH, true] });

    await run();
    expect(await rowsOf(tenantId, itemId)).toEqual(ids);
    expect(await fillJobs()).toBe(0);
    expect(await homeOf(members.at(-1) as Person)).toContain(itemId);
    expect(await noticesOf(tenantId, itemId)).toEqual([{ kind: 'published', status: 'sent', recipients: everyone }]);
    expect(await staffView(admin, itemId)).toEqual({ item: [everyone, false], row: [everyone, false] });
  });

  it('holds back a notice due before the fill until the fill is over, then reaches everyone', async () => {
    const { tenantId, admin, everyone } = await org(8);
    // Published a minute ago: its notice's job is older than the fill's, so it is taken first.
    const itemId = await publishDirectly(tenantId, admin.id, new Date(t.clock.now().getTime() - 60_000));

    await run();
    expect(await rowsOf(tenantId, itemId)).toHaveLength(everyone);
    expect(await noticesOf(tenantId, itemId)).toEqual([]);

    t.clock.advance(2000);
    await run();
    expect(await noticesOf(tenantId, itemId)).toEqual([{ kind: 'published', status: 'sent', recipients: everyone }]);
  });

  it("moves a filled task's deadline and time in its copies a batch at a time, never showing it early or stale", async () => {
    const { tenantId, admin, members } = await org(9);
    const hour = 3_600_000;
    const created = await authoring().create({
      tenantId,
      creatorId: admin.id,
      type: 'TASK',
      name: 'Godišnja procjena rizika',
      description: '',
      publishAt: t.clock.now(),
      status: 'published',
      audience: 'all',
      task: { deadline: new Date(t.clock.now().getTime() + 2 * hour) },
    });
    await run();
    const last = members.at(-1) as Person;
    const deadlines = async () =>
      (
        await t.db
          .select({ deadline: contentInteraction.deadline })
          .from(contentInteraction)
          .where(and(eq(contentInteraction.tenantId, tenantId), eq(contentInteraction.contentId, created)))
      ).map((r) => r.deadline?.getTime());
    const cardOf = async (person: Person) => {
      const res = await call(t, { url: '/api/mobile/content/list/new', token: person.token });
      return (res.json().payload.content as { id: number; task: { deadline: string } }[]).find((c) => c.id === created);
    };

    // The deadline moved an hour back: the edit rewrites one batch of copies, the fill job the rest.
    const earlier = new Date(t.clock.now().getTime() + hour);
    await authoring().update(tenantId, created, { task: { deadline: earlier } });
    const moved = (await deadlines()).filter((d) => d === earlier.getTime());
    expect(moved).toHaveLength(BATCH);
    expect(await fillJobs()).toBe(1);
    // A person whose copy is still the old one sees the task's own deadline on its card.
    expect((await cardOf(last))?.task.deadline).toBe(earlier.toISOString());

    // Moved to tomorrow: nobody sees it before then, whatever their copy says.
    const tomorrow = new Date(t.clock.now().getTime() + 24 * hour);
    await authoring().update(tenantId, created, { publishAt: tomorrow, status: 'scheduled' });
    expect(await cardOf(last)).toBeUndefined();
    const detail = await call(t, { url: `/api/mobile/content/${created}`, token: last.token });
    expect(detail.statusCode).toBe(404);

    await run();
    expect(await fillJobs()).toBe(0);
    expect(new Set(await deadlines())).toEqual(new Set([earlier.getTime()]));
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(contentInteraction)
          .where(and(eq(contentInteraction.contentId, created), eq(contentInteraction.publishAt, tomorrow)))
      )[0]?.n,
    ).toBe(members.length + 1);
  });

  it('stops filling an item withdrawn to draft; a change while it fills, or after it failed, is what the rest follows', async () => {
    const { tenantId, admin, members } = await org(9);
    const withdrawn = await publishDirectly(tenantId, admin.id, t.clock.now());
    await authoring().setStatus(tenantId, withdrawn, 'draft');
    expect(await fillJobs()).toBe(1);
    await run();
    expect(await rowsOf(tenantId, withdrawn)).toEqual([]);
    expect(await fillJobs()).toBe(0);

    // Widened while filling: the fill goes on from where it was, then once more from the start.
    const late = members.slice(4).map((m) => m.id);
    const widened = await publishDirectly(tenantId, admin.id, t.clock.now(), {
      groups: [(await makeGroup(t.db, { tenantId, name: 'Noćna smjena', members: late })).id],
    });
    expect(await rowsOf(tenantId, widened)).toEqual(late.slice(0, BATCH));
    await authoring().setAudience(tenantId, widened, 'all');
    await run();
    expect(await rowsOf(tenantId, widened)).toEqual([admin.id, ...members.map((m) => m.id)].sort((a, b) => a - b));

    // A fill that failed for good is taken up again by the next change.
    const revived = await publishDirectly(tenantId, admin.id, t.clock.now());
    await t.db.update(job).set({ state: 'failed' }).where(eq(job.queue, INBOX_FILL_QUEUE));
    await run();
    expect(await rowsOf(tenantId, revived)).toHaveLength(BATCH);
    await authoring().update(tenantId, revived, { name: 'Novi kućni red, dopunjen' });
    await run();
    expect(await rowsOf(tenantId, revived)).toHaveLength(members.length + 1);
    expect(await fillJobs()).toBe(0);

    // Narrowed to a group while filling: the job adds only the group's members.
    const group = await makeGroup(t.db, { tenantId, name: 'Skladište', members: members.slice(5).map((m) => m.id) });
    const narrowed = await publish(admin);
    const patch = await send(admin, 'PATCH', `/api/content/${narrowed.id}`, { audience: { groups: [group.id] } });
    expect(patch.statusCode, patch.body).toBe(200);
    await run();
    expect(await rowsOf(tenantId, narrowed.id)).toEqual(members.slice(5).map((m) => m.id));
  });
});
