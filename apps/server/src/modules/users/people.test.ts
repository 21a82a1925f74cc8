import { type AdminUser, type Role, USER_BULK_MAX } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  attempt,
  auditLog,
  comment,
  contentInteraction,
  groupMember,
  trustedDevice,
} from '../../db/schema/index.js';
import { makeContent, makeGroup } from '../../test/content-factories.js';
import {
  call,
  lastMailTo,
  makeAccounts,
  makePerson,
  makeTenant,
  makeUser,
  signIn,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
let creatorId: number;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  creatorId = (await makePerson(t.db, tenantId, { role: 'CREATOR' })).id;
});
afterAll(() => t.close());

const as = (token: string) => ({
  get: (url: string) => call(t, { url, token }),
  post: (url: string, body: unknown) => call(t, { method: 'POST', url, token, body }),
  patch: (url: string, body: unknown) => call(t, { method: 'PATCH', url, token, body }),
  delete: (url: string) => call(t, { method: 'DELETE', url, token }),
});
const byAdmin = () => as(admin.token);

async function createUser(body: Record<string, unknown>) {
  const res = await byAdmin().post('/api/user', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { user: AdminUser; activationCode: string | null };
}

/** Opens the link of a mail's `page` (reset-password, welcome) as its reader would, choosing `password`. */
function setPasswordByLink(mailText: string | undefined, page: 'reset-password' | 'welcome', password: string) {
  const token = mailText?.match(new RegExp(`https://kanal\\.test/${page}/([\\w-]+)`))?.[1];
  if (!token) throw new Error(`no ${page} link in: ${mailText}`);
  return call(t, { method: 'POST', url: `/api/auth/reset-password/${token}`, body: { password } });
}

/** The person's inbox: content id → whether viewed. */
async function inboxOf(userId: number) {
  const rows = await t.db
    .select({ contentId: contentInteraction.contentId, viewedAt: contentInteraction.viewedAt })
    .from(contentInteraction)
    .where(and(eq(contentInteraction.tenantId, tenantId), eq(contentInteraction.userId, userId)));
  return new Map(rows.map((row) => [row.contentId, row.viewedAt !== null]));
}

describe('creating people', () => {
  it('welcomes a person with an e-mail by a link that sets their first password; they then see what is aimed at everyone', async () => {
    const forAll = await makeContent(t.db, { tenantId, creatorId, audience: 'all' });
    const { user, activationCode } = await createUser({ name: 'Nova Osoba', email: 'Nova.Osoba@Primjer.hr' });
    expect(user).toMatchObject({ name: 'Nova Osoba', email: 'nova.osoba@primjer.hr', role: 'USER', status: 'invited' });
    expect(activationCode).toBeNull();
    // What is aimed at everyone is theirs from the start, not only after their first sign-in.
    expect((await inboxOf(user.id)).has(forAll.id)).toBe(true);

    const mail = await lastMailTo(t, 'nova.osoba@primjer.hr');
    expect(mail?.subject).toBe('Dobro došli u Kanal');
    const token = mail?.text.match(/https:\/\/kanal\.test\/welcome\/([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    const set = await call(t, {
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      body: { password: 'Prva-lozinka-7' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const session = await signIn(t, 'nova.osoba@primjer.hr', 'Prva-lozinka-7');
    const feed = await call(t, { url: '/api/mobile/content/list/new', token: session });
    expect(feed.json().payload.content.map((item: { id: number }) => item.id)).toContain(forAll.id);
    expect((await byAdmin().get(`/api/user/${user.id}`)).json().payload.status).toBe('active');
  });

  it('gives the admin a one-time activation code for a username-only person, which they use to set up', async () => {
    const { user, activationCode } = await createUser({ name: 'Skladište Jedan', username: 'Skladiste.1' });
    expect(user).toMatchObject({ username: 'skladiste.1', email: null, status: 'invited' });
    expect(activationCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){2}$/);
    const setup = await call(t, {
      method: 'POST',
      url: '/api/auth/setup-password',
      body: { email: 'skladiste.1', password: 'Skladiste-lozinka-1', activationCode },
    });
    expect(setup.json().payload.status).toBe('signedIn');
    // A second welcome is for someone who has not set up yet.
    const again = await byAdmin().post(`/api/admin/user/resend-welcome-emails/${user.id}`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AlreadySetUp');
  });

  it('refuses a person without an e-mail or username, a taken one, an unknown group and a role the admin may not give', async () => {
    const none = await byAdmin().post('/api/user', { name: 'Bez prijave' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'email' });
    await createUser({ name: 'Prvi', email: 'zauzeto@primjer.hr', username: 'zauzeto' });
    expect((await byAdmin().post('/api/user', { name: 'Drugi', email: 'ZAUZETO@primjer.hr' })).json().code).toBe(
      'EmailTaken',
    );
    expect((await byAdmin().post('/api/user', { name: 'Treći', username: 'zauzeto' })).json().code).toBe(
      'UsernameTaken',
    );
    const otherTenant = await makeTenant(t.db);
    const theirGroup = await makeGroup(t.db, { tenantId: otherTenant.id });
    expect(
      (await byAdmin().post('/api/user', { name: 'X', username: 'x.y.z', groupIds: [theirGroup.id] })).statusCode,
    ).toBe(404);
    const superadmin = await byAdmin().post('/api/user', { name: 'Y', username: 'y.y.y', role: 'SUPERADMIN' });
    expect(superadmin.statusCode).toBe(400);
    expect(superadmin.json()).toMatchObject({ field: 'role' });
    const bad = await call(t, {
      method: 'POST',
      url: '/api/user',
      token: admin.token,
      body: { name: 'Z', username: 'ne valja!' },
      lang: 'en',
    });
    expect(bad.json()).toMatchObject({ field: 'username' });
    expect(bad.json().message).toContain('A username has 3 to 64 characters');
  });
});

describe('the list of people', () => {
  let tenant: number;
  let token: string;
  beforeAll(async () => {
    tenant = (await makeTenant(t.db)).id;
    token = (await makePerson(t.db, tenant, { role: 'ANALYST' })).token;
    const sales = await makeGroup(t.db, { tenantId: tenant, name: 'Prodaja' });
    const people: [string, string, Role, boolean][] = [
      ['Šime Čačić', 'sime@primjer.hr', 'USER', true],
      ['Ana Đurić', 'ana.duric@primjer.hr', 'CREATOR', true],
      ['Zoran Žic', 'zoran@primjer.hr', 'USER', false],
      ['Ivana Babić', 'ivana@primjer.hr', 'USER', true],
    ];
    for (const [name, email, role, active] of people) {
      const user = await makeUser(t.db, { tenantId: tenant, name, email, role, active });
      if (name !== 'Zoran Žic')
        await t.db.insert(groupMember).values({ tenantId: tenant, groupId: sales.id, userId: user.id });
    }
    await makeUser(t.db, { tenantId: tenant, name: 'Pozvani Pero', username: 'pero', password: null });
  });

  const names = async (query: string) => {
    const res = await as(token).get(`/api/user?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().payload.items as AdminUser[]).map((user) => user.name);
  };

  it('finds people whatever the accents, case and order of the words', async () => {
    expect(await names('q=sime%20cacic')).toEqual(['Šime Čačić']);
    expect(await names('q=%C4%8CA%C4%8CI%C4%86')).toEqual(['Šime Čačić']);
    expect(await names('q=duric%20ana')).toEqual(['Ana Đurić']);
    expect(await names('q=ivana%40primjer')).toEqual(['Ivana Babić']);
    expect(await names('q=%25')).toEqual([]);
  });

  it('filters by role, status and group, sorts, and pages with the total', async () => {
    // By name as read, accents aside: Š among the S's, not after Z.
    expect(await names('role=USER,CREATOR&sort=name')).toEqual([
      'Ana Đurić',
      'Ivana Babić',
      'Pozvani Pero',
      'Šime Čačić',
      'Zoran Žic',
    ]);
    expect(await names('role=CREATOR')).toEqual(['Ana Đurić']);
    expect(await names('status=deactivated')).toEqual(['Zoran Žic']);
    expect(await names('status=invited&role=USER')).toEqual(['Pozvani Pero']);
    const groups = (await as(token).get('/api/group/tenant')).json().payload as { id: number }[];
    expect(await names(`group=${groups[0]?.id}&sort=-name`)).toEqual(['Šime Čačić', 'Ivana Babić', 'Ana Đurić']);
    const page = (await as(token).get('/api/user?role=USER,CREATOR&sort=name&limit=2&offset=2')).json().payload;
    expect(page.count).toBe(5);
    expect(page.items.map((u: AdminUser) => u.name)).toEqual(['Pozvani Pero', 'Šime Čačić']);
    // A search's page brings the count along, also past the last match.
    const search = async (offset: number) =>
      (await as(token).get(`/api/user?q=primjer&limit=2&offset=${offset}`)).json().payload;
    const first = await search(0);
    expect(first.count).toBeGreaterThan(4);
    expect((await search(2)).count).toBe(first.count);
    expect(await search(first.count + 2)).toEqual({ count: first.count, items: [] });
    const ana = (await as(token).get('/api/user?q=ana')).json().payload.items[0] as AdminUser;
    expect(ana.groups.map((g) => g.name)).toEqual(['Prodaja']);
  });
});

describe('changing people', () => {
  it("follows a person's groups: joining brings the group's items, leaving takes the untouched ones", async () => {
    const sales = await makeGroup(t.db, { tenantId, name: 'Prodaja promjene' });
    const forSales = await makeContent(t.db, { tenantId, creatorId, audience: { groups: [sales.id] } });
    const seenForSales = await makeContent(t.db, { tenantId, creatorId, audience: { groups: [sales.id] } });
    const { user } = await createUser({ name: 'Grupna Osoba', username: 'grupna.osoba' });
    expect((await inboxOf(user.id)).has(forSales.id)).toBe(false);

    const joined = await byAdmin().patch(`/api/user/${user.id}`, { groupIds: [sales.id] });
    expect(joined.json().payload.groups).toEqual([{ id: sales.id, name: 'Prodaja promjene' }]);
    expect((await inboxOf(user.id)).has(forSales.id)).toBe(true);
    await t.db
      .update(contentInteraction)
      .set({ viewedAt: t.clock.now() })
      .where(and(eq(contentInteraction.userId, user.id), eq(contentInteraction.contentId, seenForSales.id)));

    await byAdmin().patch(`/api/user/${user.id}`, { groupIds: [] });
    const inbox = await inboxOf(user.id);
    expect(inbox.has(forSales.id)).toBe(false);
    // What they had opened stays theirs.
    expect(inbox.get(seenForSales.id)).toBe(true);
  });

  it('deactivating ends the open session at the next request and takes the untouched items; reactivating brings them back', async () => {
    const forAll = await makeContent(t.db, { tenantId, creatorId, audience: 'all' });
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    await byAdmin().patch(`/api/user/${person.id}`, { groupIds: [] });
    expect((await call(t, { url: '/api/mobile/content/list/new', token: person.token })).statusCode).toBe(200);

    const off = await byAdmin().patch(`/api/user/${person.id}`, { active: false });
    expect(off.json().payload.status).toBe('deactivated');
    expect((await call(t, { url: '/api/mobile/content/list/new', token: person.token })).statusCode).toBe(401);
    expect((await inboxOf(person.id)).has(forAll.id)).toBe(false);

    await byAdmin().patch(`/api/user/${person.id}`, { active: true });
    expect((await inboxOf(person.id)).has(forAll.id)).toBe(true);
  });

  it("refuses changing one's own role or deactivating oneself, and an admin touching a SUPERADMIN", async () => {
    for (const body of [{ role: 'USER' }, { active: false }]) {
      const res = await byAdmin().patch(`/api/user/${admin.id}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('OwnAccount');
    }
    expect((await byAdmin().patch(`/api/user/${admin.id}`, { name: 'Admin Adminić' })).json().payload.name).toBe(
      'Admin Adminić',
    );
    const superadmin = await makeUser(t.db, { tenantId, role: 'SUPERADMIN' });
    expect((await byAdmin().patch(`/api/user/${superadmin.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await byAdmin().delete(`/api/user/${superadmin.id}`)).statusCode).toBe(403);
  });

  it('keeps a person able to sign in: taking away the only identifier is refused', async () => {
    const { user } = await createUser({ name: 'Samo Mail', email: 'samo.mail@primjer.hr' });
    const res = await byAdmin().patch(`/api/user/${user.id}`, { email: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('email');
    const renamed = await byAdmin().patch(`/api/user/${user.id}`, {
      email: 'Novi.Mail@primjer.hr',
      username: 'samo.mail',
    });
    expect(renamed.json().payload).toMatchObject({ email: 'novi.mail@primjer.hr', username: 'samo.mail' });
    // The old address no longer signs in; the new identifiers name the account.
    const has = async (identifier: string) =>
      (await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier } })).json().payload;
    expect(await has('samo.mail')).toMatchObject({ hasPassword: false });
    expect(await has('samo.mail@primjer.hr')).toMatchObject({ hasPassword: true });
  });
});

describe('deleting people and resetting passwords', () => {
  it('deletes people all or none: not oneself, not an author of content, whom the refusal names', async () => {
    await makeContent(t.db, { tenantId, creatorId, audience: 'all' });
    const a = await makePerson(t.db, tenantId);
    const b = await makePerson(t.db, tenantId);
    const own = await byAdmin().post('/api/user/delete-by-ids', { ids: [a.id, admin.id] });
    expect(own.json().code).toBe('OwnAccount');
    const author = await byAdmin().post('/api/user/delete-by-ids', { ids: [a.id, creatorId] });
    const [creator] = await t.db.select({ name: appUser.name }).from(appUser).where(eq(appUser.id, creatorId));
    expect(author.json()).toMatchObject({
      code: 'UserOwnsContent',
      field: 'ids',
      fields: [
        {
          field: 'ids',
          message: `Nitko nije obrisan. Autori sadržaja ne mogu se obrisati, samo deaktivirati: ${creator?.name}`,
        },
      ],
    });
    expect((await byAdmin().get(`/api/user/${a.id}`)).statusCode).toBe(200);

    const done = await byAdmin().post('/api/user/delete-by-ids', { ids: [a.id, b.id] });
    expect(done.json().payload).toEqual({ deleted: 2 });
    expect((await byAdmin().get(`/api/user/${a.id}`)).statusCode).toBe(404);
    expect((await byAdmin().delete(`/api/user/${b.id}`)).statusCode).toBe(404);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.event, 'user.deleted'));
    expect(trail.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { by: admin.id, userId: a.id },
        { by: admin.id, userId: b.id },
      ]),
    );
  });

  it('mails a reset link to people with an e-mail, and gives new codes for username-only ones, ending their sessions', async () => {
    const withMail = await makeUser(t.db, { tenantId, email: 'reset.me@primjer.hr' });
    const withUsername = await makeUser(t.db, { tenantId, username: 'reset.me', email: null });
    const session = await signIn(t, 'reset.me', TEST_PASSWORD);
    const res = await byAdmin().post('/api/user/reset-password', { ids: [withMail.id, withUsername.id] });
    expect(res.statusCode, res.body).toBe(200);
    const { mailed, codes } = res.json().payload;
    expect(mailed).toBe(1);
    expect(codes).toEqual([
      { id: withUsername.id, name: withUsername.name, username: 'reset.me', activationCode: expect.any(String) },
    ]);
    expect((await lastMailTo(t, 'reset.me@primjer.hr'))?.text).toMatch(/https:\/\/kanal\.test\/reset-password\//);
    expect((await call(t, { url: '/api/auth/me', token: session })).statusCode).toBe(401);
    const setup = await call(t, {
      method: 'POST',
      url: '/api/auth/setup-password',
      body: { email: 'reset.me', password: 'Nova-lozinka-22', activationCode: codes[0].activationCode },
    });
    expect(setup.json().payload.status).toBe('signedIn');
  });

  it('keeps the password of a person sent a reset link until the link is used, and says so in the mail', async () => {
    const person = await makeUser(t.db, { tenantId, email: 'link.only@primjer.hr' });
    const session = await signIn(t, 'link.only@primjer.hr');
    const res = await byAdmin().post('/api/user/reset-password', { ids: [person.id], mode: 'link' });
    expect(res.json().payload).toEqual({ mailed: 1, codes: [] });
    // Nothing ends until the person uses the link.
    expect(await signIn(t, 'link.only@primjer.hr')).toBeTruthy();
    expect((await call(t, { url: '/api/auth/me', token: session })).statusCode).toBe(200);
    const mail = await lastMailTo(t, 'link.only@primjer.hr');
    expect(mail?.text).toContain('administrator organizacije');
    expect(mail?.text).toContain('Dok je ne iskoristite, prijavljujete se dosadašnjom lozinkom.');
    expect((await setPasswordByLink(mail?.text, 'reset-password', 'Nova-po-poveznici-1')).statusCode).toBe(200);
    expect((await call(t, { url: '/api/auth/me', token: session })).statusCode).toBe(401);
    expect(await signIn(t, 'link.only@primjer.hr', 'Nova-po-poveznici-1')).toBeTruthy();
  });

  it('says in the mail that an administrator of the organisation started the reset, its name said once', async () => {
    const pekara = (await makeTenant(t.db, { name: 'Pekara Klas d.o.o.' })).id;
    const boss = await makePerson(t.db, pekara, { role: 'ADMIN', now: t.clock.now() });
    const person = await makeUser(t.db, { tenantId: pekara, email: 'pekar@primjer.hr' });
    await as(boss.token).post('/api/user/reset-password', { ids: [person.id], mode: 'link' });
    const mail = await lastMailTo(t, 'pekar@primjer.hr');
    expect(mail?.text).toContain('administrator organizacije Pekara Klas d.o.o. poslao vam je poveznicu');
    expect(`${mail?.subject}\n${mail?.text}`).not.toMatch(/d\.o\.o\.\./);
  });

  it('locks a compromised account at once: password, sessions and trusted browsers end; the link lets them back in', async () => {
    const person = await makeUser(t.db, { tenantId, email: 'ukraden@primjer.hr' });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'ukraden@primjer.hr', password: TEST_PASSWORD },
    });
    const session = signin.json().payload.token;
    expect(await t.db.select().from(trustedDevice).where(eq(trustedDevice.userId, person.id))).toHaveLength(1);

    const res = await byAdmin().post('/api/user/reset-password', { ids: [person.id], mode: 'lock' });
    expect(res.json().payload).toEqual({ mailed: 1, codes: [] });
    expect((await call(t, { url: '/api/auth/me', token: session })).statusCode).toBe(401);
    const old = await call(t, {
      method: 'POST',
      url: '/api/auth/signin',
      body: { email: 'ukraden@primjer.hr', password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect(await t.db.select().from(trustedDevice).where(eq(trustedDevice.userId, person.id))).toEqual([]);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.userId, person.id));
    expect(trail.map((row) => row.event)).toContain('lock.mailed');

    const mail = await lastMailTo(t, 'ukraden@primjer.hr');
    expect(mail?.subject).toBe('Vaš je račun zaključan');
    expect((await setPasswordByLink(mail?.text, 'reset-password', 'Opet-moje-1')).statusCode).toBe(200);
    expect(await signIn(t, 'ukraden@primjer.hr', 'Opet-moje-1')).toBeTruthy();
  });

  it('ends trusted browsers with a reset by link, however it was started', async () => {
    const person = await makeUser(t.db, { tenantId, email: 'preglednik@primjer.hr' });
    await signIn(t, 'preglednik@primjer.hr');
    expect(await t.db.select().from(trustedDevice).where(eq(trustedDevice.userId, person.id))).toHaveLength(1);
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: 'preglednik@primjer.hr' } });
    await setPasswordByLink((await lastMailTo(t, 'preglednik@primjer.hr'))?.text, 'reset-password', 'Svjeza-lozinka-1');
    expect(await t.db.select().from(trustedDevice).where(eq(trustedDevice.userId, person.id))).toEqual([]);
  });

  it('voids the earlier welcome link when the welcome is sent again', async () => {
    const { user } = await createUser({ name: 'Dvije Dobrodošlice', email: 'dvaput@primjer.hr' });
    const first = (await lastMailTo(t, 'dvaput@primjer.hr'))?.text;
    expect((await byAdmin().post(`/api/admin/user/resend-welcome-emails/${user.id}`, {})).statusCode).toBe(200);
    const second = (await lastMailTo(t, 'dvaput@primjer.hr'))?.text;
    expect(second).not.toBe(first);
    expect((await setPasswordByLink(first, 'welcome', 'Dobrodosli-1')).json().code).toBe('TokenInvalid');
    expect((await setPasswordByLink(second, 'welcome', 'Dobrodosli-1')).statusCode).toBe(200);
  });

  it('refuses an unknown reset mode, naming the field', async () => {
    const res = await byAdmin().post('/api/user/reset-password', { ids: [admin.id], mode: 'wipe' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'mode' });
  });
});

describe('actions on everyone the filter matches', () => {
  /** A tenant of its own, so that a filter's matches are only the people made here. */
  async function bulkTenant() {
    const id = (await makeTenant(t.db)).id;
    const own = await makePerson(t.db, id, { role: 'ADMIN', now: t.clock.now() });
    const person = (name: string, more: Omit<Parameters<typeof makeUser>[1], 'tenantId'> = {}) =>
      makeUser(t.db, { tenantId: id, name, password: null, ...more });
    const bulk = (body: unknown) => as(own.token).post('/api/user/bulk', body);
    return { id, person, bulk };
  }
  const activeOf = async (userId: number) =>
    (await t.db.select({ active: appUser.active }).from(appUser).where(eq(appUser.id, userId)))[0]?.active;

  it('reactivates exactly the deactivated people the search and filters match, in this organisation only', async () => {
    const { id, person, bulk } = await bulkTenant();
    const first = await person('Marica Prva', { active: false });
    const second = await person('Marica Druga', { active: false, role: 'CREATOR' });
    const otherName = await person('Ivana Treća', { active: false });
    const analyst = await person('Marica Analitičarka', { active: false, role: 'ANALYST' });
    const abroad = await makeUser(t.db, { tenantId: (await makeTenant(t.db)).id, name: 'Marica Vani', active: false });

    const res = await bulk({ action: 'reactivate', filter: { q: 'marica', role: ['USER', 'CREATOR'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ changed: 2, codes: [] });
    expect(await activeOf(first.id)).toBe(true);
    expect(await activeOf(second.id)).toBe(true);
    expect(await activeOf(otherName.id)).toBe(false);
    expect(await activeOf(analyst.id)).toBe(false);
    expect(await activeOf(abroad.id)).toBe(false);
    const trail = await t.db
      .select({ userId: auditLog.userId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, id), eq(auditLog.event, 'user.updated')));
    expect(trail.map((row) => row.userId).sort()).toEqual([first.id, second.id].sort());
    expect(trail[0]?.details).toMatchObject({ changed: ['active'] });
  });

  it('welcomes again the matching people who have not set up yet, and takes the matching ones out of a group', async () => {
    const { id, person, bulk } = await bulkTenant();
    await person('Welcome Pozvana', { email: 'welcome.pozvana@primjer.hr' });
    const coded = await person('Welcome Kodom', { email: null, username: 'welcome.kodom' });
    await person('Welcome Postavljena', { password: TEST_PASSWORD });
    const welcomed = await bulk({ action: 'resendWelcome', filter: { q: 'welcome' } });
    expect(welcomed.statusCode, welcomed.body).toBe(200);
    expect(welcomed.json().payload).toMatchObject({ changed: 2, codes: [{ id: coded.id, username: 'welcome.kodom' }] });
    expect((await lastMailTo(t, 'welcome.pozvana@primjer.hr'))?.subject).toBe('Dobro došli u Kanal');

    const user = await person('Član Korisnik');
    const creator = await person('Član Kreator', { role: 'CREATOR' });
    const group = await makeGroup(t.db, { tenantId: id, members: [user.id, creator.id] });
    const removed = await bulk({
      action: 'removeFromGroup',
      filter: { role: ['USER'], group: group.id },
      groupId: group.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().payload.changed).toBe(1);
    const members = await t.db
      .select({ userId: groupMember.userId })
      .from(groupMember)
      .where(eq(groupMember.groupId, group.id));
    expect(members).toEqual([{ userId: creator.id }]);
  });

  it("answers 404 for another organisation's group, and names the field of a missing group or too many matches", async () => {
    const { id, bulk } = await bulkTenant();
    const foreign = await makeGroup(t.db, { tenantId: (await makeTenant(t.db)).id });
    expect((await bulk({ action: 'removeFromGroup', filter: {}, groupId: foreign.id })).statusCode).toBe(404);
    expect((await bulk({ action: 'reactivate', filter: { group: foreign.id } })).statusCode).toBe(404);
    const noGroup = await bulk({ action: 'removeFromGroup', filter: {} });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'groupId' });

    await makeAccounts(t.db, id, USER_BULK_MAX);
    const tooMany = await bulk({ action: 'resendWelcome', filter: {} });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'filter' });
    expect(tooMany.json().message).toContain(String(USER_BULK_MAX + 1));
  });
});

describe('who may', () => {
  it('lets analysts list people, creators (who choose audiences) only search them narrowly, and nobody but admins change them', async () => {
    const roles: Role[] = ['ANALYST', 'CREATOR', 'USER'];
    for (const role of roles) {
      const { token } = await makePerson(t.db, tenantId, { role });
      const pick = role === 'USER' ? 403 : 200;
      expect((await as(token).get('/api/user')).statusCode, role).toBe(role === 'ANALYST' ? 200 : 403);
      expect((await as(token).get('/api/audience/people')).statusCode, role).toBe(pick);
      expect((await as(token).get('/api/group')).statusCode, role).toBe(pick);
      expect((await as(token).post('/api/user', { name: 'N', username: 'n.n.n' })).statusCode, role).toBe(403);
      expect((await as(token).post('/api/group', { name: 'N' })).statusCode, role).toBe(403);
    }
  });
});

describe('the audience picker’s people search', () => {
  it('answers a creator the receiving people by name and group, with their groups and nothing else', async () => {
    const { token } = await makePerson(t.db, tenantId, { role: 'CREATOR' });
    const { user: found } = await createUser({ name: 'Zvjezdana Publikić', email: 'zvjezdana@primjer.hr' });
    const { user: gone } = await createUser({ name: 'Zvjezdana Ugašena', email: 'ugasena@primjer.hr' });
    expect((await byAdmin().patch(`/api/user/${gone.id}`, { active: false })).statusCode).toBe(200);
    const group = (await byAdmin().post('/api/group', { name: 'Publika', userIds: [found.id] })).json().payload;

    const res = await as(token).get('/api/audience/people?q=zvjezdana');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({
      count: 1,
      items: [{ id: found.id, name: 'Zvjezdana Publikić', groups: [{ id: group.id, name: 'Publika' }] }],
    });
    // By name only: no one is found by their e-mail, which this search never shows.
    expect((await as(token).get('/api/audience/people?q=primjer.hr')).json().payload).toEqual({ count: 0, items: [] });
    const inGroup = (await as(token).get(`/api/audience/people?group=${group.id}&limit=5`)).json().payload;
    expect(inGroup.items.map((person: { id: number }) => person.id)).toEqual([found.id]);

    // Another organisation's group is not a filter here: 404, as on every list of the tenant.
    const elsewhere = await makeTenant(t.db);
    const theirs = await makeGroup(t.db, { tenantId: elsewhere.id });
    expect((await as(token).get(`/api/audience/people?group=${theirs.id}`)).statusCode).toBe(404);
  });
});

describe('groups', () => {
  it('creates, renames, lists, shows members, and deletes a group, its members following in their inboxes', async () => {
    const a = await makePerson(t.db, tenantId);
    const b = await makePerson(t.db, tenantId);
    const created = await byAdmin().post('/api/group', { name: 'Skladište', userIds: [a.id] });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().payload;
    expect(group).toMatchObject({ name: 'Skladište', memberCount: 1 });
    expect((await byAdmin().post('/api/group', { name: 'Skladište' })).json().code).toBe('GroupNameTaken');
    // Imports list a person's groups separated by commas.
    expect((await byAdmin().post('/api/group', { name: 'Sjever, jug' })).json().field).toBe('name');

    const item = await makeContent(t.db, { tenantId, creatorId, audience: { groups: [group.id] } });
    expect((await inboxOf(a.id)).has(item.id)).toBe(true);
    const changed = await byAdmin().patch(`/api/group/${group.id}`, {
      name: 'Skladište Sjever',
      addUserIds: [b.id],
      removeUserIds: [a.id],
    });
    expect(changed.json().payload).toMatchObject({ name: 'Skladište Sjever', memberCount: 1 });
    expect((await inboxOf(a.id)).has(item.id)).toBe(false);
    expect((await inboxOf(b.id)).has(item.id)).toBe(true);

    const listed = (await byAdmin().get('/api/group?q=skladiste%20sjever')).json().payload;
    expect(listed).toMatchObject({ count: 1, items: [{ id: group.id, memberCount: 1 }] });
    const members = (await byAdmin().get(`/api/group/${group.id}/users`)).json().payload;
    expect(members.items.map((u: AdminUser) => u.id)).toEqual([b.id]);

    expect((await byAdmin().delete(`/api/group/${group.id}`)).json().payload).toEqual({ done: true });
    expect((await byAdmin().get(`/api/group/${group.id}`)).statusCode).toBe(404);
    expect((await inboxOf(b.id)).has(item.id)).toBe(false);
  });
});

describe('the group filter of the list of people', () => {
  it('follows every way a membership changes: creating, a person’s groups, a group’s members, deletions', async () => {
    const ana = await createUser({ name: 'Ana Filtrić', email: 'ana.filtric@primjer.hr' });
    const ivo = await createUser({ name: 'Ivo Filtrić', email: 'ivo.filtric@primjer.hr' });
    const group = (await byAdmin().post('/api/group', { name: 'Filtar', userIds: [ana.user.id] })).json().payload;
    const other = (await byAdmin().post('/api/group', { name: 'Filtar 2', userIds: [ana.user.id] })).json().payload;
    const members = async (id: number) =>
      ((await byAdmin().get(`/api/user?q=filtric&group=${id}`)).json().payload.items as AdminUser[]).map((u) => u.id);

    expect(await members(group.id)).toEqual([ana.user.id]);
    const outsiders = (await byAdmin().get(`/api/user?q=filtric&notInGroup=${group.id}`)).json().payload;
    expect(outsiders.items.map((u: AdminUser) => u.id)).toEqual([ivo.user.id]);
    await byAdmin().patch(`/api/user/${ivo.user.id}`, { groupIds: [group.id] });
    expect(await members(group.id)).toEqual([ana.user.id, ivo.user.id]);
    await byAdmin().patch(`/api/group/${group.id}`, { removeUserIds: [ana.user.id] });
    expect(await members(group.id)).toEqual([ivo.user.id]);
    expect(await members(other.id)).toEqual([ana.user.id]);
    await byAdmin().delete(`/api/group/${other.id}`);
    // A deleted group is no group: filtering by it answers as any id the organisation does not have.
    expect((await byAdmin().get(`/api/user?group=${other.id}`)).statusCode).toBe(404);
    // Within a group the search reads the membership's copy of the name, which follows a renaming.
    await byAdmin().patch(`/api/user/${ivo.user.id}`, { name: 'Ivo Preimenović' });
    const renamed = (await byAdmin().get(`/api/user?q=preimenovic&group=${group.id}`)).json().payload;
    expect(renamed.items.map((u: AdminUser) => u.id)).toEqual([ivo.user.id]);
    expect((await byAdmin().post('/api/user/delete-by-ids', { ids: [ivo.user.id] })).statusCode).toBe(200);
    expect(await members(group.id)).toEqual([]);
  });

  it('takes the groups of the organisation a SUPERADMIN works in with ?tenant=, and only those', async () => {
    const branch = await makeTenant(t.db);
    const member = await makePerson(t.db, branch.id);
    const { id: theirGroup } = await makeGroup(t.db, { tenantId: branch.id, members: [member.id] });
    const superadmin = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'SUPERADMIN' });
    const there = await as(superadmin.token).get(`/api/user?tenant=${branch.id}&group=${theirGroup}`);
    expect(there.json().payload.items.map((u: AdminUser) => u.id)).toEqual([member.id]);
    // In the SUPERADMIN's own organisation that group is another's, as it is to the branch's neighbours.
    expect((await as(superadmin.token).get(`/api/user?group=${theirGroup}`)).statusCode).toBe(404);
    expect((await byAdmin().get(`/api/user?notInGroup=${theirGroup}`)).statusCode).toBe(404);
  });
});

describe("a person's activity", () => {
  it('shows what they opened, finished, attempted (marked, passed or not) and commented, newest first, paged', async () => {
    const person = await makePerson(t.db, tenantId);
    const course = await makeContent(t.db, {
      tenantId,
      creatorId,
      type: 'EDUCATION',
      name: 'Sigurnost na radu',
      settings: { passingScore: 0.75 },
    });
    const at = (minutes: number) => new Date(Date.parse('2026-11-20T08:00:00Z') + minutes * 60_000);
    await t.db
      .update(contentInteraction)
      .set({ viewedAt: at(0), finishedAt: at(30) })
      .where(and(eq(contentInteraction.userId, person.id), eq(contentInteraction.contentId, course.id)));
    await t.db.insert(attempt).values([
      { tenantId, userId: person.id, contentId: course.id, finalMark: 0.5, correct: 2, total: 4, createdAt: at(10) },
      { tenantId, userId: person.id, contentId: course.id, finalMark: 1, correct: 4, total: 4, createdAt: at(20) },
    ]);
    await t.db
      .insert(comment)
      .values({ tenantId, userId: person.id, contentId: course.id, text: 'Korisno!', createdAt: at(40) });

    const res = await byAdmin().get(`/api/user/${person.id}/activity`);
    expect(res.statusCode, res.body).toBe(200);
    const { count, items } = res.json().payload;
    expect(count).toBe(5);
    expect(
      items.map((item: { kind: string; finalMark: number | null; passed: boolean | null }) => [
        item.kind,
        item.finalMark,
        item.passed,
      ]),
    ).toEqual([
      ['comment', null, null],
      ['finished', null, null],
      ['attempt', 1, true],
      ['attempt', 0.5, false],
      ['viewed', null, null],
    ]);
    expect(items[0]).toMatchObject({
      text: 'Korisno!',
      content: { id: course.id, name: 'Sigurnost na radu', type: 'EDUCATION' },
    });
    expect(items[0].at).toBe(at(40).toISOString());
    const second = (await byAdmin().get(`/api/user/${person.id}/activity?limit=2&offset=2`)).json().payload;
    expect(second.items.map((item: { kind: string }) => item.kind)).toEqual(['attempt', 'attempt']);

    const other = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'ADMIN' });
    expect((await as(other.token).get(`/api/user/${person.id}/activity`)).statusCode).toBe(404);
  });
});
