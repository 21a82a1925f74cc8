import { HOUR_MS, MINUTE_MS } from '@kanal/contract';
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
  t = await createTestApp({ env: { EXPO_PUSH_URL: `${fake.url}/expo` } });
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
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'http://127.0.0.1.example.com/push',
      'file:///etc/passwd',
    ]) {
      const answer = await post(person.token, '/push/web/subscriptions', { endpoint, keys });
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json(), endpoint).toMatchObject({ code: 'BodyParamsInvalid', field: 'endpoint' });
    }
    expect(await devicesOf(person.id)).toEqual([]);
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

  it('sends a test notice to each of the caller’s devices (testpn)', async () => {
    const { tenantId } = await makeOrg(t.db);
    const person = await personWithDevices(tenantId, '/sub/test-browser');
    await post(person.token, '/mobile/users/ept', { token: 'ExpoPushToken[test-telefon]' });
    const res = await call(t, { method: 'POST', url: '/api/mobile/users/testpn', token: person.token, lang: 'en' });
    expect(res.json().payload).toEqual({ devices: 2, sent: 2 });
    const [push] = fake.to('/sub/test-browser');
    expect(person.browser.decrypt(push?.body ?? Buffer.alloc(0))).toMatchObject({
      body: 'A test notification: notifications work on this device.',
    });
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
