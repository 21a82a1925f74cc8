import type { IdentityProvider } from '@kanal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contentInteraction,
  groupMember,
  identityProvider,
  session as sessionTable,
  ssoAttempt,
} from '../../db/schema/index.js';
import { makeContent, makeGroup } from '../../test/content-factories.js';
import { call, makePerson, makeTenant, makeUser } from '../../test/factories.js';
import { startMisbehavingProvider, type TokenFault } from '../../test/misbehaving-provider.js';
import {
  type ProviderCookies,
  signOutAtProvider,
  startOidcProvider,
  type TestOidcProvider,
  throughProvider,
} from '../../test/oidc-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'https://kanal.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;
const LOGIN = `${PUBLIC_URL}/login`;
const CLIENT = {
  clientId: 'kanal',
  clientSecret: 'kanal-client-secret-0123456789',
  redirectUri: CALLBACK,
  postLogoutRedirectUri: LOGIN,
};

let t: TestApp;
let idp: TestOidcProvider;
let tenantId: number;
let admin: { id: number; token: string };
let prodaja: number;
let skladiste: number;
let providerId: number;

/** The organisation's provider as its admin would add it (the test provider's issuer, this client). */
const providerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Firma Entra',
  issuer: idp.issuer,
  clientId: CLIENT.clientId,
  clientSecret: CLIENT.clientSecret,
  domains: ['firma.hr'],
  groupsClaim: 'groups',
  groups: [
    { value: 'sales', groupId: prodaja },
    { value: 'warehouse', groupId: skladiste },
  ],
  createPeople: true,
  passwordsAllowed: true,
  enabled: true,
  ...overrides,
});

/**
 * A whole sign-in as the browser goes through it: our start, the provider's login page, our callback.
 * `cookies`: the browser's at the provider, where its session with the provider stays.
 */
async function signInThrough(
  account: string,
  start = `/api/auth/sso/${tenantId}/${providerId}`,
  cookies: ProviderCookies = new Map(),
) {
  idp.login(account);
  const started = await call(t, { url: start });
  expect(started.statusCode).toBe(302);
  const location = String(started.headers.location);
  if (!location.startsWith(idp.issuer)) return location;
  const back = await call(t, { url: await throughProvider(location, CALLBACK, cookies) });
  expect(back.statusCode).toBe(302);
  return String(back.headers.location);
}

/** The session a ticket at the web app's /sso page is traded for. */
async function redeem(landing: string) {
  const ticket = decodeURIComponent(landing.split('#ticket=')[1] ?? '');
  return call(t, { method: 'POST', url: '/api/auth/sso/ticket', body: { ticket } });
}

