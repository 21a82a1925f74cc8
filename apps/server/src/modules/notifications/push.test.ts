import { HOUR_MS, MINUTE_MS, PUSH_DEVICES_PER_KIND, TEST_PUSHES_PER_WINDOW } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDelivery, notificationOptOut, pushDevice } from '../../db/schema/index.js';
import { makeContent } from '../../test/content-factories.js';
import { call, makeOrg, makePerson } from '../../test/factories.js';
import { browserSubscription, startFakePush, verifiedVapid } from '../../test/fake-push.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakePush>>;

beforeAll(async () => {
  fake = await startFakePush();
  t = await createTestApp({
    env: {
      EXPO_PUSH_URL: `${fake.url}/expo`,
      // The fake, at its own port, and one real push service (nothing is sent to it here).
      WEB_PUSH_SERVICES: `${fake.url},https://fcm.googleapis.com`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const run = () => t.app.services.jobs.kick();
const post = (token: string, url: string, body?: unknown) =>
  call(t, { method: 'POST', url: `/api${url}`, token, ...(body === undefined ? {} : { body }) });
const devicesOf = (userId: number) => t.db.select().from(pushDevice).where(eq(pushDevice.userId, userId));

async function personWithDevices(tenantId: number, path: string) {
  const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
  const browser = browserSubscription(`${fake.url}${path}`);
  expect((await post(person.token, '/push/web/subscriptions', browser.body)).statusCode).toBe(200);
  return { ...person, browser };
}

describe('web push', () => {
  it('sends each notice to the browser signed with the app’s VAPID key and encrypted for it alone', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const person = await personWithDevices(tenantId, '/sub/ana');
    const key = (await call(t, { url: '/api/push/web/key', token: person.token })).json().payload.publicKey;

    const item = await makeContent(t.db, {
      tenantId,
      creatorId,
      type: 'TASK',
      name: 'Popunite anketu o zadovoljstvu',
      publishAt: t.clock.now(),
      audience: { users: [person.id] },
      task: { deadline: new Date(t.clock.now().getTime() + 3 * 24 * HOUR_MS) },
    });
    await run();

    const [push, ...more] = fake.to('/sub/ana');
    expect(more).toEqual([]);
    if (!push) throw new Error('no push arrived');
    const vapid = verifiedVapid(push);
    expect(vapid.key).toBe(key);
    expect(vapid.claims.aud).toBe(fake.url);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    const [delivery] = await t.db
      .select()
      .from(notificationDelivery)
      .where(and(eq(notificationDelivery.userId, person.id), eq(notificationDelivery.channel, 'web')));
    // A repeat of the notice replaces the copy its push service still holds.
    expect(push.headers.topic).toBe(`notice-${delivery?.notificationId}`);
    expect(person.browser.decrypt(push.body)).toEqual({
      title: 'Popunite anketu o zadovoljstvu',
      body: expect.stringMatching(/^Novo od organizacije /),
      url: `/task/${item.id}`,
      notificationId: delivery?.notificationId,
      deliveryId: delivery?.id,
      receipt: expect.stringMatching(new RegExp(`^${tenantId}\\.${delivery?.id}\\.[\\w-]{32}$`)),
    });
    expect(delivery?.state).toBe('sent');
  });

  it('takes subscriptions only at the push services the configuration names, so no one can make it call another address', async () => {
    const { tenantId } = await makeOrg(t.db);
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const keys = browserSubscription(fake.url).body.keys;
    const fakePort = Number(new URL(fake.url).port);
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'http://127.0.0.1.example.com/push',
      'file:///etc/passwd',
      // The push service's host at another port is not the push service.
      'https://fcm.googleapis.com:39999/fcm/send/abc',
      'https://android.googleapis.com.fcm.googleapis.com:8443/fcm/send/abc',
      `http://127.0.0.1:${fakePort + 1}/sub/other-port`,
      'http://127.0.0.1/sub/default-port',
    ]) {
      const answer = await post(person.token, '/push/web/subscriptions', { endpoint, keys });
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json(), endpoint).toMatchObject({ code: 'BodyParamsInvalid', field: 'endpoint' });
    }
    expect(await devicesOf(person.id)).toEqual([]);
    // Its own port, spelt out or not, and the port the configuration names.
    const allowed = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/def',
      `${fake.url}/sub/allowed`,
    ];
    for (const endpoint of allowed) {
      expect((await post(person.token, '/push/web/subscriptions', { endpoint, keys })).statusCode, endpoint).toBe(200);
    }
    expect((await devicesOf(person.id)).map((d) => d.address).sort()).toEqual(allowed.sort());
  });

  it('keeps a person’s newest browsers and phones, a few of each kind, forgetting the oldest in the same step', async () => {
    const { tenantId } = await makeOrg(t.db);
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const other = await personWithDevices(tenantId, '/sub/someone-else');
    const keys = browserSubscription(fake.url).body.keys;
    const count = PUSH_DEVICES_PER_KIND + 1;
    for (let i = 1; i <= count; i++) {
      expect(
        (await post(person.token, '/push/web/subscriptions', { endpoint: `${fake.url}/sub/cap-${i}`, keys }))
          .statusCode,
      ).toBe(200);
      expect((await post(person.token, '/mobile/users/ept', { token: `ExponentPushToken[cap-${i}]` })).statusCode).toBe(
        200,
      );
    }
    const addresses = async (kind: 'web' | 'expo') =>
      (await devicesOf(person.id)).filter((d) => d.kind === kind).map((d) => d.address);
    const newest = Array.from({ length: PUSH_DEVICES_PER_KIND }, (_, i) => i + 2);
    expect((await addresses('web')).sort()).toEqual(newest.map((i) => `${fake.url}/sub/cap-${i}`).sort());
    expect((await addresses('expo')).sort()).toEqual(newest.map((i) => `ExponentPushToken[cap-${i}]`).sort());
    // Subscribing an old one again makes it the newest: the next oldest goes.
    await post(person.token, '/push/web/subscriptions', { endpoint: `${fake.url}/sub/cap-2`, keys });
    await post(person.token, '/push/web/subscriptions', { endpoint: `${fake.url}/sub/cap-${count + 1}`, keys });
    expect(await addresses('web')).toContain(`${fake.url}/sub/cap-2`);
    expect(await addresses('web')).not.toContain(`${fake.url}/sub/cap-3`);
    expect(await addresses('web')).toHaveLength(PUSH_DEVICES_PER_KIND);
    // Another person's devices are theirs.
    expect(await devicesOf(other.id)).toHaveLength(1);
  });

  it('forgets a subscription its push service no longer knows, and stops with sign-out and when turned off', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const expired = await personWithDevices(tenantId, '/gone/old-browser');
    const leaving = await personWithDevices(tenantId, '/sub/leaving');
    const turning = await personWithDevices(tenantId, '/sub/turning-off');
    expect((await call(t, { url: '/api/auth/signout', token: leaving.token })).statusCode).toBe(200);
    expect(
      (await post(turning.token, '/push/web/subscriptions/remove', { endpoint: `${fake.url}/sub/turning-off` }))
        .statusCode,
    ).toBe(200);
    expect(await devicesOf(leaving.id)).toEqual([]);
    expect(await devicesOf(turning.id)).toEqual([]);

    await makeContent(t.db, {
      tenantId,
      creatorId,
      publishAt: t.clock.now(),
      audience: { users: [expired.id, leaving.id, turning.id] },
    });
    await run();
    expect(fake.to('/gone/old-browser')).toHaveLength(1);
    expect(await devicesOf(expired.id)).toEqual([]);
    const [failed] = await t.db
      .select()
      .from(notificationDelivery)
      .where(and(eq(notificationDelivery.userId, expired.id), eq(notificationDelivery.channel, 'web')));
    expect(failed).toMatchObject({ state: 'failed', lastError: 'the push service no longer knows the device' });
    expect(fake.to('/sub/leaving')).toEqual([]);
    expect(fake.to('/sub/turning-off')).toEqual([]);
  });

  it('honours a person who turned push off for news but not for reminders', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const person = await personWithDevices(tenantId, '/sub/reminders-only');
    await t.db.insert(notificationOptOut).values({ tenantId, userId: person.id, channel: 'push', kind: 'content' });
    await makeContent(t.db, {
      tenantId,
      creatorId,
      type: 'TASK',
      name: 'Samo podsjetnik',
      publishAt: new Date(t.clock.now().getTime() - HOUR_MS),
      audience: { users: [person.id] },
      task: { deadline: new Date(t.clock.now().getTime() + HOUR_MS), reminderMinutes: 60 },
    });
    await run();
    const pushes = fake.to('/sub/reminders-only').map((r) => person.browser.decrypt(r.body));
    expect(pushes).toEqual([
      expect.objectContaining({ title: 'Samo podsjetnik', body: expect.stringMatching(/^Rok je /) }),
    ]);
  });
});

