import { AVATAR_MAX_BYTES } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog } from '../../../db/schema/index.js';
import { call, lastMailTo, makeTenant, makeUser, pdfBytes, pngBytes, signIn, upload } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedInUser(tenantId?: number) {
  const tenant = tenantId ?? (await makeTenant(t.db)).id;
  const user = await makeUser(t.db, { tenantId: tenant });
  return { ...user, tenantId: tenant, token: await signIn(t, user.email ?? '') };
}

const row = async (id: number) => {
  const [found] = await t.db.select().from(appUser).where(eq(appUser.id, id));
  if (!found) throw new Error('no such user');
  return found;
};

describe('POST /mobile/users/names', () => {
  it('renames the caller and answers with Me', async () => {
    const user = await signedInUser();
    const res = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/names',
      token: user.token,
      body: { name: '  Ana Anić ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id: user.id, name: 'Ana Anić', tenant: { id: user.tenantId } });
  });

  it('refuses an empty name with 400 naming `name`', async () => {
    const user = await signedInUser();
    const res = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/names',
      token: user.token,
      body: { name: '   ' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'name' });
    expect((await row(user.id)).name).toBe(user.name);
  });

  it('needs a session', async () => {
    const res = await call(t, { method: 'POST', url: '/api/mobile/users/names', body: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /mobile/users/phone', () => {
  it('sets and clears the phone, answering with Me', async () => {
    const user = await signedInUser();
    const set = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/phone',
      token: user.token,
      body: { phone: '+385 91 123 4567' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().payload).toMatchObject({ id: user.id, phone: '+385 91 123 4567' });
    const cleared = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/phone',
      token: user.token,
      body: { phone: null },
    });
    expect(cleared.json().payload.phone).toBeNull();
  });

  it('refuses a malformed phone with 400 naming `phone`', async () => {
    const user = await signedInUser();
    for (const phone of ['abc', '12', '<script>']) {
      const res = await call(t, { method: 'POST', url: '/api/mobile/users/phone', token: user.token, body: { phone } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'phone' });
    }
  });
});

describe('POST /mobile/users/email', () => {
  const changeEmail = (token: string, email: string, password: string) =>
    call(t, { method: 'POST', url: '/api/mobile/users/email', token, body: { email, password }, lang: 'en' });

  const mailedToken = async (recipient: string) => {
    const mail = await lastMailTo(t, recipient);
    const token = /\/confirm-email\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no confirmation link mailed to ${recipient}`);
    return { mail, token };
  };
  const confirm = (token: string) => call(t, { method: 'POST', url: `/api/mobile/users/email/confirm/${token}` });

  it('changes the e-mail only once the link mailed to the new address is opened, audited then', async () => {
    const user = await signedInUser();
    const res = await changeEmail(user.token, ' Nova.Adresa@Primjer.HR ', user.password ?? '');
    expect(res.statusCode).toBe(200);
    // Nothing changes yet: the old address still signs in, the new one not.
    expect(res.json().payload).toMatchObject({ id: user.id, email: user.email });
    expect((await row(user.id)).email).toBe(user.email);
    expect(await signIn(t, user.email ?? '')).toBeTruthy();
    await expect(signIn(t, 'nova.adresa@primjer.hr')).rejects.toThrow(/401/);

    const { mail, token } = await mailedToken('nova.adresa@primjer.hr');
    expect(mail?.subject).toBe('Confirm your new e-mail address');
    expect(mail?.text).toContain('The address changes only once you open the link');

    // The link needs no session: it may be opened on another device.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().payload).toEqual({ done: true });
    expect((await row(user.id)).email).toBe('nova.adresa@primjer.hr');
    expect(await signIn(t, 'nova.adresa@primjer.hr')).toBeTruthy();
    await expect(signIn(t, user.email ?? '')).rejects.toThrow(/401/);
    const events = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.event, 'profile.email_changed')));
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toMatchObject({ previous: user.email, current: 'nova.adresa@primjer.hr' });

    // Used once.
    expect((await confirm(token)).statusCode).toBe(404);
  });

  it('keeps only the newest link working, and refuses an address taken before the link is opened', async () => {
    const user = await signedInUser();
    await changeEmail(user.token, 'prva@primjer.hr', user.password ?? '');
    const first = await mailedToken('prva@primjer.hr');
    await changeEmail(user.token, 'druga@primjer.hr', user.password ?? '');
    const second = await mailedToken('druga@primjer.hr');
    expect((await confirm(first.token)).statusCode).toBe(404);
    expect((await row(user.id)).email).toBe(user.email);

    // Someone else gets the address meanwhile: the link cannot take it from them.
    const other = await signedInUser();
    await changeEmail(other.token, 'druga@primjer.hr', other.password ?? '');
    await confirm((await mailedToken('druga@primjer.hr')).token);
    const late = await confirm(second.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'EmailTaken' });
    expect((await row(user.id)).email).toBe(user.email);
    expect((await confirm('1_nije-pravi-token')).statusCode).toBe(404);
  });

  it('refuses a wrong password with 400 InvalidPassword and keeps the e-mail', async () => {
    const user = await signedInUser();
    const res = await changeEmail(user.token, 'drugi@primjer.hr', 'kriva-lozinka');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'InvalidPassword', message: 'Incorrect password. Please try again' });
    expect((await row(user.id)).email).toBe(user.email);
  });

  it('refuses an address taken in any tenant, case-insensitively, with 409 EmailTaken', async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const res = await changeEmail(user.token, (other.email ?? '').toUpperCase(), user.password ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EmailTaken', message: 'This email address is already in use.' });
    const hr = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/email',
      token: user.token,
      body: { email: other.email, password: user.password },
    });
    expect(hr.json().message).toBe('Ta je e-mail adresa već u upotrebi.');
  });

  it('refuses a malformed e-mail with 400 naming `email`', async () => {
    const user = await signedInUser();
    const res = await changeEmail(user.token, 'nije-email', user.password ?? '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'email' });
  });
});

describe('POST /mobile/users/accept-terms', () => {
  it('records the first acceptance only', async () => {
    const user = await signedInUser();
    const first = await call(t, { method: 'POST', url: '/api/mobile/users/accept-terms', token: user.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toEqual({ done: true });
    const acceptedAt = (await row(user.id)).termsAcceptedAt;
    expect(acceptedAt).toBeInstanceOf(Date);

    t.clock.advance(60_000);
    await call(t, { method: 'POST', url: '/api/mobile/users/accept-terms', token: user.token });
    expect((await row(user.id)).termsAcceptedAt?.getTime()).toBe(acceptedAt?.getTime());
  });
});

describe('avatar', () => {
  it('uploads an image as the avatar; the tenant sees it, another tenant gets 404', async () => {
    const user = await signedInUser();
    const res = await upload(t, '/api/mobile/users/avatar', user.token, [
      { name: 'ja.jpg', bytes: pngBytes(), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(200);
    const stored = res.json().payload;
    expect(stored).toMatchObject({ mime: 'image/png', name: 'ja.png' });
    expect((await row(user.id)).avatar).toBe(stored.id);

    const me = await call(t, { url: '/api/auth/me', token: user.token });
    expect(me.json().payload.avatar).toBe(stored.id);

    const colleague = await signedInUser(user.tenantId);
    const seen = await call(t, { url: `/api/mobile/users/avatar/${user.id}`, token: colleague.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
    expect(seen.rawPayload.equals(pngBytes())).toBe(true);

    const stranger = await signedInUser();
    expect((await call(t, { url: `/api/mobile/users/avatar/${user.id}`, token: stranger.token })).statusCode).toBe(404);
    // A colleague without an avatar, and a user that does not exist: 404 alike.
    expect((await call(t, { url: `/api/mobile/users/avatar/${colleague.id}`, token: user.token })).statusCode).toBe(
      404,
    );
    expect((await call(t, { url: '/api/mobile/users/avatar/99999999', token: user.token })).statusCode).toBe(404);
  });

  it('takes images only, up to 2 MB', async () => {
    const user = await signedInUser();
    const pdf = await upload(t, '/api/mobile/users/avatar', user.token, [
      { name: 'ja.png', bytes: pdfBytes(), type: 'image/png' },
    ]);
    expect(pdf.statusCode).toBe(415);
    const svg = await upload(t, '/api/mobile/users/avatar', user.token, [
      { name: 'ja.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' },
    ]);
    expect(svg.statusCode).toBe(415);
    const big = await upload(t, '/api/mobile/users/avatar', user.token, [
      { name: 'ja.png', bytes: pngBytes(AVATAR_MAX_BYTES) },
    ]);
    expect(big.statusCode).toBe(413);
    const empty = await upload(t, '/api/mobile/users/avatar', user.token, [
      { name: 'ja.png', bytes: new Uint8Array() },
    ]);
    expect(empty.statusCode).toBe(400);
    expect((await row(user.id)).avatar).toBeNull();
  });
});