const groupsOf = async (userId: number) =>
  (await t.db.select().from(groupMember).where(eq(groupMember.userId, userId))).map((row) => row.groupId).sort();

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  idp = await startOidcProvider(CLIENT);
  tenantId = (await makeTenant(t.db, { name: 'Firma d.o.o.' })).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  prodaja = (await makeGroup(t.db, { tenantId, name: 'Prodaja' })).id;
  skladiste = (await makeGroup(t.db, { tenantId, name: 'Skladište' })).id;
  const created = await call(t, {
    method: 'POST',
    url: '/api/identity-provider',
    token: admin.token,
    body: providerBody(),
  });
  expect(created.statusCode).toBe(200);
  providerId = created.json().payload.id;
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe("an organisation's identity providers", () => {
  it('keeps the client secret sealed and never answers it; names the redirect URIs to register', async () => {
    const list = await call(t, { url: '/api/identity-provider', token: admin.token });
    const [shown] = list.json().payload as IdentityProvider[];
    expect(shown).toMatchObject({
      id: providerId,
      name: 'Firma Entra',
      domains: ['firma.hr'],
      groups: [
        { value: 'sales', groupId: prodaja },
        { value: 'warehouse', groupId: skladiste },
      ],
      redirectUri: CALLBACK,
      postLogoutRedirectUri: LOGIN,
      // Left out of the body: no attribute is taken from the provider's claims.
      attributeClaims: { department: null, location: null, jobTitle: null, employeeNumber: null, startDate: null },
    });
    expect(list.body).not.toContain(CLIENT.clientSecret);
    const [row] = await t.db.select().from(identityProvider).where(eq(identityProvider.id, providerId));
    expect(row?.clientSecretSealed).toMatch(/^v1\./);
    expect(row?.clientSecretSealed).not.toContain(CLIENT.clientSecret);
  });

  it('refuses a domain another organisation’s provider holds, naming it, and changes nothing', async () => {
    const other = await makeTenant(t.db);
    const otherAdmin = await makePerson(t.db, other.id, { role: 'ADMIN', now: t.clock.now() });
    const res = await call(t, {
      method: 'POST',
      url: '/api/identity-provider',
      token: otherAdmin.token,
      body: { ...providerBody({ groups: [] }), domains: ['nova.hr', 'FIRMA.hr'] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SsoDomainTaken', field: 'domains' });
    const list = await call(t, { url: '/api/identity-provider', token: otherAdmin.token });
    expect(list.json().payload).toEqual([]);
  });

  it('gives a domain two organisations claim at once to one of them, and refuses the other with 409', async () => {
    const claim = async () => {
      const org = await makeTenant(t.db);
      const boss = await makePerson(t.db, org.id, { role: 'ADMIN', now: t.clock.now() });
      return call(t, {
        method: 'POST',
        url: '/api/identity-provider',
        token: boss.token,
        body: providerBody({ domains: ['istodobno.hr'], groups: [] }),
      });
    };
    const answers = await Promise.all([claim(), claim()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json()).toMatchObject({
      code: 'SsoDomainTaken',
      field: 'domains',
    });
  });

  it("answers 404 for another organisation's provider or group, 403 for a role without access", async () => {
    const other = await makeTenant(t.db);
    const otherAdmin = await makePerson(t.db, other.id, { role: 'ADMIN', now: t.clock.now() });
    const foreign = await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${providerId}`,
      token: otherAdmin.token,
      body: { enabled: false },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignGroup = await call(t, {
      method: 'POST',
      url: '/api/identity-provider',
      token: otherAdmin.token,
      body: providerBody({ domains: [], groups: [{ value: 'x', groupId: prodaja }] }),
    });
    expect(foreignGroup.statusCode).toBe(404);
    const creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now: t.clock.now() });
    expect((await call(t, { url: '/api/identity-provider', token: creator.token })).statusCode).toBe(403);
    const [row] = await t.db.select().from(identityProvider).where(eq(identityProvider.id, providerId));
    expect(row?.enabled).toBe(true);
  });

  it('refuses a bad body at its field', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/identity-provider',
      token: admin.token,
      body: providerBody({ issuer: 'ftp://idp.example', domains: ['not a domain'] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BodyParamsInvalid');
  });

  it('refuses a domain or a claim value listed twice at the repeat, before it could fail the insert', async () => {
    const twice = async (body: Record<string, unknown>) =>
      (
        await call(t, {
          method: 'PATCH',
          url: `/api/identity-provider/${providerId}`,
          token: admin.token,
          body,
        })
      ).json();
    expect(await twice({ domains: ['firma.hr', 'FIRMA.hr'] })).toMatchObject({
      code: 'BodyParamsInvalid',
      field: 'domains.1',
    });
    expect(
      await twice({
        groups: [
          { value: 'sales', groupId: prodaja },
          { value: 'sales', groupId: skladiste },
        ],
      }),
    ).toMatchObject({ code: 'BodyParamsInvalid', field: 'groups.1.value' });
  });
});

describe('signing in through the provider', () => {
  it('creates an unknown person at the first sign-in, in the groups the claim maps, with what is aimed at them', async () => {
    const creator = await makeUser(t.db, { tenantId, role: 'CREATOR', password: null });
    const forSales = await makeContent(t.db, { tenantId, creatorId: creator.id, audience: { groups: [prodaja] } });
    idp.accounts.set('entra-ana', { email: 'Ana.Anic@firma.hr', name: 'Ana Anić', groups: ['sales', 'unmapped'] });
    const landing = await signInThrough('entra-ana');
    expect(landing).toMatch(new RegExp(`^${PUBLIC_URL}/sso#ticket=`));
    const session = await redeem(landing);
    expect(session.statusCode).toBe(200);
    const { token, userId } = session.json().payload;
    const me = await call(t, { url: '/api/auth/me', token });
    expect(me.json().payload).toMatchObject({ name: 'Ana Anić', email: 'ana.anic@firma.hr', role: 'USER' });
    expect(await groupsOf(userId)).toEqual([prodaja]);
    const inbox = await t.db
      .select()
      .from(contentInteraction)
      .where(and(eq(contentInteraction.userId, userId), eq(contentInteraction.contentId, forSales.id)));
    expect(inbox).toHaveLength(1);
    // The ticket is good once.
    expect((await redeem(landing)).statusCode).toBe(400);
  });

  it('finds the same person by the provider’s subject the next time, even with another e-mail', async () => {
    idp.accounts.set('entra-ivo', { email: 'ivo@firma.hr', name: 'Ivo Ivić', groups: [] });
    const first = (await (await redeem(await signInThrough('entra-ivo'))).json()).payload.userId;
    idp.accounts.set('entra-ivo', { email: 'ivo.ivic@firma.hr', name: 'Ivo Ivić', groups: [] });
    const second = (await (await redeem(await signInThrough('entra-ivo'))).json()).payload.userId;
    expect(second).toBe(first);
  });

  it('matches a person the organisation already has by their verified e-mail', async () => {
    const known = await makeUser(t.db, { tenantId, email: 'marko@firma.hr', name: 'Marko Marić' });
    idp.accounts.set('entra-marko', { email: 'marko@firma.hr', email_verified: true, groups: ['warehouse'] });
    const session = (await redeem(await signInThrough('entra-marko'))).json().payload;
    expect(session.userId).toBe(known.id);
    expect(await groupsOf(known.id)).toEqual([skladiste]);
  });

  it('moves the person when the group claim changes, leaving groups no mapping names alone', async () => {
    const own = (await makeGroup(t.db, { tenantId, name: 'Projekt X' })).id;
    idp.accounts.set('entra-lea', { email: 'lea@firma.hr', name: 'Lea Lukić', groups: ['sales'] });
    const { userId } = (await redeem(await signInThrough('entra-lea'))).json().payload;
    await t.db.insert(groupMember).values({ tenantId, groupId: own, userId });
    idp.accounts.set('entra-lea', { email: 'lea@firma.hr', name: 'Lea Lukić', groups: ['warehouse'] });
    await redeem(await signInThrough('entra-lea'));
    expect(await groupsOf(userId)).toEqual([skladiste, own].sort());
    const changes = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.event, 'sso.groups_changed')))
      .orderBy(asc(auditLog.id));
    expect(changes.map((row) => row.details)).toEqual([
      { providerId, joined: [prodaja], left: [] },
      { providerId, joined: [skladiste], left: [prodaja] },
    ]);
  });
});

describe('person attributes from claims', () => {
  /** Okta's custom claims and Entra ID's names, as an admin would map them. */
  const CLAIMS = {
    department: 'department',
    location: 'extn.officeLocation',
    jobTitle: 'jobTitle',
    employeeNumber: 'employee_id',
    startDate: 'hire_date',
  };
  let okta: number;
  const NINA = {
    email: 'nina@okta.firma.hr',
    name: 'Nina Novak',
    department: 'Prodaja',
    'extn.officeLocation': 'Zagreb',
    jobTitle: 'Voditeljica prodaje',
    employee_id: 'E-1042',
    hire_date: '2021-03-01T00:00:00Z',
  };

  const signIn = async (account: string) => {
    const session = await redeem(await signInThrough(account, `/api/auth/sso/${tenantId}/${okta}`));
    expect(session.statusCode).toBe(200);
    return session.json().payload.userId as number;
  };
  const attributesOf = async (userId: number) => {
    const { department, location, jobTitle, employeeNumber, startDate, manager } = (
      await call(t, { url: `/api/user/${userId}`, token: admin.token })
    ).json().payload;
    return { department, location, jobTitle, employeeNumber, startDate, manager };
  };
  const attributeChanges = async (userId: number) =>
    (
      await t.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.userId, userId), eq(auditLog.event, 'user.updated')))
        .orderBy(asc(auditLog.id))
    ).map((row) => row.details);
  const setMapping = (attributeClaims: Record<string, unknown>) =>
    call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${okta}`,
      token: admin.token,
      body: { attributeClaims },
    });

  beforeAll(async () => {
    const created = await call(t, {
      method: 'POST',
      url: '/api/identity-provider',
      token: admin.token,
      body: providerBody({
        name: 'Firma Okta',
        domains: ['okta.firma.hr'],
        groupsClaim: null,
        groups: [],
        attributeClaims: { ...CLAIMS, startDate: '  hire_date ' },
      }),
    });
    expect(created.statusCode).toBe(200);
    okta = created.json().payload.id;
  });

  it('keeps the mapping with the provider and answers it, an attribute not named as null', async () => {
    const list = (await call(t, { url: '/api/identity-provider', token: admin.token })).json()
      .payload as IdentityProvider[];
    expect(list.find((provider) => provider.id === okta)?.attributeClaims).toEqual(CLAIMS);
    const changed = await setMapping({ department: 'department', jobTitle: '', employeeNumber: null });
    expect(changed.json().payload.attributeClaims).toEqual({
      department: 'department',
      location: null,
      jobTitle: null,
      employeeNumber: null,
      startDate: null,
    });
    expect((await setMapping(CLAIMS)).json().payload.attributeClaims).toEqual(CLAIMS);
  });

  it('refuses a claim name that is none, or too long, at its field, and keeps the mapping', async () => {
    const spaced = await setMapping({ ...CLAIMS, department: 'odjel osobe' });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'attributeClaims.department' });
    const long = await setMapping({ ...CLAIMS, jobTitle: `https://firma.hr/${'x'.repeat(90)}` });
    expect(long.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'attributeClaims.jobTitle' });
    const [row] = await t.db.select().from(identityProvider).where(eq(identityProvider.id, okta));
    expect(row?.attributeClaims).toEqual(CLAIMS);
  });

  it('sets the attributes of a person created at their first sign-in, audited as the provider’s', async () => {
    idp.accounts.set('okta-nina', NINA);
    const userId = await signIn('okta-nina');
    expect(await attributesOf(userId)).toEqual({
      department: 'Prodaja',
      location: 'Zagreb',
      jobTitle: 'Voditeljica prodaje',
      employeeNumber: 'E-1042',
      // Entra ID's employeeHireDate is a date-time at the day's start: the day is taken as written.
      startDate: '2021-03-01',
      manager: null,
    });
    expect(await attributeChanges(userId)).toEqual([
      { providerId: okta, changed: ['department', 'location', 'jobTitle', 'employeeNumber', 'startDate'] },
    ]);
  });

  it('changes an attribute whose claim changed, and writes nothing when the claims say what is stored', async () => {
    idp.accounts.set('okta-nina', { ...NINA, department: 'Nabava', hire_date: '2021-04-01' });
    const userId = await signIn('okta-nina');
    expect(await attributesOf(userId)).toMatchObject({ department: 'Nabava', startDate: '2021-04-01' });
    await signIn('okta-nina');
    expect(await attributeChanges(userId)).toEqual([
      { providerId: okta, changed: ['department', 'location', 'jobTitle', 'employeeNumber', 'startDate'] },
      { providerId: okta, changed: ['department', 'startDate'] },
    ]);
  });

  it('leaves an attribute as the admin set it when its claim is absent, or comes in a claim not mapped', async () => {
    const tomo = await makeUser(t.db, { tenantId, email: 'tomo@okta.firma.hr', name: 'Tomo Tomić' });
    const set = await call(t, {
      method: 'PATCH',
      url: `/api/user/${tomo.id}`,
      token: admin.token,
      body: { location: 'Split', jobTitle: 'Skladištar', employeeNumber: 'E-7', managerId: admin.id },
    });
    expect(set.statusCode).toBe(200);
    // No office, title or number in the claims the provider maps; a city and a title in claims it does not.
    idp.accounts.set('okta-tomo', {
      email: 'tomo@okta.firma.hr',
      department: 'Skladište',
      city: 'Rijeka',
      title: 'Vozač',
    });
    expect(await signIn('okta-tomo')).toBe(tomo.id);
    expect(await attributesOf(tomo.id)).toEqual({
      department: 'Skladište',
      location: 'Split',
      jobTitle: 'Skladištar',
      employeeNumber: 'E-7',
      startDate: null,
      manager: { id: admin.id, name: expect.any(String) },
    });
  });

  it('ignores and logs a value that is no text, too long or no day, and signs the person in with the rest', async () => {
    const long = `Odjel ${'za posebne projekte '.repeat(6)}`;
    idp.accounts.set('okta-vid', {
      email: 'vid@okta.firma.hr',
      name: 'Vid Vidić',
      department: long,
      'extn.officeLocation': 'Osijek',
      jobTitle: ['Voditelj', 'Skladištar'],
      employee_id: 1042,
      hire_date: '01.03.2021.',
    });
    const logged = t.logLines.length;
    const userId = await signIn('okta-vid');
    expect(await attributesOf(userId)).toEqual({
      department: null,
      location: 'Osijek',
      jobTitle: null,
      employeeNumber: null,
      startDate: null,
      manager: null,
    });
    const lines = t.logLines.slice(logged).filter((line) => line.includes('identity provider claim ignored'));
    expect(
      lines.map((line) => JSON.parse(line)).map(({ attribute, claim, reason }) => ({ attribute, claim, reason })),
    ).toEqual([
      { attribute: 'department', claim: 'department', reason: 'tooLong' },
      { attribute: 'jobTitle', claim: 'jobTitle', reason: 'notText' },
      { attribute: 'employeeNumber', claim: 'employee_id', reason: 'notText' },
      { attribute: 'startDate', claim: 'hire_date', reason: 'notADay' },
    ]);
    // The person's values are theirs: the log names the claim, never what it held.
    expect(lines.join('\n')).not.toContain('posebne');
  });

  it('clears an attribute whose claim comes empty, and reads a dotted name as a path into an object claim', async () => {
    await setMapping({ ...CLAIMS, location: 'address.locality' });
    idp.accounts.set('okta-iva', { email: 'iva@okta.firma.hr', name: 'Iva Ivić', department: 'Prodaja' });
    const userId = await signIn('okta-iva');
    idp.accounts.set('okta-iva', { email: 'iva@okta.firma.hr', department: ' ', address: { locality: 'Pula' } });
    await signIn('okta-iva');
    expect(await attributesOf(userId)).toMatchObject({ department: null, location: 'Pula' });
    await setMapping(CLAIMS);
  });

  it('takes nothing from the claims once the mapping is removed', async () => {
    expect((await setMapping({})).json().payload.attributeClaims).toEqual({
      department: null,
      location: null,
      jobTitle: null,
      employeeNumber: null,
      startDate: null,
    });
    idp.accounts.set('okta-nina', { ...NINA, department: 'Marketing', jobTitle: 'Direktorica' });
    const userId = await signIn('okta-nina');
    expect(await attributesOf(userId)).toMatchObject({ department: 'Nabava', jobTitle: 'Voditeljica prodaje' });
    expect(await attributeChanges(userId)).toHaveLength(2);
    await setMapping(CLAIMS);
  });
});