describe('mobile push (Expo)', () => {
  it('stores the phone’s token, sends its notices through the Expo API, and forgets a token Expo no longer knows', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const phone = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const old = await makePerson(t.db, tenantId, { now: t.clock.now() });
    expect((await post(phone.token, '/mobile/users/ept', { token: 'ExponentPushToken[telefon-ane]' })).statusCode).toBe(
      200,
    );
    expect((await post(old.token, '/mobile/users/ept', { token: 'ExponentPushToken[Gone-stari]' })).statusCode).toBe(
      200,
    );
    const bad = await post(phone.token, '/mobile/users/ept', { token: 'nije-token' });
    expect(bad.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'token' });

    const before = fake.expo().length;
    const item = await makeContent(t.db, {
      tenantId,
      creatorId,
      name: 'Novi cjenik',
      publishAt: t.clock.now(),
      audience: { users: [phone.id, old.id] },
    });
    await run();
    const requests = fake.expo().slice(before);
    expect(requests).toHaveLength(1);
    const messages = JSON.parse(requests[0]?.body.toString('utf8') ?? '[]');
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: 'ExponentPushToken[telefon-ane]',
          title: 'Novi cjenik',
          data: expect.objectContaining({ url: `/content/${item.id}/intro` }),
        }),
        expect.objectContaining({ to: 'ExponentPushToken[Gone-stari]' }),
      ]),
    );
    expect(await devicesOf(old.id)).toEqual([]);
    expect(await devicesOf(phone.id)).toHaveLength(1);
  });

  it('reads Expo’s receipts a quarter of an hour on, once: a phone its service no longer knows is forgotten', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const kept = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const gone = await makePerson(t.db, tenantId, { now: t.clock.now() });
    await post(kept.token, '/mobile/users/ept', { token: 'ExponentPushToken[ostaje]' });
    await post(gone.token, '/mobile/users/ept', { token: 'ExponentPushToken[Unregistered-odlazi]' });
    await makeContent(t.db, { tenantId, creatorId, publishAt: t.clock.now(), audience: { users: [kept.id, gone.id] } });
    await run();
    const phoneDelivery = async (userId: number) =>
      (
        await t.db
          .select()
          .from(notificationDelivery)
          .where(and(eq(notificationDelivery.userId, userId), eq(notificationDelivery.channel, 'expo')))
      )[0];
    const tickets = [(await phoneDelivery(kept.id))?.ticket, (await phoneDelivery(gone.id))?.ticket];
    expect(tickets).toEqual([expect.stringMatching(/^ticket-/), expect.stringMatching(/^ticket-/)]);
    const askedFor = () => fake.receiptsAskedFor().filter((id) => tickets.includes(id));

    t.clock.advance(15 * MINUTE_MS - 1000);
    await run();
    expect(askedFor()).toEqual([]);

    t.clock.advance(MINUTE_MS);
    await run();
    expect(askedFor().sort()).toEqual([...tickets].sort());
    expect(await devicesOf(gone.id)).toEqual([]);
    expect(await devicesOf(kept.id)).toHaveLength(1);
    expect(await phoneDelivery(gone.id)).toMatchObject({
      state: 'failed',
      lastError: 'the push service no longer knows the device',
      ticket: null,
    });
    expect(await phoneDelivery(kept.id)).toMatchObject({ state: 'sent', ticket: null });

    t.clock.advance(2 * MINUTE_MS);
    await run();
    expect(askedFor()).toHaveLength(2);
  });

  it('answers testpn at once and sends the test through the delivery queue, which waits for a push service that hangs or is down', async () => {
    const { tenantId } = await makeOrg(t.db);
    const person = await personWithDevices(tenantId, '/sub/test-browser');
    await post(person.token, '/mobile/users/ept', { token: 'ExpoPushToken[test-telefon]' });
    await call(t, { method: 'POST', url: '/api/mobile/users/language', token: person.token, body: { language: 'en' } });
    /** The person's test deliveries of the `nth` call, by channel. */
    const testDeliveries = async (nth: number) => {
      const rows = await t.db
        .select()
        .from(notificationDelivery)
        .where(eq(notificationDelivery.userId, person.id))
        .orderBy(notificationDelivery.id);
      const ofCall = rows.slice(2 * nth, 2 * nth + 2);
      return { web: ofCall.find((d) => d.channel === 'web'), expo: ofCall.find((d) => d.channel === 'expo') };
    };
    const testpn = () => call(t, { method: 'POST', url: '/api/mobile/users/testpn', token: person.token });

    // The push services take the request and never answer: the call does not wait for them.
    const release = fake.hold();
    const started = performance.now();
    const res = await testpn();
    const answeredMs = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toEqual({ devices: 2 });
    expect(answeredMs).toBeLessThan(5000);
    const waiting = await testDeliveries(0);
    expect([waiting.web?.state, waiting.expo?.state]).toEqual(['queued', 'queued']);
    release();
    await t.app.services.jobs.idle();
    const [push, ...more] = fake.to('/sub/test-browser');
    expect(more).toEqual([]);
    const { web, expo: phone } = await testDeliveries(0);
    expect(person.browser.decrypt(push?.body ?? Buffer.alloc(0))).toEqual({
      title: 'Kanal',
      body: 'A test notification: notifications work on this device.',
      url: '/',
      notificationId: 0,
      deliveryId: web?.id,
      receipt: expect.stringMatching(new RegExp(`^${tenantId}\\.${web?.id}\\.[\\w-]{32}$`)),
    });
    const toPhone = fake
      .expo()
      .flatMap((r) => JSON.parse(r.body.toString('utf8')) as { to: string; body: string }[])
      .filter((m) => m.to === 'ExpoPushToken[test-telefon]');
    expect(toPhone).toEqual([
      expect.objectContaining({ body: 'A test notification: notifications work on this device.' }),
    ]);
    expect([web?.channel, web?.state, web?.notificationId]).toEqual(['web', 'sent', null]);
    expect([phone?.channel, phone?.state]).toEqual(['expo', 'sent']);

    // Down: the test waits in the queue and goes out at its retry once the services are back.
    fake.setDown(true);
    expect((await testpn()).json().payload).toEqual({ devices: 2 });
    await t.app.services.jobs.idle();
    const failed = await testDeliveries(1);
    expect([failed.web, failed.expo].map((d) => [d?.state, d?.attempts, d?.lastError])).toEqual([
      ['queued', 1, 'push service answered 503'],
      ['queued', 1, 'Expo push answered 503'],
    ]);
    fake.setDown(false);
    t.clock.advance(30_000);
    await run();
    const retried = await testDeliveries(1);
    expect([retried.web?.state, retried.expo?.state]).toEqual(['sent', 'sent']);
    expect(fake.to('/sub/test-browser')).toHaveLength(3);
    // A test is in no bell and no receipt list.
    expect((await call(t, { url: '/api/notifications', token: person.token })).json().payload.count).toBe(0);
  });

  it('limits testpn per person (429 with Retry-After), each person on their own', async () => {
    const { tenantId } = await makeOrg(t.db);
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const other = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const testpn = (token: string, lang?: string) =>
      call(t, { method: 'POST', url: '/api/mobile/users/testpn', token, ...(lang ? { lang } : {}) });
    for (let i = 0; i < TEST_PUSHES_PER_WINDOW; i++) expect((await testpn(person.token)).statusCode).toBe(200);
    const refused = await testpn(person.token, 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TooManyRequests',
      message: expect.stringMatching(/^Too many attempts/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await testpn(other.token)).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE_MS);
    expect((await testpn(person.token)).statusCode).toBe(200);
  });
});

