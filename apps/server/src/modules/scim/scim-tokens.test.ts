import { SCIM_TOKENS_LIVE_MAX, type ScimToken } from '@kanal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scimToken, tenant } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { call, makePerson, makeSession, makeTenant, makeUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Directory sync's tokens (issue 31), through HTTP on the run's database (PGlite, or PostgreSQL with
// DATABASE_URL), and the one function the SCIM protocol's routes admit a directory's call with.

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };

/** A new organisation with an ADMIN named `name`, who has a session. */
async function organisation(name = 'Ana Admin') {
  const org = await makeTenant(t.db);
  const user = await makeUser(t.db, { tenantId: org.id, role: 'ADMIN', name, password: null });
  return { tenantId: org.id, admin: { id: user.id, token: await makeSession(t.db, user, t.clock.now()) } };
}

const issue = (token: string, name: string, query = '') =>
  call(t, { method: 'POST', url: `/api/scim-token${query}`, token, body: { name } });
const list = async (token: string, query = '') =>
  (await call(t, { url: `/api/scim-token${query}`, token })).json().payload as { count: number; items: ScimToken[] };
const revoke = (token: string, id: number, query = '') =>
  call(t, { method: 'DELETE', url: `/api/scim-token/${id}${query}`, token });
const authenticate = (bearer: string) => t.app.services.scimTokens.authenticate(bearer);
const rowOf = async (id: number) => (await t.db.select().from(scimToken).where(eq(scimToken.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await organisation());
}, 60_000);
afterAll(() => t?.close());