describe('refusals', () => {
  it('an unknown person when the provider may not create people; a deactivated one; the login screen says why', async () => {
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${providerId}`,
      token: admin.token,
      body: { createPeople: false },
    });
    idp.accounts.set('entra-nobody', { email: 'nobody@firma.hr', name: 'Niko Nitko' });
    expect(await signInThrough('entra-nobody')).toBe(`${PUBLIC_URL}/sso?error=unknownPerson`);

    await makeUser(t.db, { tenantId, email: 'bivsi@firma.hr', active: false });
    idp.accounts.set('entra-bivsi', { email: 'bivsi@firma.hr', email_verified: true });
    expect(await signInThrough('entra-bivsi')).toBe(`${PUBLIC_URL}/sso?error=deactivated`);
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${providerId}`,
      token: admin.token,
      body: { createPeople: true },
    });
  });

  it('an e-mail the provider neither verified nor holds the domain of', async () => {
    idp.accounts.set('entra-gmail', { email: 'someone@gmail.com', name: 'Netko' });
    expect(await signInThrough('entra-gmail')).toBe(`${PUBLIC_URL}/sso?error=unknownPerson`);
  });

  it('a provider switched off, before and after the person left for it', async () => {
    idp.accounts.set('entra-off', { email: 'off@firma.hr', name: 'Off' });
    idp.login('entra-off');
    const started = await call(t, { url: `/api/auth/sso/${tenantId}/${providerId}` });
    const callback = await throughProvider(String(started.headers.location), CALLBACK);
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${providerId}`,
      token: admin.token,
      body: { enabled: false },
    });
    expect(String((await call(t, { url: callback })).headers.location)).toBe(`${PUBLIC_URL}/sso?error=ssoOff`);
    expect(await signInThrough('entra-off')).toBe(`${PUBLIC_URL}/sso?error=ssoOff`);
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${providerId}`,
      token: admin.token,
      body: { enabled: true },
    });
  });

  it('a replayed answer (the same state twice), and a state nobody started', async () => {
    idp.accounts.set('entra-replay', { email: 'replay@firma.hr', name: 'Replay' });
    idp.login('entra-replay');
    const started = await call(t, { url: `/api/auth/sso/${tenantId}/${providerId}` });
    const callback = await throughProvider(String(started.headers.location), CALLBACK);
    expect(String((await call(t, { url: callback })).headers.location)).toMatch(/\/sso#ticket=/);
    expect(String((await call(t, { url: callback })).headers.location)).toBe(`${PUBLIC_URL}/sso?error=expired`);
    const forged = callback.replace(/state=[^&]+/, 'state=forged');
    expect(String((await call(t, { url: forged })).headers.location)).toBe(`${PUBLIC_URL}/sso?error=expired`);
  });

  it('a state whose time ran out', async () => {
    idp.accounts.set('entra-slow', { email: 'slow@firma.hr', name: 'Slow' });
    idp.login('entra-slow');
    const started = await call(t, { url: `/api/auth/sso/${tenantId}/${providerId}` });
    const callback = await throughProvider(String(started.headers.location), CALLBACK);
    t.clock.advance(11 * 60_000);
    expect(String((await call(t, { url: callback })).headers.location)).toBe(`${PUBLIC_URL}/sso?error=expired`);
  });

  it('a code answered with another PKCE verifier or nonce than the sign-in started with', async () => {
    idp.accounts.set('entra-swap', { email: 'swap@firma.hr', name: 'Swap' });
    idp.login('entra-swap');
    // Two sign-ins started; the provider's answer to the first comes back with the second's state.
    const first = await call(t, { url: `/api/auth/sso/${tenantId}/${providerId}` });
    const second = await call(t, { url: `/api/auth/sso/${tenantId}/${providerId}` });
    const callback = await throughProvider(String(first.headers.location), CALLBACK);
    const otherState = new URL(String(second.headers.location)).searchParams.get('state') ?? '';
    const swapped = callback.replace(/state=[^&]+/, `state=${encodeURIComponent(otherState)}`);
    expect(String((await call(t, { url: swapped })).headers.location)).toBe(`${PUBLIC_URL}/sso?error=tokenInvalid`);
  });

  it('an issuer whose discovery names another issuer', async () => {
    const wrong = await call(t, {
      method: 'POST',
      url: '/api/identity-provider',
      token: admin.token,
      body: providerBody({ name: 'Pogrešan', issuer: `${idp.issuer}/other`, domains: [], groups: [] }),
    });
    const started = await call(t, { url: `/api/auth/sso/${tenantId}/${wrong.json().payload.id}` });
    expect(String(started.headers.location)).toBe(`${PUBLIC_URL}/sso?error=providerError`);
  });

  it('audits every refusal with its reason', async () => {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.event, 'sso.refused')));
    expect(rows.map((row) => (row.details as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['unknownPerson', 'deactivated', 'ssoOff', 'tokenInvalid']),
    );
  });
});