describe('receipts', () => {
  it('record what a device reports by the receipt its notice carried, and show staff what reached whom', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const person = await personWithDevices(tenantId, '/sub/receipts');
    const analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now: t.clock.now() });
    const admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
    await post(person.token, '/mobile/users/ept', { token: 'ExponentPushToken[potvrde]' });
    const item = await makeContent(t.db, {
      tenantId,
      creatorId,
      name: 'Obavijest s potvrdom',
      publishAt: t.clock.now(),
      audience: { users: [person.id] },
    });
    await run();
    const [push] = fake.to('/sub/receipts');
    const { receipt, deliveryId } = person.browser.decrypt(push?.body ?? Buffer.alloc(0)) as {
      receipt: string;
      deliveryId: number;
    };
    const report = (body: unknown) => call(t, { method: 'POST', url: '/api/notification-receipts', body });
    const unread = async () =>
      (await call(t, { url: '/api/notifications', token: person.token })).json().payload.unread as number;
    expect((await report({ receipt, state: 'received' })).statusCode).toBe(200);
    expect(await unread()).toBe(1);
    expect((await report({ receipt, state: 'opened' })).statusCode).toBe(200);
    // Opened from the system's notification: the bell shows it read too.
    expect(await unread()).toBe(0);
    // A receipt made up, or another delivery's with this one's signature, is no one's.
    const forged = receipt.replace(/\.\d+\./, `.${deliveryId + 1}.`);
    expect((await report({ receipt: forged, state: 'opened' })).statusCode).toBe(404);
    // Another spelling of the same numbers is not the receipt.
    expect((await report({ receipt: `0${receipt}`, state: 'opened' })).statusCode).toBe(404);
    expect((await report({ receipt: 'nije-potvrda', state: 'opened' })).json()).toMatchObject({ field: 'receipt' });
    // The phone reports its copy arrived, by the receipt in its message's data.
    const toPhone = fake
      .expo()
      .flatMap((r) => JSON.parse(r.body.toString('utf8')) as { to: string; data: { receipt: string } }[])
      .find((m) => m.to === 'ExponentPushToken[potvrde]');
    expect((await report({ receipt: toPhone?.data.receipt, state: 'received' })).statusCode).toBe(200);
    const phoneReceipts = await call(t, {
      url: `/api/notification-receipts?content=${item.id}&channel=expo`,
      token: analyst.token,
    });
    expect(phoneReceipts.json().payload.items).toEqual([
      expect.objectContaining({ channel: 'expo', state: 'received', openedAt: null }),
    ]);

    const list = await call(t, {
      url: `/api/notification-receipts?content=${item.id}&channel=web`,
      token: analyst.token,
    });
    expect(list.json().payload).toMatchObject({
      count: 1,
      items: [
        {
          id: deliveryId,
          kind: 'published',
          content: { id: item.id, name: 'Obavijest s potvrdom' },
          user: { id: person.id },
          channel: 'web',
          state: 'opened',
          sentAt: expect.any(String),
          receivedAt: expect.any(String),
          openedAt: expect.any(String),
        },
      ],
    });
    expect(
      (
        await call(t, { url: `/api/notification-receipts?state=failed&content=${item.id}`, token: analyst.token })
      ).json().payload.count,
    ).toBe(0);
    const ofPerson = await call(t, { url: `/api/notification-receipts/user/${person.id}`, token: analyst.token });
    expect(
      ofPerson
        .json()
        .payload.items.map((r: { channel: string }) => r.channel)
        .sort(),
    ).toEqual(['email', 'expo', 'web']);
    expect((await call(t, { url: '/api/notification-receipts', token: person.token })).statusCode).toBe(403);

    const info = await call(t, { url: `/api/content/${item.id}/info`, token: analyst.token });
    expect(info.json().payload.notices).toEqual({ notified: 1, received: 1, opened: 1 });

    const one = `/api/notification-receipts/${deliveryId}`;
    expect((await call(t, { url: one, token: analyst.token })).json().payload.state).toBe('opened');
    expect((await call(t, { method: 'DELETE', url: one, token: analyst.token })).statusCode).toBe(403);
    expect((await call(t, { method: 'DELETE', url: one, token: admin.token })).statusCode).toBe(200);
    expect((await call(t, { url: one, token: analyst.token })).statusCode).toBe(404);
  });
});
