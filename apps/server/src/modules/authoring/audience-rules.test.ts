import type { AudienceReach, StaffContent } from '@kanal/contract';
import { richDocOf } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentInteraction, groupMember } from '../../db/schema/index.js';
import { makeGroup } from '../../test/content-factories.js';
import { call, makePerson, makeSession, makeTenant, makeUser, upload } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Audiences by rule (issue 31, ADR 0051): publishing to a rule, people moving in and out of it, its reach.

// Three rows a batch: a rule reaching more is filled by the job, as a large audience is.
const BATCH = 3;

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
let other: { tenantId: number; token: string; groupId: number; personId: number };

beforeAll(async () => {
  t = await createTestApp({ env: { INBOX_FILL_BATCH: String(BATCH) } });
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  const otherTenant = (await makeTenant(t.db)).id;
  const stranger = await makePerson(t.db, otherTenant, { role: 'ADMIN', now: t.clock.now() });
  other = {
    tenantId: otherTenant,
    token: stranger.token,
    groupId: (await makeGroup(t.db, { tenantId: otherTenant, members: [stranger.id] })).id,
    personId: stranger.id,
  };
});
afterAll(() => t.close());

const post = (url: string, body: unknown, token = admin.token) => call(t, { method: 'POST', url, token, body });
const patch = (url: string, body: unknown) => call(t, { method: 'PATCH', url, token: admin.token, body });

let made = 0;
/** A person of the tenant with attributes (and a session, to read their feed). */
async function person(attributes: Record<string, unknown> = {}, active = true) {
  made += 1;
  const user = await makeUser(t.db, { tenantId, name: `Osoba ${made}`, password: null, active, ...attributes });
  return { id: user.id, token: active ? await makeSession(t.db, user, t.clock.now()) : '' };
}

async function publish(rules: unknown, extra: Record<string, unknown> = {}) {
  const res = await post('/api/content', {
    type: 'INFORMATION',
    name: 'Za prodaju u Zagrebu',
    material: { doc: richDocOf('Sastanak u ponedjeljak.') },
    audience: { rules },
    publish: { mode: 'now' },
    ...extra,
  });
  return res;
}
async function published(rules: unknown) {
  const res = await publish(rules);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as StaffContent;
}

async function inboxOf(contentId: number) {
  const rows = await t.db
    .select({ userId: contentInteraction.userId })
    .from(contentInteraction)
    .where(and(eq(contentInteraction.tenantId, tenantId), eq(contentInteraction.contentId, contentId)));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}
const ids = (...people: { id: number }[]) => people.map((p) => p.id).sort((a, b) => a - b);

async function reach(rules: unknown, token = admin.token) {
  return post('/api/audience/reach', { rules }, token);
}

const is = (attribute: string, ...values: string[]) => ({ attribute, operator: 'is', values });

