import { ACTIVATION_CODE_TTL_MS, HOUR_MS, MINUTE_MS, SESSION_TTL_MS } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  auditLog,
  emailOutbox,
  job,
  passwordToken,
  session,
  tenant,
  trustedDevice,
} from '../../db/schema/index.js';
import { call, lastMailTo, makeTenant, makeUser, signIn, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RESET_QUEUE } from './auth-passwords.js';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
});
afterAll(() => t.close());

function linkToken(text: string, kind: 'activate' | 'reset-password') {
  const match = text.match(new RegExp(`https://kanal\\.test/${kind}/([\\w-]+)`));
  if (!match?.[1]) throw new Error(`no ${kind} link in: ${text}`);
  return match[1];
}

const events = async (userId: number) =>
  (await t.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.userId, userId))).map((r) => r.event);

describe('has-password', () => {
  it('says false only for a live account without a password', async () => {
    const withPassword = await makeUser(t.db, { tenantId });
    await makeUser(t.db, { tenantId, email: null, username: 'bez.lozinke', password: null });
    await makeUser(t.db, { tenantId, email: 'bez.lozinke@primjer.hr', password: null });
    const ask = async (identifier: string, url = '/api/auth/has-password') =>
      (await call(t, { method: 'POST', url, body: { identifier } })).json().payload;
    expect(await ask(withPassword.email ?? '')).toEqual({ hasPassword: true });
    // How the set-up will prove the caller: a code from the admin, or a link mailed to the address.
    expect(await ask('BEZ.LOZINKE')).toEqual({ hasPassword: false, activation: 'code' });
    expect(await ask('bez.lozinke', '/api/mobile/users/has-password')).toEqual({
      hasPassword: false,
      activation: 'code',
    });
    expect(await ask('bez.lozinke@primjer.hr')).toEqual({ hasPassword: false, activation: 'link' });
  });

  it('answers an unknown and a deactivated account exactly like one with a password', async () => {
    const deactivated = await makeUser(t.db, { tenantId, password: null, active: false });
    const known = await makeUser(t.db, { tenantId });
    const bodies = await Promise.all(
      ['nitko@nigdje.hr', deactivated.email ?? '', known.email ?? ''].map(async (identifier) => {
        const res = await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier } });
        return { status: res.statusCode, body: res.body };
      }),
    );
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toEqual({ status: 200, body: '{"payload":{"hasPassword":true}}' });
  });

  it('rejects a missing identifier with 400 naming the field, in the caller language', async () => {
    const hr = await call(t, { method: 'POST', url: '/api/auth/has-password', body: {} });
    expect(hr.statusCode).toBe(400);
    expect(hr.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'identifier' });
    expect(hr.json().message).toContain('Obavezno');
    const en = await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier: '  ' }, lang: 'en' });
    expect(en.json().message).toBe('Invalid value for “identifier”: Required');
  });
});

