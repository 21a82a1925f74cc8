import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answer, appUser, content, groupMember, question, tenant } from '../db/schema/index.js';
import { call, signIn } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_ACTIVATION_CODE, DEMO_PASSWORD, demoLogins, seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('creates both demo tenants once, with working accounts, logos and groups', async () => {
  expect((await seedDemo(t.db, t.fileStore)).created).toEqual(['Demo d.o.o.', 'Druga firma d.o.o.']);
  expect((await seedDemo(t.db, t.fileStore)).created).toEqual([]);
  const [tenants] = await t.db.select({ n: count() }).from(tenant);
  const [users] = await t.db.select({ n: count() }).from(appUser);
  const [members] = await t.db.select({ n: count() }).from(groupMember);
  // Ten demo accounts, and the provider's stand-in in Druga firma, credited with the promotion sent there.
  expect([tenants?.n, users?.n]).toEqual([2, 11]);
  expect(members?.n).toBeGreaterThan(5);

  const ana = await signIn(t, 'ana@demo.hr', DEMO_PASSWORD);
  const me = (await call(t, { url: '/api/auth/me', token: ana })).json().payload;
  expect(me).toMatchObject({ name: 'Ana Anić', role: 'USER', tenant: { name: 'Demo d.o.o.', showPromoTag: true } });
  expect((await call(t, { url: `/api/files/${me.tenant.image}`, token: ana })).statusCode).toBe(200);

  const petra = await signIn(t, 'petra@druga.hr', DEMO_PASSWORD);
  expect((await call(t, { url: `/api/files/${me.tenant.image}`, token: petra })).statusCode).toBe(404);

  for (const identifier of ['ivan', 'tena@demo.hr']) {
    const res = await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier } });
    expect(res.json().payload.hasPassword).toBe(false);
  }
  expect(await signIn(t, 'super@demo.hr', DEMO_PASSWORD)).toBeTruthy();

  // People with attributes, for the console's filters: Ana sells in Split, under Marko.
  const admin = await signIn(t, 'admin@demo.hr', DEMO_PASSWORD);
  const [anaRow] = (await call(t, { url: '/api/user?q=ana', token: admin })).json().payload.items;
  expect(anaRow).toMatchObject({
    department: 'Prodaja',
    location: 'Split',
    jobTitle: 'Referentica prodaje',
    manager: { name: 'Marko Marić' },
    startDate: '2022-03-01',
  });
  const values = (await call(t, { url: '/api/user/attributes', token: admin })).json().payload;
  expect(values.departments).toContainEqual({ value: 'Prodaja', count: 3 });
});