describe('issuing a token', () => {
  it('answers the token once, keeps only its hash, never lists it, and audits who issued it', async () => {
    const res = await issue(admin.token, '  Microsoft Entra ID  ');
    expect(res.statusCode).toBe(200);
    const created = res.json().payload;
    expect(created).toMatchObject({
      name: 'Microsoft Entra ID',
      createdBy: 'Ana Admin',
      createdByProvider: false,
      lastUsedAt: null,
      revokedAt: null,
    });
    // The token names its organisation, as session tokens do (lib/tokens.ts).
    expect(created.token).toMatch(new RegExp(`^${tenantId}_[\\w-]{43}$`));

    // The token's secret: all after the organisation's id (base64url, so it may hold '_' itself).
    const secret = created.token.slice(created.token.indexOf('_') + 1);
    const row = await rowOf(created.id);
    expect(row?.tokenHash).toBe(hashToken(created.token));
    expect(row?.tokenHash).not.toBe(created.token);
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await call(t, { url: '/api/scim-token', token: admin.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    const item = listed.json().payload.items.find((i: ScimToken) => i.id === created.id);
    expect(item).toEqual({
      id: created.id,
      name: 'Microsoft Entra ID',
      createdAt: created.createdAt,
      createdBy: 'Ana Admin',
      createdByProvider: false,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(item).not.toHaveProperty('token');

    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.event, 'scim.token_created')));
    expect(audited?.details).toEqual({ by: admin.id, tokenId: created.id, name: 'Microsoft Entra ID' });
    expect(JSON.stringify(audited)).not.toContain(secret);
  });

  it('refuses a name a live token of the organisation has, whatever its case or accents, at the name', async () => {
    expect((await issue(admin.token, 'Okta Šibenik')).statusCode).toBe(200);
    const taken = await issue(admin.token, 'okta  sibenik');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ScimTokenNameTaken', field: 'name' });
    // Another organisation's token of that name is no matter.
    const other = await organisation();
    expect((await issue(other.admin.token, 'Okta Šibenik')).statusCode).toBe(200);
  });

  it('refuses a bad name at the field', async () => {
    for (const body of [{ name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 7 }]) {
      const res = await call(t, { method: 'POST', url: '/api/scim-token', token: admin.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'BodyParamsInvalid', field: 'name' });
    }
    expect((await issue(admin.token, 'x'.repeat(100))).statusCode).toBe(200);
  });

  it(`holds an organisation to ${SCIM_TOKENS_LIVE_MAX} live tokens, even when several are issued at once`, async () => {
    const org = await organisation();
    for (let n = 1; n < SCIM_TOKENS_LIVE_MAX; n++)
      expect((await issue(org.admin.token, `Token ${n}`)).statusCode).toBe(200);
    const last = await Promise.all(['A', 'B', 'C', 'D'].map((letter) => issue(org.admin.token, `Zadnji ${letter}`)));
    expect(last.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const refused = await issue(org.admin.token, 'Još jedan', '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ScimTokenLimitReached' });
    expect(refused.json().message).toContain(String(SCIM_TOKENS_LIVE_MAX));
    // A revoked token makes room.
    const [first] = (await list(org.admin.token)).items;
    expect((await revoke(org.admin.token, first?.id ?? 0)).statusCode).toBe(200);
    expect((await issue(org.admin.token, 'Još jedan')).statusCode).toBe(200);
    expect(await t.db.$count(scimToken, eq(scimToken.tenantId, org.tenantId))).toBe(SCIM_TOKENS_LIVE_MAX + 1);
  });

  it('gives one of two admins issuing the same name at once the token, and the other 409', async () => {
    const answers = await Promise.all([issue(admin.token, 'Istodobno'), issue(admin.token, 'ISTODOBNO')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('listing the tokens', () => {
  it('lists the live tokens first, then the revoked, newest first, a page at a time', async () => {
    const org = await organisation();
    const ids: number[] = [];
    for (const name of ['Prvi', 'Drugi', 'Treći']) {
      t.clock.advance(1000);
      ids.push((await issue(org.admin.token, name)).json().payload.id);
    }
    await revoke(org.admin.token, ids[2] ?? 0);
    const page = await list(org.admin.token);
    expect(page.count).toBe(3);
    expect(page.items.map((item) => item.name)).toEqual(['Drugi', 'Prvi', 'Treći']);
    expect(page.items[2]?.revokedAt).toBe(t.clock.now().toISOString());
    const second = await list(org.admin.token, '?limit=2&offset=2');
    expect(second).toMatchObject({ count: 3, items: [{ name: 'Treći' }] });
  });
});

describe('authenticate, for the SCIM protocol’s routes', () => {
  it('names the organisation and token of a live token, with or without "Bearer ", and nothing else', async () => {
    const created = (await issue(admin.token, 'Za prijavu')).json().payload;
    expect(await authenticate(created.token)).toEqual({ tenantId, tokenId: created.id });
    expect(await authenticate(`Bearer ${created.token}`)).toEqual({ tenantId, tokenId: created.id });
    for (const bad of ['', 'Bearer ', 'nonsense', `${created.token}x`, `${tenantId}_${'A'.repeat(43)}`]) {
      expect(await authenticate(bad), bad).toBeNull();
    }
    // A session token is no directory's, though it is shaped the same.
    expect(await authenticate(admin.token)).toBeNull();
  });

  it('records the last use at most once a minute, and the list shows it', async () => {
    const created = (await issue(admin.token, 'Korištenje')).json().payload;
    const first = t.clock.now();
    await authenticate(created.token);
    expect((await rowOf(created.id))?.lastUsedAt).toEqual(first);
    t.clock.advance(30_000);
    await authenticate(created.token);
    await authenticate(created.token);
    expect((await rowOf(created.id))?.lastUsedAt).toEqual(first);
    t.clock.advance(30_000);
    await authenticate(created.token);
    const later = (await rowOf(created.id))?.lastUsedAt;
    expect(later).toEqual(t.clock.now());
    const item = (await list(admin.token)).items.find((i) => i.id === created.id);
    expect(item?.lastUsedAt).toBe(later?.toISOString());
  });

  it('names only the organisation a token is of: another’s token is not ours with our id in front', async () => {
    const other = await organisation();
    const theirs = (await issue(other.admin.token, 'Njihov')).json().payload;
    expect(await authenticate(theirs.token)).toEqual({ tenantId: other.tenantId, tokenId: theirs.id });
    const secret = theirs.token.slice(theirs.token.indexOf('_') + 1);
    expect(await authenticate(`${tenantId}_${secret}`)).toBeNull();
  });

  it('admits no call once the token is revoked, or while its organisation is deactivated', async () => {
    const org = await organisation();
    const created = (await issue(org.admin.token, 'Kratkog vijeka')).json().payload;
    await t.db.update(tenant).set({ active: false }).where(eq(tenant.id, org.tenantId));
    expect(await authenticate(created.token)).toBeNull();
    await t.db.update(tenant).set({ active: true }).where(eq(tenant.id, org.tenantId));
    expect(await authenticate(created.token)).not.toBeNull();
    // Deactivating the organisation ended its sessions; its admin signs in again.
    const adminToken = await makeSession(t.db, { id: org.admin.id, tenantId: org.tenantId }, t.clock.now());

    const revoked = await revoke(adminToken, created.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().payload).toEqual({ done: true });
    expect(await authenticate(created.token)).toBeNull();
    const row = await rowOf(created.id);
    expect(row?.revokedAt).toEqual(t.clock.now());
    // Once is enough: again changes nothing and is audited once.
    expect((await revoke(adminToken, created.id)).statusCode).toBe(200);
    const revocations = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, org.tenantId), eq(auditLog.event, 'scim.token_revoked')))
      .orderBy(asc(auditLog.id));
    expect(revocations.map((r) => r.details)).toEqual([
      { by: org.admin.id, tokenId: created.id, name: 'Kratkog vijeka' },
    ]);
    // A revoked token's name is free again.
    expect((await issue(adminToken, 'Kratkog vijeka')).statusCode).toBe(200);
  });
});

describe('who may', () => {
  it("answers 404 for another organisation's token, and leaves it live", async () => {
    const other = await organisation();
    const theirs = (await issue(other.admin.token, 'Tuđi')).json().payload;
    const res = await revoke(admin.token, theirs.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NotFound');
    expect((await rowOf(theirs.id))?.revokedAt).toBeNull();
    expect((await list(admin.token)).items.map((item) => item.id)).not.toContain(theirs.id);
    expect((await revoke(admin.token, 2_000_000_000)).statusCode).toBe(404);
  });

  it.each(['CREATOR', 'ANALYST', 'USER'] as const)('refuses a %s every call with 403', async (role) => {
    const someone = await makePerson(t.db, tenantId, { role, now: t.clock.now() });
    const [mine] = (await list(admin.token)).items;
    expect((await call(t, { url: '/api/scim-token', token: someone.token })).statusCode).toBe(403);
    const issued = await issue(someone.token, 'Ne smije');
    expect(issued.statusCode).toBe(403);
    expect(issued.json().code).toBe('Forbidden');
    expect((await revoke(someone.token, mine?.id ?? 0)).statusCode).toBe(403);
    expect((await rowOf(mine?.id ?? 0))?.revokedAt).toBeNull();
  });

  it("lets the provider's SUPERADMIN issue one in the organisation they work in, named as the provider's", async () => {
    const provider = await makeTenant(t.db);
    const superadmin = await makePerson(t.db, provider.id, { role: 'SUPERADMIN', now: t.clock.now() });
    const res = await issue(superadmin.token, 'Od pružatelja', `?tenant=${tenantId}`);
    expect(res.statusCode).toBe(200);
    const created = res.json().payload;
    expect(created).toMatchObject({ createdBy: null, createdByProvider: true });
    expect(await authenticate(created.token)).toEqual({ tenantId, tokenId: created.id });
    expect((await rowOf(created.id))?.tenantId).toBe(tenantId);
    // Nobody else names an organisation not their own.
    expect((await issue(admin.token, 'Tuđa', `?tenant=${provider.id}`)).statusCode).toBe(404);
  });

  it('keeps the token when the person who issued it is deleted, by whom no longer known', async () => {
    const org = await organisation('Iva Izdavačica');
    const other = await makePerson(t.db, org.tenantId, { role: 'ADMIN', now: t.clock.now() });
    const created = (await issue(org.admin.token, 'Nadživi')).json().payload;
    const deleted = await call(t, { method: 'DELETE', url: `/api/user/${org.admin.id}`, token: other.token });
    expect(deleted.statusCode).toBe(200);
    expect((await list(other.token)).items).toMatchObject([{ id: created.id, createdBy: null, revokedAt: null }]);
    expect(await authenticate(created.token)).toEqual({ tenantId: org.tenantId, tokenId: created.id });
  });
});
