import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, contentInteraction, groupMember, scimUser } from '../../db/schema/index.js';
import { makeContent, makeGroup } from '../../test/content-factories.js';
import { call, issueScimToken, lastMailTo, makePerson, makeTenant } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { SCHEMA } from './scim-protocol.js';

// SCIM 2.0 as directories speak it: the request sequences Microsoft Entra ID and Okta send (their
// provisioning documentation's), replayed against the server, and what a directory must not be able to do.

const PUBLIC_URL = 'https://kanal.test';

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
let scimToken: string;
let creatorId: number;

const issueToken = (adminToken: string, name?: string) => issueScimToken(t, adminToken, name);

type Scim = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; token?: string };
/** A directory's call: its bearer token, and SCIM's media type. */
const scim = (url: string, { method = 'GET', body, token = scimToken }: Scim = {}) =>
  t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const patchOp = (...Operations: unknown[]) => ({ schemas: [SCHEMA.patch], Operations });
const filtered = (path: string, filter: string) => `${path}?filter=${encodeURIComponent(filter)}`;

/** A new user as Entra ID sends it (its default attribute mappings). */
const entraUser = (upn: string, overrides: Record<string, unknown> = {}) => ({
  schemas: [SCHEMA.user, SCHEMA.enterprise],
  externalId: `entra-${upn}`,
  userName: upn,
  active: true,
  displayName: 'Ivana Horvat',
  emails: [{ primary: true, type: 'work', value: upn }],
  name: { formatted: 'Ivana Horvat', familyName: 'Horvat', givenName: 'Ivana' },
  locale: 'hr-HR',
  title: 'Voditeljica prodaje',
  addresses: [{ type: 'work', locality: 'Zagreb', country: 'HR' }],
  [SCHEMA.enterprise]: { department: 'Prodaja' },
  ...overrides,
});

