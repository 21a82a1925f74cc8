import { HOUR_MS, type StaffComment } from '@kanal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, comment, contentNotice, notification, notificationDelivery } from '../../db/schema/index.js';
import { makeContent } from '../../test/content-factories.js';
import { callsAs, keptMails, makePerson, makeSession, makeTenant, makeUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { MailTransport } from '../mail/mail.service.js';

const mails: Parameters<MailTransport['deliver']>[0][] = [];
let t: TestApp;
type Person = { id: number; token: string };
let tenantId: number;
let admin: Person;
let creator: Person;
let otherCreator: Person;
let analyst: Person;
let ana: Person;
let ivo: Person;
let stranger: Person;
/** The creator's announcement and the other creator's education, both open to comments. */
let notice: { id: number };
let course: { id: number };

beforeAll(async () => {
  t = await createTestApp({
    mailTransport: keptMails(mails),
  });
  tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
  creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  otherCreator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now });
  const member = async (overrides: { name: string; email: string }) => {
    const user = await makeUser(t.db, { tenantId, password: null, ...overrides });
    return { id: user.id, token: await makeSession(t.db, user, now) };
  };
  ana = await member({ name: 'Ana Anić', email: 'ana.komentar@primjer.hr' });
  ivo = await member({ name: 'Ivo Ivić', email: 'ivo.komentar@primjer.hr' });
  const elsewhere = (await makeTenant(t.db)).id;
  stranger = await makePerson(t.db, elsewhere, { role: 'ADMIN', now });
  const publishAt = new Date(now.getTime() - HOUR_MS);
  const settings = { comments: true };
  notice = await makeContent(t.db, { tenantId, creatorId: creator.id, name: 'Novi parking', publishAt, settings });
  course = await makeContent(t.db, {
    tenantId,
    creatorId: otherCreator.id,
    type: 'EDUCATION',
    name: 'Zaštita na radu',
    publishAt,
    settings,
    questions: [{ title: 'Kaciga?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] }],
  });
  // Their publication notices out of the way: what is told below is the replies'.
  await t.app.services.jobs.kick();
  await t.app.services.jobs.kick();
  mails.length = 0;
  // Oldest first, a moment apart: the queue shows them newest first.
  for (const [who, item, text] of [
    [ana, notice, 'Gdje je novi parking?'],
    [ivo, notice, 'Super vijest'],
    [ana, course, 'Pitanje 1 je nejasno'],
  ] as const) {
    const res = await as(who).post('/api/mobile/content/info/comment', { contentId: item.id, comment: text });
    expect(res.statusCode, res.body).toBe(200);
    t.clock.advance(1000);
  }
});
afterAll(() => t.close());

const as = (person: Person, lang?: string) => callsAs(t, person, lang);
const queue = async (person: Person, query = '') => {
  const res = await as(person).get(`/api/comments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { count: number; items: StaffComment[] };
};
const texts = (list: { items: StaffComment[] }) => list.items.map((c) => c.text);
const idOf = async (text: string) => {
  const [row] = await t.db.select({ id: comment.id }).from(comment).where(eq(comment.text, text));
  if (!row) throw new Error(`no comment ${text}`);
  return row.id;
};
const ownComments = async (person: Person, contentId: number) =>
  (await as(person).get(`/api/mobile/content/${contentId}`)).json().payload.comments;

describe('the comment queue', () => {
  it('lists the organisation’s comments newest first, by item, person and state, a creator’s own items only', async () => {
    const all = await queue(admin);
    expect(texts(all)).toEqual(['Pitanje 1 je nejasno', 'Super vijest', 'Gdje je novi parking?']);
    expect(all.items[0]).toMatchObject({
      user: { id: ana.id, name: 'Ana Anić' },
      content: { id: course.id, name: 'Zaštita na radu', creatorId: otherCreator.id },
      reply: null,
      hidden: null,
      handledAt: null,
    });
    expect(texts(await queue(analyst))).toEqual(texts(all));
    expect(texts(await queue(creator))).toEqual(['Super vijest', 'Gdje je novi parking?']);
    expect(texts(await queue(otherCreator))).toEqual(['Pitanje 1 je nejasno']);
    expect(texts(await queue(admin, `?content=${notice.id}`))).toEqual(['Super vijest', 'Gdje je novi parking?']);
    expect(texts(await queue(admin, `?user=${ana.id}`))).toEqual(['Pitanje 1 je nejasno', 'Gdje je novi parking?']);
    const page = await queue(admin, '?limit=1&offset=1');
    expect([page.count, texts(page)]).toEqual([3, ['Super vijest']]);
  });

  it('answers 404 for another organisation’s item or person, and shows that one’s own comments only', async () => {
    expect((await as(stranger).get(`/api/comments?content=${notice.id}`)).statusCode).toBe(404);
    expect((await as(stranger).get(`/api/comments?user=${ana.id}`)).statusCode).toBe(404);
    expect((await queue(stranger)).count).toBe(0);
    expect((await as(ana).get('/api/comments')).statusCode).toBe(403);
  });
});

describe('moderating a comment', () => {
  it('replies: the writer reads it under the comment and is told by the bell and e-mail, once handled', async () => {
    const id = await idOf('Gdje je novi parking?');
    const url = `/api/content/${notice.id}/comment/${id}`;
    expect((await as(analyst).patch(url, { reply: 'Iza zgrade B.' })).statusCode).toBe(403);
    expect((await as(otherCreator).patch(url, { reply: 'Iza zgrade B.' })).statusCode).toBe(403);
    expect((await as(stranger).patch(url, { reply: 'Iza zgrade B.' })).statusCode).toBe(404);
    expect((await as(creator).patch(`/api/content/${course.id}/comment/${id}`, { handled: true })).statusCode).toBe(
      403,
    );
    expect(await t.db.$count(contentNotice, eq(contentNotice.kind, 'reply'))).toBe(0);

    const res = await as(creator).patch(url, { reply: '  Iza zgrade B, ulaz s istoka.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const now = t.clock.now().toISOString();
    expect(res.json().payload).toMatchObject({
      id,
      reply: { text: 'Iza zgrade B, ulaz s istoka.', at: now },
      hidden: null,
      handledAt: now,
    });
    const [own] = await ownComments(ana, notice.id);
    expect(own).toMatchObject({
      title: 'Gdje je novi parking?',
      reply: { text: 'Iza zgrade B, ulaz s istoka.' },
      hidden: null,
    });
    // Handled: out of the new ones.
    expect(texts(await queue(admin, '?state=new'))).toEqual(['Pitanje 1 je nejasno', 'Super vijest']);
    expect(texts(await queue(admin, '?state=handled'))).toEqual(['Gdje je novi parking?']);

    // Told on the next poll, Ana alone, in the bell and by e-mail with a link to where the reply is read.
    await t.app.services.jobs.kick();
    await t.app.services.jobs.kick();
    const told = await t.db
      .select({ userId: notification.userId })
      .from(notification)
      .innerJoin(contentNotice, eq(contentNotice.id, notification.noticeId))
      .where(and(eq(notification.contentId, notice.id), eq(contentNotice.kind, 'reply')));
    expect(told.map((n) => n.userId)).toEqual([ana.id]);
    const bell = (await as(ana).get('/api/notifications')).json().payload;
    expect(bell.items[0]).toMatchObject({ kind: 'reply', contentId: notice.id, title: 'Novi parking' });
    // A reply put right is not told again.
    const edited = await as(creator).patch(url, { reply: 'Iza zgrade B, ulaz s istočne strane.' });
    expect(edited.json().payload.reply.text).toBe('Iza zgrade B, ulaz s istočne strane.');
    await t.app.services.jobs.kick();
    expect(await t.db.$count(contentNotice, eq(contentNotice.kind, 'reply'))).toBe(1);
    const [mail, ...more] = mails.filter((m) => m.recipient === 'ana.komentar@primjer.hr');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Odgovor na vaš komentar: Novi parking');
    expect(mail?.text).toMatch(new RegExp(`https://kanal\\.test/archive/${notice.id}\\?receipt=`));
    // The item's figures count who heard of the item, not of a reply: Ana opening the reply is not her opening the item.
    await t.db
      .update(notificationDelivery)
      .set({ openedAt: t.clock.now() })
      .where(
        inArray(
          notificationDelivery.noticeId,
          t.db.select({ id: contentNotice.id }).from(contentNotice).where(eq(contentNotice.kind, 'reply')),
        ),
      );
    const stats = (await as(admin).get(`/api/content/${notice.id}/info`)).json().payload;
    expect(stats.notices).toMatchObject({ notified: 6, opened: 0 });

    const audit = await t.db
      .select({ event: auditLog.event, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.event, 'comment.replied')));
    expect(audit).toEqual([
      { event: 'comment.replied', userId: creator.id },
      { event: 'comment.replied', userId: creator.id },
    ]);
  });

  it('hides with a reason the writer reads, shows again, and marks handled or new', async () => {
    const id = await idOf('Super vijest');
    const url = `/api/content/${notice.id}/comment/${id}`;
    const hidden = await as(admin).patch(url, { hidden: { reason: 'Nije vezano uz temu.' } });
    expect(hidden.json().payload).toMatchObject({ hidden: { reason: 'Nije vezano uz temu.' }, reply: null });
    expect(hidden.json().payload.handledAt).not.toBeNull();
    expect((await ownComments(ivo, notice.id))[0].hidden).toMatchObject({ reason: 'Nije vezano uz temu.' });
    // Ana reads her own comments only: nothing of Ivo's.
    expect((await ownComments(ana, notice.id)).map((c: { title: string }) => c.title)).toEqual([
      'Gdje je novi parking?',
    ]);

    const shown = await as(admin).patch(url, { hidden: null });
    expect(shown.json().payload.hidden).toBeNull();
    expect((await ownComments(ivo, notice.id))[0].hidden).toBeNull();
    expect((await as(admin).patch(url, { handled: false })).json().payload.handledAt).toBeNull();
    expect(texts(await queue(admin, '?state=new'))).toContain('Super vijest');
    expect((await as(admin).patch(url, { handled: true })).json().payload.handledAt).not.toBeNull();
    const events = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.userId, admin.id)));
    expect(events.map((e) => e.event).sort()).toEqual([
      'comment.handled',
      'comment.handled',
      'comment.handled',
      'comment.hidden',
      'comment.hidden',
    ]);
  });

  it('refuses an empty reply or reason with the field, in the caller’s language, and changes nothing', async () => {
    const id = await idOf('Pitanje 1 je nejasno');
    const url = `/api/content/${course.id}/comment/${id}`;
    const empty = await as(otherCreator).patch(url, { reply: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'reply' });
    expect(empty.json().message).toContain('Odgovor ne može biti prazan.');
    const reason = await as(otherCreator, 'en').patch(url, { hidden: { reason: '' } });
    expect(reason.json().field).toBe('hidden.reason');
    expect(reason.json().message).toContain('Say why the comment is hidden.');
    // Nothing asked, nothing changed: the comment as it is.
    const nothing = await as(otherCreator).patch(url, {});
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(nothing.json().payload).toMatchObject({ id, reply: null, hidden: null, handledAt: null });
    const long = await as(otherCreator).patch(url, { reply: 'x'.repeat(2001) });
    expect(long.json().field).toBe('reply');
    expect((await queue(admin, '?state=new')).items.find((c) => c.id === id)).toMatchObject({
      reply: null,
      hidden: null,
    });
  });
});