describe('an item published to a rule', () => {
  it('reaches exactly the active people every condition of one of its rules admits, the rest by the fill job', async () => {
    const sales = [];
    for (let i = 0; i < 5; i += 1) sales.push(await person({ department: 'Prodaja', location: 'Zagreb' }));
    const splitSales = await person({ department: 'Prodaja', location: 'Split' });
    await person({ department: 'Prodaja', location: 'Zagreb' }, false);
    const lead = await person({ department: 'Nabava', location: 'Rijeka', jobTitle: 'Voditeljica Nabave' });
    const item = await published([
      { conditions: [is('department', 'Prodaja'), is('location', 'Zagreb')] },
      { conditions: [{ attribute: 'jobTitle', operator: 'contains', values: ['VODITELJ'] }] },
    ]);
    const expected = ids(...sales, lead);
    // The first batch with the publication, in its transaction; the rest by the fill job.
    expect((await inboxOf(item.id)).length).toBeGreaterThanOrEqual(BATCH);
    await t.app.services.jobs.kick();
    await t.app.services.jobs.idle();
    expect(await inboxOf(item.id)).toEqual(expected);
    expect(await inboxOf(item.id)).not.toContain(splitSales.id);

    const read = await call(t, { url: `/api/content/${item.id}`, token: admin.token });
    expect(read.json().payload.audience).toMatchObject({
      everyone: false,
      groups: [],
      people: [],
      rules: [
        { conditions: [is('department', 'Prodaja'), is('location', 'Zagreb')] },
        { conditions: [{ attribute: 'jobTitle', operator: 'contains', values: ['VODITELJ'] }] },
      ],
      ruleRefs: { groups: [], people: [] },
    });
    expect(read.json().payload.counts.audience).toBe(expected.length);

    // The count the editor shows is the audience the item got.
    const counted = await reach(read.json().payload.audience.rules);
    expect(counted.statusCode, counted.body).toBe(200);
    expect((counted.json().payload as AudienceReach).count).toBe(expected.length);
  });

  it('takes start dates, employee numbers, managers and groups, and reaches those the reach count names', async () => {
    const boss = await person({ department: 'Uprava' });
    const early = await person({ startDate: '2026-08-31', managerId: boss.id, employeeNumber: 'E-100' });
    const onTheDay = await person({ startDate: '2026-09-01', managerId: boss.id });
    const late = await person({ startDate: '2026-09-02', employeeNumber: 'E-200' });
    const member = await person({ startDate: '2027-01-15' });
    const group = await makeGroup(t.db, { tenantId, members: [member.id, early.id] });
    const rules = [
      { conditions: [{ attribute: 'startDate', operator: 'after', day: '2026-09-01' }] },
      { conditions: [{ attribute: 'manager', operator: 'is', ids: [boss.id] }, is('employeeNumber', 'E-100')] },
    ];
    const counted = (await reach(rules)).json().payload as AudienceReach;
    expect(counted.count).toBe(3);
    expect(counted.sample.map((p) => p.id).sort((a, b) => a - b)).toEqual(ids(early, late, member));

    const item = await published(rules);
    await t.app.services.jobs.kick();
    await t.app.services.jobs.idle();
    expect(await inboxOf(item.id)).toEqual(ids(early, late, member));
    expect(await inboxOf(item.id)).not.toContain(onTheDay.id);

    const before = [{ conditions: [{ attribute: 'startDate', operator: 'before', day: '2026-09-01' }] }];
    expect((await reach(before)).json().payload.count).toBeGreaterThanOrEqual(1);
    const inGroup = [{ conditions: [{ attribute: 'group', operator: 'memberOf', ids: [group.id] }] }];
    expect((await reach(inGroup)).json().payload).toMatchObject({ count: 2 });
    const grouped = await published(inGroup);
    expect(await inboxOf(grouped.id)).toEqual(ids(member, early));
    const read = (await call(t, { url: `/api/content/${grouped.id}`, token: admin.token })).json().payload;
    expect(read.audience.ruleRefs.groups).toEqual([{ id: group.id, name: group.name }]);

    // A group joined or left moves the item as a group audience does.
    await t.db.delete(groupMember).where(and(eq(groupMember.groupId, group.id), eq(groupMember.userId, early.id)));
    const res = await patch(`/api/group/${group.id}`, { addUserIds: [onTheDay.id], removeUserIds: [member.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inboxOf(grouped.id)).toEqual(ids(early, onTheDay));
  });
});

describe("a person's attributes changed", () => {
  it('in the console move the item into and out of their inbox in the same transaction; viewed rows stay', async () => {
    const ana = await person({ department: 'Nabava' });
    const ivo = await person({ department: 'Logistika' });
    const item = await published([{ conditions: [is('department', 'Logistika')] }]);
    expect(await inboxOf(item.id)).toEqual(ids(ivo));

    expect((await patch(`/api/user/${ana.id}`, { department: 'Logistika' })).statusCode).toBe(200);
    expect(await inboxOf(item.id)).toEqual(ids(ana, ivo));

    const viewed = await call(t, {
      method: 'POST',
      url: '/api/mobile/content/mark-viewed',
      token: ivo.token,
      body: { contentId: item.id },
    });
    expect(viewed.statusCode, viewed.body).toBeLessThan(300);
    expect((await patch(`/api/user/${ana.id}`, { department: 'Nabava' })).statusCode).toBe(200);
    expect((await patch(`/api/user/${ivo.id}`, { department: 'Nabava' })).statusCode).toBe(200);
    // Ana had not opened it: it goes. Ivo had: it stays as his history.
    expect(await inboxOf(item.id)).toEqual(ids(ivo));
  });

  it('through setAttributes (sign-in claims, SCIM) follow the same way', async () => {
    const eva = await person({ location: 'Osijek' });
    const item = await published([{ conditions: [is('location', 'Pula')] }]);
    expect(await inboxOf(item.id)).toEqual([]);
    await t.app.services.people.setAttributes(tenantId, eva.id, { location: 'Pula' }, { userId: admin.id });
    expect(await inboxOf(item.id)).toEqual(ids(eva));
    await t.app.services.people.setAttributes(tenantId, eva.id, { location: null }, { userId: admin.id });
    expect(await inboxOf(item.id)).toEqual([]);
  });

  it("of a manager's reports, when the manager is deleted, take the item aimed at their manager away", async () => {
    const boss = await person({ department: 'Odlazi' });
    const report = await person();
    expect((await patch(`/api/user/${report.id}`, { managerId: boss.id })).statusCode).toBe(200);
    const item = await published([{ conditions: [{ attribute: 'manager', operator: 'is', ids: [boss.id] }] }]);
    expect(await inboxOf(item.id)).toEqual(ids(report));
    const res = await post('/api/user/delete-by-ids', { ids: [boss.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inboxOf(item.id)).toEqual([]);
  });

  it('by an import follow too', async () => {
    await makeUser(t.db, { tenantId, name: 'Uvezena Osoba', email: 'uvezena@firma.hr', department: 'Prodaja' });
    const item = await published([{ conditions: [is('department', 'Kontroling')] }]);
    const before = await inboxOf(item.id);
    const file = Buffer.from(
      [
        'Ime i prezime;E-mail;Korisničko ime;Telefon;Uloga;Grupe;Odjel;Lokacija;Radno mjesto;Broj zaposlenika;Nadređeni;Datum zaposlenja',
        'Uvezena Osoba;uvezena@firma.hr;;;USER;;Kontroling;;;;;',
        'Nova Osoba;nova@firma.hr;;;USER;;Kontroling;;;;;',
        '',
      ].join('\r\n'),
    );
    const res = await upload(t, '/api/import/template', admin.token, [
      { name: 'osobe.csv', bytes: file, type: 'text/csv' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ created: 1, updated: 1 });
    expect((await inboxOf(item.id)).length).toBe(before.length + 2);
  });
});

describe('rules the server refuses', () => {
  it.each([
    [
      [{ conditions: [{ attribute: 'salary', operator: 'is', values: ['1'] }] }],
      'audience.rules.0.conditions.0.attribute',
    ],
    [
      [{ conditions: [{ attribute: 'department', operator: 'after', values: ['x'] }] }],
      'audience.rules.0.conditions.0.operator',
    ],
    [
      [{ conditions: [{ attribute: 'startDate', operator: 'after', day: '01.09.2026' }] }],
      'audience.rules.0.conditions.0.day',
    ],
    [[{ conditions: [] }], 'audience.rules.0.conditions'],
    [Array.from({ length: 11 }, () => ({ conditions: [is('department', 'A')] })), 'audience.rules'],
  ])('%j: 400 naming %s', async (rules, field) => {
    const res = await publish(rules);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field });
    const counted = await reach(rules);
    expect(counted.statusCode).toBe(400);
    expect(counted.json().field).toBe(field.replace('audience.', ''));
  });

  it("another organisation's group or manager answers 404, on publishing and on counting", async () => {
    const group = [{ conditions: [{ attribute: 'group', operator: 'memberOf', ids: [other.groupId] }] }];
    const manager = [{ conditions: [{ attribute: 'manager', operator: 'is', ids: [other.personId] }] }];
    for (const rules of [group, manager]) {
      expect((await publish(rules)).statusCode).toBe(404);
      expect((await reach(rules)).statusCode).toBe(404);
    }
    // The other organisation counts its own group.
    expect((await reach(group, other.token)).json().payload).toMatchObject({ count: 1 });
  });

  it('a USER may not count', async () => {
    const user = await person();
    expect((await reach([{ conditions: [is('department', 'Prodaja')] }], user.token)).statusCode).toBe(403);
  });
});

describe("a rule's item", () => {
  it('is counted by its statistics, each group with members in its audience', async () => {
    const a = await person({ department: 'Financije' });
    const b = await person({ department: 'Financije' });
    const group = await makeGroup(t.db, { tenantId, name: 'Financijski tim', members: [a.id] });
    const item = await published([{ conditions: [is('department', 'Financije')] }]);
    const info = await call(t, { url: `/api/content/${item.id}/info`, token: admin.token });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().payload).toMatchObject({ audience: 2 });
    const groups = await call(t, { url: `/api/content/${item.id}/groups-reach`, token: admin.token });
    expect(groups.json().payload.items).toEqual([
      expect.objectContaining({ id: group.id, name: 'Financijski tim', audience: 1 }),
    ]);
    expect(b.id).toBeGreaterThan(0);
  });

  it('is copied with its rules, a deleted group leaving the rule that needed it', async () => {
    const group = await makeGroup(t.db, { tenantId });
    const item = await published([
      { conditions: [is('department', 'Pravna služba')] },
      { conditions: [{ attribute: 'group', operator: 'memberOf', ids: [group.id] }] },
    ]);
    expect((await call(t, { method: 'DELETE', url: `/api/group/${group.id}`, token: admin.token })).statusCode).toBe(
      200,
    );
    const copy = await post(`/api/content/${item.id}/copy`, {});
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().payload.audience.rules).toEqual([{ conditions: [is('department', 'Pravna služba')] }]);
    // The original still saves: its rules are read without the group that is gone.
    const renamed = await patch(`/api/content/${item.id}`, { name: 'Preimenovano' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe("the editor's suggestions", () => {
  it('are the values in use, for a CREATOR too', async () => {
    const creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now: t.clock.now() });
    const res = await call(t, { url: '/api/audience/attributes', token: creator.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.departments).toContainEqual({ value: 'Prodaja', count: expect.any(Number) });
    expect((await call(t, { url: '/api/user/attributes', token: creator.token })).statusCode).toBe(403);
  });
});