describe('finding the provider before signing in', () => {
  it('sends an address of a provider’s domain there (home-realm discovery), whatever the account', async () => {
    for (const identifier of ['ana.anic@firma.hr', 'NOBODY@Firma.hr']) {
      const res = await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier } });
      expect(res.json().payload).toEqual({ hasPassword: true, sso: `/api/auth/sso/${tenantId}/${providerId}` });
    }
    const elsewhere = await call(t, {
      method: 'POST',
      url: '/api/auth/has-password',
      body: { identifier: 'netko@drugdje.hr' },
    });
    expect(elsewhere.json().payload).toEqual({ hasPassword: true });
  });

  it('refuses a password where the organisation allows only its provider, and takes one where it allows both', async () => {
    const person = await makeUser(t.db, { tenantId, email: 'lozinka@firma.hr' });
    const signIn = () =>
      call(t, {
        method: 'POST',
        url: '/api/auth/signin',
        body: { email: 'lozinka@firma.hr', password: person.password, rememberMe: false },
      });
    expect((await signIn()).statusCode).toBe(200);
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${providerId}`,
      token: admin.token,
      body: { passwordsAllowed: false },
    });
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SsoRequired');
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${providerId}`,
      token: admin.token,
      body: { passwordsAllowed: true },
    });
  });

  it('lists an organisation’s enabled providers for its sign-in link, and none of an unknown one', async () => {
    const list = await call(t, { url: `/api/auth/sso/providers?tenant=${tenantId}` });
    expect(list.json().payload).toContainEqual({
      name: 'Firma Entra',
      url: `/api/auth/sso/${tenantId}/${providerId}`,
    });
    expect((await call(t, { url: '/api/auth/sso/providers?tenant=999999' })).json().payload).toEqual([]);
  });
});