describe('sign-in and sessions', () => {
  it('signs in by e-mail or username, case-insensitively, and /auth/me returns the user with the tenant', async () => {
    const user = await makeUser(t.db, { tenantId, email: 'Mala.Slova@Primjer.hr', username: 'mala' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/signin',
      body: { email: 'mala.slova@primjer.hr', password: TEST_PASSWORD, rememberMe: false, application: 'web' },
    });
    expect(res.statusCode).toBe(200);
    const { token, userId } = res.json().payload;
    expect(userId).toBe(user.id);
    // Opaque to clients; it names its tenant so that the lookup stays within the tenant's rows.
    expect(token).toMatch(new RegExp(`^${tenantId}_[\\w-]{43}$`));
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`kanal_session=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api;/);
    expect(cookie).toMatch(/Secure/);

    const me = await call(t, { url: '/api/auth/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().payload).toMatchObject({ id: user.id, name: user.name, role: 'USER', tenant: { id: tenantId } });
    expect((await call(t, { url: '/api/mobile/users/data', token })).json().payload.id).toBe(user.id);
    expect(await signIn(t, 'MALA')).toMatch(new RegExp(`^${tenantId}_[\\w-]{43}$`));
    expect(await events(user.id)).toContain('login.ok');
  });

  it('stores argon2id password hashes and only the SHA-256 of session tokens', async () => {
    const user = await makeUser(t.db, { tenantId });
    const token = await signIn(t, user.email ?? '');
    const [stored] = await t.db.select().from(appUser).where(eq(appUser.id, user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const sessions = await t.db.select().from(session).where(eq(session.userId, user.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('gives the same 401 for a wrong password, an unknown account and a wrong password of a deactivated one', async () => {
    const known = await makeUser(t.db, { tenantId });
    const deactivated = await makeUser(t.db, { tenantId, active: false });
    const attempts = [
      { email: known.email, password: 'kriva-lozinka' },
      { email: 'nepostojeci@primjer.hr', password: TEST_PASSWORD },
      { email: deactivated.email, password: 'kriva-lozinka' },
    ];
    const answers = await Promise.all(
      attempts.map(async (body) => {
        const res = await call(t, { method: 'POST', url: '/api/auth/signin', body, lang: 'en' });
        const { requestId, ...rest } = res.json();
        expect(requestId).toBeTruthy();
        return { status: res.statusCode, ...rest };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        statusCode: 401,
        code: 'WrongCredentials',
        message: 'Wrong email or password',
      });
    }
    expect(await events(known.id)).toContain('login.failed');

    // With the right password, a deactivated person learns why they cannot come in.
    const right = await call(t, {
      method: 'POST',
      url: '/api/auth/signin',
      body: { email: deactivated.email, password: TEST_PASSWORD },
      lang: 'en',
    });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      code: 'AccountDeactivated',
      message: "Your account has been deactivated. Please contact your organisation's administrator.",
    });
  });

  it('ends the session on sign-out: the token answers 401 and the cookie is cleared', async () => {
    const user = await makeUser(t.db, { tenantId });
    const token = await signIn(t, user.email ?? '');
    const out = await call(t, { url: '/api/auth/signout', token });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/kanal_session=;/);
    // Both ways a route checks its session: by the guard, and in the route's own statement.
    for (const url of ['/api/mobile/users/stats', '/api/auth/me', '/api/mobile/content/list/new']) {
      const after = await call(t, { url, token });
      expect(after.statusCode, url).toBe(401);
      expect(after.json().code).toBe('Unauthorized');
    }
    expect(await events(user.id)).toContain('session.revoked');
  });

  it('refuses the next request once the user or the tenant is deactivated', async () => {
    const other = await makeTenant(t.db);
    const user = await makeUser(t.db, { tenantId: other.id });
    const userToken = await signIn(t, user.email ?? '');
    const colleague = await makeUser(t.db, { tenantId: other.id });
    const colleagueToken = await signIn(t, colleague.email ?? '');
    expect((await call(t, { url: '/api/auth/me', token: userToken })).statusCode).toBe(200);

    await t.db.update(appUser).set({ active: false }).where(eq(appUser.id, user.id));
    for (const url of ['/api/auth/me', '/api/mobile/content/list/new', '/api/mobile/users/stats']) {
      expect((await call(t, { url, token: userToken })).statusCode, url).toBe(401);
      expect((await call(t, { url, token: colleagueToken })).statusCode, url).toBe(200);
    }

    await t.db.update(tenant).set({ active: false }).where(eq(tenant.id, other.id));
    for (const url of ['/api/auth/me', '/api/mobile/content/list/new', '/api/mobile/users/stats']) {
      expect((await call(t, { url, token: colleagueToken })).statusCode, url).toBe(401);
    }
  });

  it('ends the sessions of a deactivation for good: reactivating means signing in again', async () => {
    const other = await makeTenant(t.db);
    const user = await makeUser(t.db, { tenantId: other.id });
    const userToken = await signIn(t, user.email ?? '');
    const colleague = await makeUser(t.db, { tenantId: other.id });
    const colleagueToken = await signIn(t, colleague.email ?? '');

    await t.db.update(appUser).set({ active: false }).where(eq(appUser.id, user.id));
    await t.db.update(appUser).set({ active: true }).where(eq(appUser.id, user.id));
    expect((await call(t, { url: '/api/auth/me', token: userToken })).statusCode).toBe(401);
    expect((await call(t, { url: '/api/auth/me', token: colleagueToken })).statusCode).toBe(200);

    await t.db.update(tenant).set({ active: false }).where(eq(tenant.id, other.id));
    await t.db.update(tenant).set({ active: true }).where(eq(tenant.id, other.id));
    expect((await call(t, { url: '/api/auth/me', token: colleagueToken })).statusCode).toBe(401);

    const again = await signIn(t, user.email ?? '');
    expect((await call(t, { url: '/api/auth/me', token: again })).statusCode).toBe(200);
  });

  it('keeps a session 12 hours from its last use, and a remembered one 30 days, both sliding', async () => {
    const user = await makeUser(t.db, { tenantId });
    const short = await signIn(t, user.email ?? '', TEST_PASSWORD, false);
    const remembered = await signIn(t, user.email ?? '', TEST_PASSWORD, true);
    // Slid by a route the guard checks (stats) and by one that checks its session in its statement (me).
    const alive = async (token: string, url = '/api/auth/me') => (await call(t, { url, token })).statusCode === 200;

    t.clock.advance(11 * HOUR_MS);
    expect(await alive(short, '/api/mobile/users/stats')).toBe(true); // used at 11 h: slides to 23 h
    t.clock.advance(11 * HOUR_MS);
    expect(await alive(short)).toBe(true); // used at 22 h: slides to 34 h
    t.clock.advance(11 * HOUR_MS);
    expect(await alive(short, '/api/mobile/users/stats')).toBe(true);
    t.clock.advance(SESSION_TTL_MS + MINUTE_MS);
    expect(await alive(short)).toBe(false);

    t.clock.advance(20 * 24 * HOUR_MS);
    expect(await alive(remembered, '/api/mobile/users/stats')).toBe(true);
    t.clock.advance(29 * 24 * HOUR_MS);
    expect(await alive(remembered)).toBe(true);
    t.clock.advance(31 * 24 * HOUR_MS);
    expect(await alive(remembered)).toBe(false);
  });

  it('answers 401 without a token, for a made-up one and for a real one naming another tenant', async () => {
    expect((await call(t, { url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await call(t, { url: '/api/auth/me', token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await call(t, { url: '/api/auth/me', token: `99999999999_${'x'.repeat(43)}` })).statusCode).toBe(401);
    const token = await signIn(t, (await makeUser(t.db, { tenantId })).email ?? '');
    const other = (await makeTenant(t.db)).id;
    const elsewhere = token.replace(/^\d+_/, `${other}_`);
    expect((await call(t, { url: '/api/auth/me', token: elsewhere })).statusCode).toBe(401);
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(200);
  });
});

describe('first-time password set-up', () => {
  it('signs a username-only account in only with the activation code its admin was given, once', async () => {
    const user = await makeUser(t.db, { tenantId, email: null, username: 'skladistar', password: null });
    const setup = (body: Record<string, unknown>) =>
      call(t, { method: 'POST', url: '/api/auth/setup-password', body: { email: 'skladistar', ...body }, lang: 'en' });

    // Knowing the username is not enough.
    const bare = await setup({ password: 'preoteta-lozinka-1' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'activationCode' });
    const code = await t.app.services.auth.issueActivationCode(tenantId, user.id);
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const wrong = await setup({ password: 'preoteta-lozinka-1', activationCode: 'AAAA-BBBB-CCCC' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'ActivationCodeInvalid',
      message: 'The activation code is wrong or has expired. Ask your administrator for a new one.',
    });
    expect(
      (await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier: 'skladistar' } })).json()
        .payload.hasPassword,
    ).toBe(false);

    // As typed from paper: lower case, spaces instead of dashes.
    const res = await setup({
      password: 'nova-lozinka-1',
      activationCode: ` ${code.toLowerCase().replaceAll('-', ' ')} `,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().payload;
    expect(result).toMatchObject({ status: 'signedIn', userId: user.id });
    expect((await call(t, { url: '/api/auth/me', token: result.token })).statusCode).toBe(200);
    expect(await signIn(t, 'skladistar', 'nova-lozinka-1')).toBeTruthy();
    expect(await events(user.id)).toContain('signup.code_activated');

    // Used once: the account has a password now, and the code changes nothing.
    const again = await setup({ password: 'druga-lozinka-1', activationCode: code });
    expect(again.json().payload).toEqual({ status: 'confirmationSent' });
    expect(await signIn(t, 'skladistar', 'nova-lozinka-1')).toBeTruthy();
  });

  it('stores the activation code hashed, lets only the newest work, and lets it expire after 7 days', async () => {
    const user = await makeUser(t.db, { tenantId, email: null, username: 'vozac', password: null });
    const first = await t.app.services.auth.issueActivationCode(tenantId, user.id);
    const second = await t.app.services.auth.issueActivationCode(tenantId, user.id);
    const stored = await t.db
      .select({ hash: passwordToken.tokenHash })
      .from(passwordToken)
      .where(eq(passwordToken.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(second.replaceAll('-', ''));
    const setup = (activationCode: string) =>
      call(t, {
        method: 'POST',
        url: '/api/auth/setup-password',
        body: { email: 'vozac', password: 'nova-lozinka-1', activationCode },
      });
    expect((await setup(first)).json().code).toBe('ActivationCodeInvalid');
    t.clock.advance(ACTIVATION_CODE_TTL_MS + MINUTE_MS);
    expect((await setup(second)).json().code).toBe('ActivationCodeInvalid');
  });

  it('limits activation-code guesses per account like passwords', async () => {
    const user = await makeUser(t.db, { tenantId, email: null, username: 'portir', password: null });
    const code = await t.app.services.auth.issueActivationCode(tenantId, user.id);
    const setup = (activationCode: string) =>
      call(t, {
        method: 'POST',
        url: '/api/auth/setup-password',
        body: { email: 'portir', password: 'nova-lozinka-1', activationCode },
      });
    for (let i = 0; i < 10; i++) expect((await setup(`KRIVO-${i}`)).statusCode).toBe(400);
    expect((await setup(code)).statusCode).toBe(429);
    t.clock.advance(15 * MINUTE_MS);
    expect((await setup(code)).statusCode).toBe(200);
  });

  it('only mails a link to an e-mail account: the password is chosen on its page, once', async () => {
    const user = await makeUser(t.db, { tenantId, email: 'nova@primjer.hr', password: null });
    const res = await call(t, { method: 'POST', url: '/api/auth/setup-password', body: { email: 'nova@primjer.hr' } });
    expect(res.json().payload).toEqual({ status: 'confirmationSent' });

    const mail = await lastMailTo(t, 'nova@primjer.hr');
    expect(mail?.subject).toBe('Postavite svoju lozinku');
    expect(mail?.html).toContain('https://kanal.test/activate/');
    const token = linkToken(mail?.text ?? '', 'activate');

    const short = await call(t, { method: 'POST', url: `/api/auth/signup/${token}`, body: { password: 'kratka' } });
    expect(short.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'password' });
    const activated = await call(t, {
      method: 'POST',
      url: `/api/auth/signup/${token}`,
      body: { password: 'moja-lozinka-1', rememberMe: true },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().payload.userId).toBe(user.id);
    expect((await call(t, { url: '/api/auth/me', token: activated.json().payload.token })).statusCode).toBe(200);
    expect(await signIn(t, 'nova@primjer.hr', 'moja-lozinka-1')).toBeTruthy();

    const again = await call(t, {
      method: 'POST',
      url: `/api/auth/signup/${token}`,
      body: { password: 'tuda-lozinka-1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TokenInvalid');
    expect(await events(user.id)).toEqual(expect.arrayContaining(['signup.requested', 'signup.confirmed']));
  });

  it("never stores a stranger's password: the owner who opens the link chooses hers", async () => {
    await makeUser(t.db, { tenantId, email: 'vlasnica@primjer.hr', password: null });
    // A stranger who knows the address asks for the set-up with a password of his own.
    const stranger = await call(t, {
      method: 'POST',
      url: '/api/auth/setup-password',
      body: { email: 'vlasnica@primjer.hr', password: 'strancev-plan-1', rememberMe: true },
    });
    expect(stranger.json().payload).toEqual({ status: 'confirmationSent' });
    const [stored] = await t.db
      .select({ passwordHash: appUser.passwordHash })
      .from(appUser)
      .where(eq(appUser.email, 'vlasnica@primjer.hr'));
    expect(stored?.passwordHash).toBeNull();
    expect(JSON.stringify(await t.db.select().from(passwordToken))).not.toContain('strancev');

    // The owner opens the genuine mail and chooses her password on its page.
    const token = linkToken((await lastMailTo(t, 'vlasnica@primjer.hr'))?.text ?? '', 'activate');
    const owner = await call(t, {
      method: 'POST',
      url: `/api/auth/signup/${token}`,
      body: { password: 'vlasnicina-1' },
    });
    expect(owner.statusCode).toBe(200);

    const strangers = await call(t, {
      method: 'POST',
      url: '/api/auth/signin',
      body: { email: 'vlasnica@primjer.hr', password: 'strancev-plan-1' },
    });
    expect(strangers.statusCode).toBe(401);
    expect(await signIn(t, 'vlasnica@primjer.hr', 'vlasnicina-1')).toBeTruthy();
  });

  it('lets a set-up link expire after 30 minutes, and only the newest link works', async () => {
    await makeUser(t.db, { tenantId, email: 'spora@primjer.hr', password: null });
    const ask = () => call(t, { method: 'POST', url: '/api/auth/setup-password', body: { email: 'spora@primjer.hr' } });
    await ask();
    const first = linkToken((await lastMailTo(t, 'spora@primjer.hr'))?.text ?? '', 'activate');
    await ask();
    const second = linkToken((await lastMailTo(t, 'spora@primjer.hr'))?.text ?? '', 'activate');
    const open = (token: string) =>
      call(t, { method: 'POST', url: `/api/auth/signup/${token}`, body: { password: 'moja-lozinka-1' } });
    expect((await open(first)).json().code).toBe('TokenInvalid');
    t.clock.advance(31 * MINUTE_MS);
    const res = await open(second);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TokenInvalid');
  });

  it('changes nothing for an account that already has a password, yet answers the same', async () => {
    const user = await makeUser(t.db, { tenantId });
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/setup-password',
      body: { email: user.email, password: 'preotimanje-1' },
    });
    expect(res.json().payload).toEqual({ status: 'confirmationSent' });
    expect(await lastMailTo(t, user.email ?? '')).toBeUndefined();
    expect(await signIn(t, user.email ?? '')).toBeTruthy();
  });

  it('requires at least 8 characters', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/setup-password',
      body: { email: 'ivan', password: 'kratka', activationCode: 'AAAA-BBBB-CCCC' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'password',
      fields: [{ field: 'password', message: 'Minimalna dužina je 8 znakova' }],
    });
  });
});

describe('forgot and reset password', () => {
  it('answers the same for an existing, an unknown and a deactivated account', async () => {
    const known = await makeUser(t.db, { tenantId });
    const deactivated = await makeUser(t.db, { tenantId, active: false });
    const answers = await Promise.all(
      [known.email, 'niko@nigdje.hr', deactivated.email].map(async (identifier) => {
        const res = await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier } });
        return `${res.statusCode} ${res.body}`;
      }),
    );
    expect(answers).toEqual(Array(3).fill('200 {"payload":{"done":true}}'));
    expect(await lastMailTo(t, known.email ?? '')).toBeDefined();
    expect(await lastMailTo(t, deactivated.email ?? '')).toBeUndefined();
  });

  it('resets through the mailed link: new password works, old one and the link do not, sessions end', async () => {
    const user = await makeUser(t.db, { tenantId });
    const oldSession = await signIn(t, user.email ?? '');
    // A forged Host header cannot move the link elsewhere: links are built from PUBLIC_URL.
    await call(t, {
      method: 'POST',
      url: '/api/mobile/users/resetpassword',
      body: { identifier: user.email },
      lang: 'en',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const mail = await lastMailTo(t, user.email ?? '');
    expect(mail?.subject).toBe('Set a new password');
    expect(mail?.text).not.toContain('evil.example');
    const token = linkToken(mail?.text ?? '', 'reset-password');

    const reset = await call(t, {
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      body: { password: 'sasvim-nova-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await signIn(t, user.email ?? '', 'sasvim-nova-1')).toBeTruthy();
    const old = await call(t, {
      method: 'POST',
      url: '/api/auth/signin',
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect((await call(t, { url: '/api/auth/me', token: oldSession })).statusCode).toBe(401);

    const reused = await call(t, {
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      body: { password: 'jos-jedna-1' },
    });
    expect(reused.json().code).toBe('TokenInvalid');
    expect(await events(user.id)).toEqual(expect.arrayContaining(['reset.requested', 'reset.used']));

    // The request lines carry the token redacted, and no line carries it (log-secrets.test.ts: every link).
    const log = t.logLines.join('');
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).not.toContain(token);
  });

  it('works on a request a crashed process left in the queue, once, however many runs start', async () => {
    const user = await makeUser(t.db, { tenantId });
    const payload = { identifier: user.email ?? '', lang: 'en', ip: '10.0.0.1' };
    await t.app.services.jobs.schedule(t.db, { queue: RESET_QUEUE, payload, runAt: new Date(0) });
    await Promise.all([t.app.services.jobs.kick(), t.app.services.jobs.kick()]);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, user.email ?? ''));
    expect(mails.map((m) => m.subject)).toEqual(['Set a new password']);
    expect(await t.db.select().from(job).where(eq(job.queue, RESET_QUEUE))).toEqual([]);
    expect(await events(user.id)).toContain('reset.requested');
  });

  it('refuses an expired reset link and keeps the old password', async () => {
    const user = await makeUser(t.db, { tenantId });
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: user.email } });
    const token = linkToken((await lastMailTo(t, user.email ?? ''))?.text ?? '', 'reset-password');
    t.clock.advance(30 * MINUTE_MS + 1000);
    const res = await call(t, {
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      body: { password: 'kasno-stigla-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TokenInvalid');
    expect(await signIn(t, user.email ?? '')).toBeTruthy();
  });
});

describe('change password', () => {
  it('refuses a wrong current password with PasswordNotChanged', async () => {
    const user = await makeUser(t.db, { tenantId });
    const token = await signIn(t, user.email ?? '');
    const res = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/password',
      token,
      body: { old: 'kriva-1234', new: 'nova-lozinka-1' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'PasswordNotChanged',
      message: 'The entered current password does not match yours',
    });
    expect(await events(user.id)).toContain('password.change_failed');
  });

  it('changes it, keeps this session and ends the others', async () => {
    const user = await makeUser(t.db, { tenantId });
    const here = await signIn(t, user.email ?? '');
    const elsewhere = await signIn(t, user.email ?? '');
    const res = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/password',
      token: here,
      body: { old: TEST_PASSWORD, new: 'promijenjena-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t, { url: '/api/auth/me', token: here })).statusCode).toBe(200);
    expect((await call(t, { url: '/api/auth/me', token: elsewhere })).statusCode).toBe(401);
    expect(await signIn(t, user.email ?? '', 'promijenjena-1')).toBeTruthy();
    expect(await events(user.id)).toContain('password.changed');
  });

  it('needs a session and a valid new password', async () => {
    expect(
      (await call(t, { method: 'POST', url: '/api/mobile/users/password', body: { old: 'a', new: 'b' } })).statusCode,
    ).toBe(401);
    const user = await makeUser(t.db, { tenantId });
    const token = await signIn(t, user.email ?? '');
    const res = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/password',
      token,
      body: { old: TEST_PASSWORD, new: 'kratka' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('new');
  });
});

describe('rate limits', () => {
  it('throttles an identifier after 10 failed sign-ins for 15 minutes, then lets the real user in', async () => {
    const user = await makeUser(t.db, { tenantId });
    const attempt = (password: string) =>
      call(t, { method: 'POST', url: '/api/auth/signin', body: { email: user.email, password }, lang: 'en' });
    for (let i = 0; i < 10; i++) expect((await attempt('pogadam-1234')).statusCode).toBe(401);
    const throttled = await attempt(TEST_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      code: 'TooManyRequests',
      message: 'Too many attempts. Try again in 15 min.',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(800);
    t.clock.advance(15 * MINUTE_MS);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the real user signing in from a browser they used before while others guess from anywhere', async () => {
    const user = await makeUser(t.db, { tenantId });
    const other = await makeUser(t.db, { tenantId });
    const attempt = (email: string | null, password: string, address: string, device?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: address,
        payload: { email, password },
        ...(device ? { cookies: { kanal_device: device } } : {}),
      });
    const deviceOf = (res: Awaited<ReturnType<typeof attempt>>) => res.cookies.find((c) => c.name === 'kanal_device');

    const first = await attempt(user.email, TEST_PASSWORD, '10.1.1.1');
    expect(first.statusCode).toBe(200);
    const cookie = deviceOf(first);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const device = cookie?.value ?? '';
    const otherDevice = deviceOf(await attempt(other.email, TEST_PASSWORD, '10.1.1.2'))?.value;

    // Guessing from ten addresses uses up the account's limit for every client without its device token...
    for (let i = 0; i < 10; i++)
      expect((await attempt(user.email, `pogadam-${i}`, `10.2.0.${i}`)).statusCode).toBe(401);
    expect((await attempt(user.email, TEST_PASSWORD, '10.2.0.99')).statusCode).toBe(429);
    // ...and another account's device token does not help.
    expect((await attempt(user.email, TEST_PASSWORD, '10.2.0.99', otherDevice)).statusCode).toBe(429);
    // The owner's browser is limited on its own: the right password still signs in, with no new token.
    const owner = await attempt(user.email, TEST_PASSWORD, '10.1.1.1', device);
    expect(owner.statusCode).toBe(200);
    expect(deviceOf(owner)).toBeUndefined();

    // A stolen device token gets its own ten guesses, no more.
    for (let i = 0; i < 10; i++)
      expect((await attempt(user.email, `krivo-${i}`, '10.3.0.1', device)).statusCode).toBe(401);
    expect((await attempt(user.email, TEST_PASSWORD, '10.3.0.1', device)).statusCode).toBe(429);
    const [stored] = await t.db.select().from(trustedDevice).where(eq(trustedDevice.userId, user.id));
    expect(stored?.tokenHash).not.toBe(device);
  });

  it('counts failures per identifier only: another account is not affected', async () => {
    const victim = await makeUser(t.db, { tenantId });
    const bystander = await makeUser(t.db, { tenantId });
    for (let i = 0; i < 10; i++) {
      await call(t, {
        method: 'POST',
        url: '/api/auth/signin',
        body: { email: victim.email, password: 'pogadam-1234' },
      });
    }
    expect(await signIn(t, bystander.email ?? '')).toBeTruthy();
  });

  it('caps reset requests per account', async () => {
    const user = await makeUser(t.db, { tenantId });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: user.email } }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    await t.app.services.jobs.kick();
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, user.email ?? '')));
    expect(mails).toHaveLength(10);
  });
});

describe('rate limits per address', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { RATE_LIMIT_PER_IP: '3' } });
  });
  afterAll(() => small.close());

  it('throttles one address across identifiers', async () => {
    const ask = (identifier: string) =>
      call(small, { method: 'POST', url: '/api/auth/has-password', body: { identifier } });
    for (const id of ['a', 'b', 'c']) expect((await ask(id)).statusCode).toBe(200);
    const res = await ask('d');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Previše pokušaja. Pokušajte ponovno za 15 min.');
  });
});