it('seeds content that shows audiences, order and the tenant wall', async () => {
  await seedDemo(t.db, t.fileStore); // Creates nothing when the test above already ran.
  type Card = { id: number; type: string; name: string; configuration: string; settings: Record<string, unknown> };
  const feed = async (token: string) => {
    const res = await call(t, { url: '/api/mobile/content/list/new', token });
    return res.json().payload as { count: number; content: Card[] };
  };

  const ana = await signIn(t, 'ana@demo.hr', DEMO_PASSWORD);
  const anas = await feed(ana);
  expect(anas.count).toBe(anas.content.length);
  const types = anas.content.map((c) => c.type);
  // Tasks first (one for Prodaja, one for everyone), then the rest, newest first.
  expect(types.slice(0, 2)).toEqual(['TASK', 'TASK']);
  expect(types.slice(2)).not.toContain('TASK');
  expect(new Set(types)).toEqual(new Set(['EDUCATION', 'POLL', 'INQUIRY', 'INFORMATION', 'TASK']));
  const names = anas.content.map((c) => c.name);
  expect(names).toContain('Vaš cjenik za 2026.');
  expect(names).toContain('Upoznajte novu liniju proizvoda');
  expect(names).not.toContain('Najava: godišnja inventura');
  expect(names).not.toContain('Nacrt: pravilnik o godišnjim odmorima');
  expect(names).not.toContain('Nove upute za rad u skladištu');
  expect(anas.content.filter((c) => c.configuration === 'PROMOTION')).toHaveLength(1);
  const safety = anas.content.find((c) => c.name === 'Zaštita na radu: osnove');
  expect(safety?.settings).toEqual({
    timeRestriction: 30,
    passingScore: 0.6,
    comments: true,
    certificate: false,
    questionsPerAttempt: null,
  });

  const marko = await signIn(t, 'marko@demo.hr', DEMO_PASSWORD);
  const markos = (await feed(marko)).content.map((c) => c.name);
  expect(markos).toContain('Nove upute za rad u skladištu');
  expect(markos).not.toContain('Vaš cjenik za 2026.');

  // The welcome item carries the video link, the video and pictures, all served to its audience only.
  const welcome = anas.content.find((c) => c.name === 'Dobrodošli u Kanal');
  const material = (await call(t, { url: `/api/mobile/content/${welcome?.id}/material`, token: ana })).json().payload;
  expect(material.link).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
  expect(material.medias.map((m: { type: string }) => m.type)).toEqual(['VIDEO', 'IMAGE', 'IMAGE']);
  const video = await call(t, { url: material.medias[0].url, token: ana });
  expect([video.statusCode, video.headers['content-type']]).toEqual([200, 'video/webm']);

  const education = (await call(t, { url: `/api/mobile/content/${safety?.id}/questions`, token: ana })).json().payload;
  expect(education.questions.length).toBeGreaterThanOrEqual(3);
  // Every education question has a correct answer marked (the server scores every submission).
  const graded = await t.db
    .select({ id: question.id, correct: sql<number>`count(*) FILTER (WHERE ${answer.isCorrect})`.mapWith(Number) })
    .from(question)
    .innerJoin(content, eq(content.id, question.contentId))
    .innerJoin(answer, eq(answer.questionId, question.id))
    .where(eq(content.type, 'EDUCATION'))
    .groupBy(question.id);
  expect(graded.length).toBeGreaterThanOrEqual(7);
  expect(graded.every((q) => q.correct > 0)).toBe(true);

  const petra = await signIn(t, 'petra@druga.hr', DEMO_PASSWORD);
  const petras = await feed(petra);
  expect(petras.content.map((c) => c.name).sort()).toEqual(
    [
      'Dobrodošli u Drugu firmu',
      'Kamo na godišnji izlet?',
      'Potpišite izjavu o zaštiti podataka',
      // The provider's promotion, sent to Druga firma by the seed as a SUPERADMIN would.
      'Proljetna akcija partnera: 20 % popusta',
    ].sort(),
  );
  const promotion = petras.content.find((c) => c.configuration === 'PROMOTION');
  expect(promotion?.id).not.toBe(anas.content.find((c) => c.configuration === 'PROMOTION')?.id);
  const promoImage = await call(t, { url: `/api/mobile/content/${promotion?.id}/material`, token: petra });
  expect(promoImage.json().payload.medias).toHaveLength(1);
  for (const item of anas.content) {
    expect((await call(t, { url: `/api/mobile/content/${item.id}`, token: petra })).statusCode).toBe(404);
  }
  expect((await call(t, { url: material.medias[0].url, token: petra })).statusCode).toBe(404);
});

it('gives marko a history for the archive and leaves ana untouched', async () => {
  const get = async (url: string, token: string) => {
    const res = await call(t, { url: `/api${url}`, token });
    expect(res.statusCode, url).toBe(200);
    return res.json().payload;
  };
  const marko = await signIn(t, 'marko@demo.hr', DEMO_PASSWORD);
  const archive = await get('/mobile/content/list/finished?limit=10', marko);
  expect(archive.content.map((c: { name: string }) => c.name)).toEqual([
    'Upoznajte novu liniju proizvoda',
    'Termin ljetnog druženja',
    'Dobrodošli u Kanal',
  ]);
  expect(archive.content[0].lastAttempt).toMatchObject({ finalMark: 1, correct: 3, total: 3 });
  const pending = await get('/mobile/content/list/new-with-attempts', marko);
  expect(pending.content.map((c: { name: string }) => c.name)).toEqual(['Zaštita na radu: osnove']);
  expect(pending.content[0].lastAttempt).toMatchObject({ finalMark: 0 });
  expect(await get('/mobile/users/stats', marko)).toEqual({ accuracy: 43, points: 30, rank: 1 });
  // Four answers: one short of showing the poll's results.
  const poll = archive.content[1];
  expect(await get(`/mobile/content/${poll.id}/poll/results`, marko)).toEqual({
    respondents: 4,
    hidden: true,
    questions: [],
  });

  const ana = await signIn(t, 'ana@demo.hr', DEMO_PASSWORD);
  expect(await get('/mobile/content/list/finished', ana)).toEqual({ count: 0, content: [] });
  expect(await get('/mobile/content/list/new-with-attempts', ana)).toEqual({ count: 0, content: [] });
});

it("keeps ivan's printed activation code working until he has used it", async () => {
  await seedDemo(t.db, t.fileStore);
  // Codes that expired or went missing: the next start hands the printed one out again.
  await t.db.execute(sql`DELETE FROM password_token WHERE purpose = 'activation_code'`);
  await seedDemo(t.db, t.fileStore);
  const setup = (activationCode: string) =>
    call(t, {
      method: 'POST',
      url: '/api/auth/setup-password',
      body: { email: 'ivan', password: 'skladiste-2026', activationCode },
    });
  expect((await setup('KRIVI-KOD')).json().code).toBe('ActivationCodeInvalid');
  const res = await setup(DEMO_ACTIVATION_CODE);
  expect(res.json().payload).toMatchObject({ status: 'signedIn' });
  expect(demoLogins().join('\n')).toContain(DEMO_ACTIVATION_CODE);
});