describe('signing out', () => {
  const signOut = (token: string) => call(t, { url: '/api/auth/signout', token });
  const sessionRow = async (userId: number) =>
    (await t.db.select().from(sessionTable).where(eq(sessionTable.userId, userId)))[0];
  /** A second provider of the organisation, at the same issuer, for a test to change or delete. */
  async function anotherProvider(name: string) {
    const created = await call(t, {
      method: 'POST',
      url: '/api/identity-provider',
      token: admin.token,
      body: providerBody({ name, domains: [], groupsClaim: null, groups: [] }),
    });
    return created.json().payload.id as number;
  }

  it('ends a provider’s session and names the provider’s end-session address, our client, the ID token and the way back', async () => {
    idp.accounts.set('entra-odjava', { email: 'odjava@firma.hr', name: 'Odjava Odić' });
    const browser: ProviderCookies = new Map();
    const { token, userId } = (await redeem(await signInThrough('entra-odjava', undefined, browser))).json().payload;
    const kept = await sessionRow(userId);
    expect(kept?.providerId).toBe(providerId);
    expect(kept?.idTokenSealed).toMatch(/^v1\./);

    const out = await signOut(token);
    expect(out.statusCode).toBe(200);
    const { done, endSessionUrl } = out.json().payload;
    expect(done).toBe(true);
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as {
      end_session_endpoint: string;
    };
    const url = new URL(endSessionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(discovery.end_session_endpoint);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(LOGIN);
    const [, payload = ''] = (url.searchParams.get('id_token_hint') ?? '').split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      sub: 'entra-odjava',
      aud: CLIENT.clientId,
      iss: idp.issuer,
    });

    // Our session has ended, and the ID token left its row with it.
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(401);
    const ended = await sessionRow(userId);
    expect(ended?.revokedAt).not.toBeNull();
    expect(ended?.idTokenSealed).toBeNull();
    const [audited] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.event, 'session.revoked')));
    expect(audited?.details).toEqual({ providerId });

    // The provider takes the address as it is: it signs the person out and sends them back to the login.
    expect(await signOutAtProvider(endSessionUrl, browser)).toBe(LOGIN);
  });

  it('answers no address for a password’s session, and ends it', async () => {
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const out = await signOut(person.token);
    expect(out.statusCode).toBe(200);
    expect(out.json().payload).toEqual({ done: true });
    expect((await call(t, { url: '/api/auth/me', token: person.token })).statusCode).toBe(401);
  });

  it('ends the session of a provider that no longer answers, without the address', async () => {
    const gone = await anotherProvider('Nedostupan');
    idp.accounts.set('entra-nedostupan', { email: 'nedostupan@firma.hr', email_verified: true, name: 'Ned' });
    const { token, userId } = (
      await redeem(await signInThrough('entra-nedostupan', `/api/auth/sso/${tenantId}/${gone}`))
    ).json().payload;
    // Moved meanwhile to an address where nothing answers: its discovery fails.
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${gone}`,
      token: admin.token,
      body: { issuer: 'http://127.0.0.1:1' },
    });
    const out = await signOut(token);
    expect(out.statusCode).toBe(200);
    expect(out.json().payload).toEqual({ done: true });
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(401);
    expect((await sessionRow(userId))?.revokedAt).not.toBeNull();
  });

  it('keeps the sessions of a deleted provider, which sign out without it', async () => {
    const deleted = await anotherProvider('Obrisan');
    idp.accounts.set('entra-obrisan', { email: 'obrisan@firma.hr', email_verified: true, name: 'Obri' });
    const { token, userId } = (
      await redeem(await signInThrough('entra-obrisan', `/api/auth/sso/${tenantId}/${deleted}`))
    ).json().payload;
    const removed = await call(t, { method: 'DELETE', url: `/api/identity-provider/${deleted}`, token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect(await sessionRow(userId)).toMatchObject({ tenantId, providerId: null, revokedAt: null });
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(200);
    expect((await signOut(token)).json().payload).toEqual({ done: true });
  });
});

describe('refusing a faulty ID token', () => {
  let rogue: Awaited<ReturnType<typeof startMisbehavingProvider>>;
  let rogueId: number;
  beforeAll(async () => {
    rogue = await startMisbehavingProvider(CLIENT);
    const created = await call(t, {
      method: 'POST',
      url: '/api/identity-provider',
      token: admin.token,
      body: providerBody({ name: 'Krivi', issuer: rogue.issuer, domains: ['krivo.hr'], groupsClaim: null, groups: [] }),
    });
    rogueId = created.json().payload.id;
  });
  afterAll(() => rogue?.close());

  /** A sign-in through the misbehaving provider, whose authorization endpoint answers at once. */
  async function signInWith(fault: TokenFault) {
    rogue.answerWith(fault);
    const started = await call(t, { url: `/api/auth/sso/${tenantId}/${rogueId}` });
    const answer = await fetch(String(started.headers.location), { redirect: 'manual' });
    const back = String(answer.headers.get('location'));
    const landed = await call(t, { url: back.slice(new URL(back).origin.length) });
    return String(landed.headers.location);
  }

  it('takes a sound token from it (so each refusal below is the fault’s)', async () => {
    expect(await signInWith('none')).toMatch(/\/sso#ticket=/);
  });

  it('signs a session through it out without an address: it names no end-session endpoint', async () => {
    const { token } = (await redeem(await signInWith('none'))).json().payload;
    expect((await call(t, { url: '/api/auth/signout', token })).json().payload).toEqual({ done: true });
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(401);
  });

  it('explains a provider that stopped answering before its answer came back', async () => {
    rogue.answerWith('none');
    const started = await call(t, { url: `/api/auth/sso/${tenantId}/${rogueId}` });
    const answer = await fetch(String(started.headers.location), { redirect: 'manual' });
    const back = String(answer.headers.get('location'));
    // Changed meanwhile to an address where nothing answers: the callback's discovery fails.
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${rogueId}`,
      token: admin.token,
      body: { issuer: 'http://127.0.0.1:1' },
    });
    const landed = await call(t, { url: back.slice(new URL(back).origin.length) });
    expect(String(landed.headers.location)).toBe(`${PUBLIC_URL}/sso?error=providerError`);
    await call(t, {
      method: 'PATCH',
      url: `/api/identity-provider/${rogueId}`,
      token: admin.token,
      body: { issuer: rogue.issuer },
    });
  });

  it.each<TokenFault>(['wrongIssuer', 'wrongAudience', 'expired', 'notYetValid', 'wrongNonce', 'unsigned'])(
    'refuses a token with %s',
    async (fault) => {
      expect(await signInWith(fault)).toBe(`${PUBLIC_URL}/sso?error=tokenInvalid`);
    },
  );
});

describe('starting sign-ins from one address', () => {
  it('answers 429 past the address’s limit, as password sign-ins do, and stores no more attempts', async () => {
    const limited = await createTestApp({ env: { PUBLIC_URL, RATE_LIMIT_PER_IP: '2' } });
    try {
      const org = await makeTenant(limited.db);
      const boss = await makePerson(limited.db, org.id, { role: 'ADMIN', now: limited.clock.now() });
      const created = await call(limited, {
        method: 'POST',
        url: '/api/identity-provider',
        token: boss.token,
        body: providerBody({ domains: [], groups: [] }),
      });
      const start = `/api/auth/sso/${org.id}/${created.json().payload.id}`;
      expect((await call(limited, { url: start })).statusCode).toBe(302);
      expect((await call(limited, { url: start })).statusCode).toBe(302);
      const refused = await call(limited, { url: start });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TooManyRequests');
      expect(await limited.db.$count(ssoAttempt)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