const inboxOf = async (userId: number) =>
  new Set(
    (await t.db.select().from(contentInteraction).where(eq(contentInteraction.userId, userId))).map(
      (row) => row.contentId,
    ),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  tenantId = (await makeTenant(t.db, { name: 'Firma d.o.o.' })).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  creatorId = (await makePerson(t.db, tenantId, { role: 'CREATOR', now: t.clock.now() })).id;
  scimToken = await issueToken(admin.token);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('Microsoft Entra ID provisioning a person', () => {
  it('looks them up by userName, creates them, finds them again, and changes them with its PATCH', async () => {
    const upn = 'ivana.horvat@firma.hr';
    const lookup = await scim(filtered('/Users', `userName eq "${upn}"`));
    expect(lookup.statusCode).toBe(200);
    expect(lookup.headers['content-type']).toContain('application/scim+json');
    expect(lookup.json()).toMatchObject({ schemas: [SCHEMA.list], totalResults: 0, Resources: [] });

    const created = await scim('/Users', { method: 'POST', body: entraUser(upn) });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(created.headers.location).toBe(`${PUBLIC_URL}/scim/v2/Users/${user.id}`);
    expect(user).toMatchObject({
      userName: upn,
      externalId: `entra-${upn}`,
      displayName: 'Ivana Horvat',
      active: true,
      emails: [{ value: upn, type: 'work', primary: true }],
    });
    // What the server does not keep (locale) is not answered back as if it were.
    expect(user.locale).toBeUndefined();
    const [row] = await t.db
      .select()
      .from(appUser)
      .where(eq(appUser.id, Number(user.id)));
    expect(row).toMatchObject({ tenantId, email: upn, name: 'Ivana Horvat', role: 'USER', active: true });
    // No organisation provider signs firma.hr in, so the person is welcomed to set a password.
    expect((await lastMailTo(t, upn))?.subject).toBeTruthy();

    const again = await scim(filtered('/Users', `userName eq "${upn.toUpperCase()}"`));
    expect(again.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    const byExternal = await scim(filtered('/Users', `externalId eq "entra-${upn}"`));
    expect(byExternal.json().totalResults).toBe(1);
    const byMail = await scim(filtered('/Users', `emails[type eq "work"].value eq "${upn}"`));
    expect(byMail.json().totalResults).toBe(1);

    const renamed = await scim(`/Users/${user.id}`, {
      method: 'PATCH',
      body: patchOp(
        { op: 'Replace', path: 'displayName', value: 'Ivana Kovač' },
        { op: 'Replace', path: 'name.familyName', value: 'Kovač' },
        { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+385 1 234 5678' },
      ),
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: 'Ivana Kovač', phoneNumbers: [{ value: '+385 1 234 5678' }] });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, Number(user.id)), eq(auditLog.event, 'user.updated')));
    expect(audited.at(-1)?.details).toEqual({ by: null, changed: ['name', 'phone'] });
  });

  it('deactivates with "active": "False" and ends the person\'s sessions at once; reactivates with "True"', async () => {
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const forAll = await makeContent(t.db, { tenantId, creatorId, audience: 'all' });
    expect((await call(t, { url: '/api/mobile/content/list/new', token: person.token })).statusCode).toBe(200);

    const off = await scim(`/Users/${person.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await call(t, { url: '/api/mobile/content/list/new', token: person.token })).statusCode).toBe(401);
    expect((await inboxOf(person.id)).has(forAll.id)).toBe(false);

    const on = await scim(`/Users/${person.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Replace', path: 'active', value: 'True' }),
    });
    expect(on.json().active).toBe(true);
    expect((await inboxOf(person.id)).has(forAll.id)).toBe(true);
  });

  it("keeps the enterprise extension's attributes: department, employee number, manager (Entra's string), title, locality", async () => {
    const boss = (await scim('/Users', { method: 'POST', body: entraUser('sefica@firma.hr') })).json();
    const worker = (await scim('/Users', { method: 'POST', body: entraUser('radnik@firma.hr') })).json();
    const changed = await scim(`/Users/${worker.id}`, {
      method: 'PATCH',
      body: patchOp(
        { op: 'Replace', path: `${SCHEMA.enterprise}:department`, value: 'Skladište' },
        { op: 'Add', path: `${SCHEMA.enterprise}:employeeNumber`, value: 'E-1042' },
        { op: 'Add', path: `${SCHEMA.enterprise}:manager`, value: boss.id },
        { op: 'Replace', path: 'addresses[type eq "work"].locality', value: 'Split' },
        { op: 'Remove', path: 'title' },
      ),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[SCHEMA.enterprise]).toEqual({
      department: 'Skladište',
      employeeNumber: 'E-1042',
      manager: { value: boss.id, displayName: 'Ivana Horvat' },
    });
    const [row] = await t.db
      .select()
      .from(appUser)
      .where(eq(appUser.id, Number(worker.id)));
    expect(row).toMatchObject({
      department: 'Skladište',
      employeeNumber: 'E-1042',
      managerId: Number(boss.id),
      location: 'Split',
      jobTitle: null,
    });

    // A PUT that leaves an attribute out does not assert it: what the console set stays.
    const replaced = await scim(`/Users/${worker.id}`, {
      method: 'PUT',
      body: { schemas: [SCHEMA.user], userName: 'radnik@firma.hr', displayName: 'Radnik Horvat' },
    });
    expect(replaced.json()).toMatchObject({ displayName: 'Radnik Horvat', addresses: [{ locality: 'Split' }] });
    // A manager the directory has not provisioned yet is not asserted, and an over-long title is refused.
    await scim(`/Users/${worker.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Replace', path: `${SCHEMA.enterprise}:manager`, value: '999999' }),
    });
    const [kept] = await t.db
      .select()
      .from(appUser)
      .where(eq(appUser.id, Number(worker.id)));
    expect(kept?.managerId).toBe(Number(boss.id));
    const long = await scim(`/Users/${worker.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Replace', path: 'title', value: 'x'.repeat(500) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ scimType: 'invalidValue', detail: expect.stringContaining('title') });
  });

  it('finds a person an import brought in by their e-mail, and names them without a second account', async () => {
    const imported = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const [{ email } = { email: null }] = await t.db
      .select({ email: appUser.email })
      .from(appUser)
      .where(eq(appUser.id, imported.id));
    if (!email) throw new Error('the factory gives people an address');
    const lookup = await scim(filtered('/Users', `userName eq "${email}"`));
    expect(lookup.json()).toMatchObject({ totalResults: 1, Resources: [{ id: String(imported.id), userName: email }] });

    const named = await scim(`/Users/${imported.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Add', path: 'externalId', value: 'entra-imported' }),
    });
    expect(named.json()).toMatchObject({ externalId: 'entra-imported', userName: email });
    const rows = await t.db.select().from(scimUser).where(eq(scimUser.userId, imported.id));
    expect(rows).toMatchObject([{ userName: email, externalId: 'entra-imported' }]);
  });
});

describe('Okta provisioning a person', () => {
  it('creates, replaces with PUT, and deactivates with a path-less replace', async () => {
    const login = 'marko.maric@okta-firma.hr';
    expect((await scim(filtered('/Users', `userName eq "${login}"`))).json().totalResults).toBe(0);
    const created = await scim('/Users', {
      method: 'POST',
      body: {
        schemas: [SCHEMA.user],
        userName: login,
        name: { givenName: 'Marko', familyName: 'Marić' },
        emails: [{ primary: true, value: login, type: 'work' }],
        displayName: 'Marko Marić',
        active: true,
        password: 'never-kept-1',
        groups: [],
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const [row] = await t.db
      .select()
      .from(appUser)
      .where(eq(appUser.id, Number(id)));
    expect(row?.passwordHash).toBeNull();

    const replaced = await scim(`/Users/${id}`, {
      method: 'PUT',
      body: {
        schemas: [SCHEMA.user],
        id,
        userName: login,
        name: { givenName: 'Marko', familyName: 'Marić-Horvat' },
        emails: [{ primary: true, value: login, type: 'work' }],
        active: true,
      },
    });
    expect(replaced.json()).toMatchObject({ id, displayName: 'Marko Marić-Horvat' });

    const off = await scim(`/Users/${id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'replace', value: { active: false } }),
    });
    expect(off.json().active).toBe(false);
  });
});

describe('groups from the directory', () => {
  it('creates a group with members, follows member PATCHes as both directories send them, and the inbox follows', async () => {
    const a = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const b = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const created = await scim('/Groups', {
      method: 'POST',
      body: { schemas: [SCHEMA.group], displayName: 'Terenska prodaja', externalId: 'g-1', members: [] },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ displayName: 'Terenska prodaja', externalId: 'g-1', members: [] });
    const forGroup = await makeContent(t.db, { tenantId, creatorId, audience: { groups: [Number(group.id)] } });

    const lookup = await scim(filtered('/Groups', 'displayName eq "terenska PRODAJA"'));
    expect(lookup.json()).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });

    // Entra ID adds members by value, and removes them with a null $ref.
    const added = await scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Add', path: 'members', value: [{ value: String(a.id) }, { value: String(b.id) }] }),
    });
    // A group's PATCH answers 204: the group is not sent back whole for every member added.
    expect(added.statusCode).toBe(204);
    const withBoth = (await scim(`/Groups/${group.id}`)).json();
    expect(withBoth.members.map((m: { value: string }) => m.value)).toEqual([String(a.id), String(b.id)]);
    expect((await inboxOf(a.id)).has(forGroup.id)).toBe(true);

    const withMember = await scim(
      `${filtered('/Groups', `id eq "${group.id}" and members[value eq "${a.id}"]`)}&excludedAttributes=members`,
    );
    expect(withMember.json()).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });
    expect(withMember.json().Resources[0].members).toBeUndefined();

    await scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Remove', path: 'members', value: [{ $ref: null, value: String(a.id) }] }),
    });
    // Okta removes by a value filter.
    await scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'remove', path: `members[value eq "${b.id}"]` }),
    });
    const members = await t.db
      .select()
      .from(groupMember)
      .where(eq(groupMember.groupId, Number(group.id)));
    expect(members).toEqual([]);
    expect((await inboxOf(a.id)).has(forGroup.id)).toBe(false);

    const renamed = await scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Replace', value: { id: group.id, displayName: 'Prodaja na terenu' } }),
    });
    expect(renamed.statusCode).toBe(204);
    expect((await scim(`/Groups/${group.id}`)).json().displayName).toBe('Prodaja na terenu');

    expect((await scim(`/Groups/${group.id}`, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await scim(`/Groups/${group.id}`)).statusCode).toBe(404);
  });

  it('refuses a member who is not a person of the organisation, and a name another group has', async () => {
    const refused = await scim('/Groups', {
      method: 'POST',
      body: { schemas: [SCHEMA.group], displayName: 'Nova', members: [{ value: '999999' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ schemas: [SCHEMA.error], status: '400', scimType: 'invalidValue' });
    await makeGroup(t.db, { tenantId, name: 'Skladište' });
    const taken = await scim('/Groups', {
      method: 'POST',
      body: { schemas: [SCHEMA.group], displayName: 'skladiste' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().scimType).toBe('uniqueness');
  });
});

describe('what a directory is refused', () => {
  it('answers a filter it does not support with 400 invalidFilter', async () => {
    for (const filter of ['userName co "ana"', 'userName eq "a" or userName eq "b"', 'title eq "x"', 'userName eq']) {
      const res = await scim(filtered('/Users', filter));
      expect(res.statusCode, filter).toBe(400);
      expect(res.json(), filter).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    }
  });

  it('answers a duplicate userName with 409 uniqueness and creates nothing', async () => {
    const body = entraUser('dupla@firma.hr');
    expect((await scim('/Users', { method: 'POST', body })).statusCode).toBe(201);
    const before = (await t.db.select().from(appUser).where(eq(appUser.tenantId, tenantId))).length;
    const again = await scim('/Users', { method: 'POST', body: { ...body, emails: [] } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    expect((await t.db.select().from(appUser).where(eq(appUser.tenantId, tenantId))).length).toBe(before);
  });

  it('refuses bad bodies with the attribute named, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ schemas: [SCHEMA.user], displayName: 'Bez imena' }, 'userName'],
      [entraUser('los.telefon@firma.hr', { phoneNumbers: [{ type: 'work', value: 'zovi me' }] }), 'phoneNumbers'],
      [entraUser('los.aktivan@firma.hr', { active: 'možda' }), 'active'],
      [[1, 2, 3], 'body'],
    ];
    for (const [body, attribute] of cases) {
      const res = await scim('/Users', { method: 'POST', body });
      expect(res.statusCode, attribute).toBe(400);
      expect(res.json().detail, attribute).toContain(attribute);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().scimType).toBe('invalidSyntax');
    const badOp = await scim(`/Users/${admin.id}`, { method: 'PATCH', body: patchOp({ op: 'Move', path: 'active' }) });
    expect(badOp.statusCode).toBe(400);
  });

  it('asks for a token, and refuses a revoked or made-up one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect((await scim('/Users', { token: 'not-a-token' })).statusCode).toBe(401);

    const issued = await call(t, {
      method: 'POST',
      url: '/api/scim-token',
      token: admin.token,
      body: { name: 'Stari' },
    });
    const { id, token } = issued.json().payload as { id: number; token: string };
    expect((await scim('/ServiceProviderConfig', { token })).statusCode).toBe(200);
    await call(t, { method: 'DELETE', url: `/api/scim-token/${id}`, token: admin.token });
    const revoked = await scim('/Users', { token });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ schemas: [SCHEMA.error], status: '401' });
  });

  it("keeps the platform's SUPERADMIN accounts out of the directory's reach", async () => {
    const operator = await makePerson(t.db, tenantId, { role: 'SUPERADMIN', now: t.clock.now() });
    expect((await scim(`/Users/${operator.id}`)).statusCode).toBe(404);
    expect((await scim(`/Users/${operator.id}`, { method: 'DELETE' })).statusCode).toBe(404);
    const all = await scim('/Users?count=200');
    expect(all.json().Resources.map((r: { id: string }) => r.id)).not.toContain(String(operator.id));
  });

  it('deletes a person, and refuses to delete an author of content (deactivate them instead)', async () => {
    const leaving = await makePerson(t.db, tenantId, { now: t.clock.now() });
    expect((await scim(`/Users/${leaving.id}`, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await scim(`/Users/${leaving.id}`)).statusCode).toBe(404);
    await makeContent(t.db, { tenantId, creatorId, audience: 'all' });
    const author = await scim(`/Users/${creatorId}`, { method: 'DELETE' });
    expect(author.statusCode).toBe(409);
    expect((await scim(`/Users/${creatorId}`)).statusCode).toBe(200);
  });
});

describe("another organisation's directory", () => {
  it('sees none of this one: every id answers 404 and changes nothing', async () => {
    const other = await makeTenant(t.db);
    const otherAdmin = await makePerson(t.db, other.id, { role: 'ADMIN', now: t.clock.now() });
    const otherToken = await issueToken(otherAdmin.token, 'Okta');
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const group = await makeGroup(t.db, { tenantId, name: 'Samo naša', members: [person.id] });
    const as = (url: string, options: Scim = {}) => scim(url, { ...options, token: otherToken });

    for (const res of [
      await as(`/Users/${person.id}`),
      await as(`/Users/${person.id}`, { method: 'PUT', body: entraUser('tudja@firma.hr') }),
      await as(`/Users/${person.id}`, {
        method: 'PATCH',
        body: patchOp({ op: 'replace', path: 'active', value: false }),
      }),
      await as(`/Users/${person.id}`, { method: 'DELETE' }),
      await as(`/Groups/${group.id}`),
      await as(`/Groups/${group.id}`, { method: 'PATCH', body: patchOp({ op: 'add', path: 'members', value: [] }) }),
      await as(`/Groups/${group.id}`, { method: 'DELETE' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().schemas).toEqual([SCHEMA.error]);
    }
    const seen = (await as('/Users?count=200')).json().Resources.map((r: { id: string }) => r.id);
    expect(seen).toEqual([String(otherAdmin.id)]);
    const member = await as('/Groups', {
      method: 'POST',
      body: { schemas: [SCHEMA.group], displayName: 'Tuđa', members: [{ value: String(person.id) }] },
    });
    expect(member.statusCode).toBe(400);
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, person.id));
    expect(row?.active).toBe(true);
  });
});

describe('discovery', () => {
  it('describes itself: the features, the resource types and their schemas', async () => {
    const config = await scim('/ServiceProviderConfig');
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim('/ResourceTypes');
    expect(types.json().Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const user = await scim(`/Schemas/${SCHEMA.user}`);
    expect(user.json().attributes.map((a: { name: string }) => a.name)).toContain('userName');
    expect((await scim('/Schemas/urn:nope')).statusCode).toBe(404);
    expect((await scim('/Nothing')).statusCode).toBe(404);
  });
});
