import {
  DAY_MS,
  type NoticeKind,
  type ReviewQueue,
  type ReviewSettings,
  type ReviewStep,
  richDocOf,
  type StaffContent,
} from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentNotice, contentReview, notification } from '../../db/schema/index.js';
import {
  call,
  callsAs,
  keptMails,
  makePerson,
  makeSession,
  makeTenant,
  makeUser,
  payloadOf,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { MailTransport } from '../mail/mail.service.js';

const mails: Parameters<MailTransport['deliver']>[0][] = [];
let t: TestApp;
type Person = { id: number; token: string };
let tenantId: number;
let admin: Person;
/** Writes; named a reviewer below. */
let creator: Person;
/** Writes; not a reviewer. */
let author: Person;
let analyst: Person;
let reader: Person;
let stranger: Person;
let superadmin: Person;

beforeAll(async () => {
  t = await createTestApp({ mailTransport: keptMails(mails) });
  tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  const staff = async (role: 'ADMIN' | 'CREATOR', name: string, email: string, language: 'hr' | 'en' = 'hr') => {
    const user = await makeUser(t.db, { tenantId, role, name, email, language, password: null });
    return { id: user.id, token: await makeSession(t.db, user, now) };
  };
  admin = await staff('ADMIN', 'Ana Admin', 'ana.admin@primjer.hr');
  creator = await staff('CREATOR', 'Rene Recenzent', 'rene@primjer.hr');
  author = await staff('CREATOR', 'Ivo Autor', 'ivo.autor@primjer.hr', 'en');
  analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now });
  reader = await makePerson(t.db, tenantId, { now });
  const elsewhere = await makeTenant(t.db);
  stranger = await makePerson(t.db, elsewhere.id, { role: 'ADMIN', now });
  superadmin = await makePerson(t.db, elsewhere.id, { role: 'SUPERADMIN', now });
});
afterAll(() => t.close());

const as = (person: Person, lang?: string) => callsAs(t, person, lang);
const ok = payloadOf;

const info = (name: string, publish: Record<string, unknown> = { mode: 'now' }) => ({
  type: 'INFORMATION',
  name,
  description: 'Od ponedjeljka vrijede nova pravila.',
  material: { doc: richDocOf('Parkirajte samo na označenim mjestima.') },
  audience: { everyone: true },
  publish,
});
const feedOf = async (person: Person) =>
  (await ok<{ content: { id: number }[] }>(as(person).get('/api/mobile/content/list/new'))).content.map((c) => c.id);
const historyOf = (person: Person, id: number) => ok<ReviewStep[]>(as(person).get(`/api/content/${id}/reviews`));
const queueOf = (person: Person) => ok<ReviewQueue>(as(person).get('/api/reviews'));
const work = async () => {
  await t.app.services.jobs.kick();
  await t.app.services.jobs.kick();
};
const noticesTo = (userId: number, kind: NoticeKind) =>
  t.db
    .select({ contentId: notification.contentId })
    .from(notification)
    .innerJoin(contentNotice, eq(contentNotice.id, notification.noticeId))
    .where(and(eq(notification.userId, userId), eq(contentNotice.kind, kind)));

describe('the organisation’s choice', () => {
  it('is off until an admin turns it on and names reviewers among the creators', async () => {
    expect(await ok<ReviewSettings>(as(author).get('/api/review/settings'))).toEqual({
      required: false,
      reviewers: [],
      mayReview: false,
      reviewed: false,
    });
    const body = { required: true, reviewers: [creator.id] };
    expect((await as(author).put('/api/review/settings', body)).statusCode).toBe(403);
    expect((await as(analyst).put('/api/review/settings', body)).statusCode).toBe(403);
    expect((await as(reader).get('/api/review/settings')).statusCode).toBe(403);

    // Only the organisation's creators: an analyst or another organisation's person is refused at their place.
    const notCreator = await as(admin, 'en').put('/api/review/settings', {
      required: true,
      reviewers: [creator.id, analyst.id],
    });
    expect(notCreator.statusCode).toBe(400);
    expect(notCreator.json()).toMatchObject({
      field: 'reviewers.1',
      message: expect.stringContaining('Only people with the creator role can be reviewers.'),
    });
    const foreign = await as(admin).put('/api/review/settings', { required: true, reviewers: [stranger.id] });
    expect(foreign.json()).toMatchObject({
      field: 'reviewers.0',
      message: expect.stringContaining('Ta osoba ne postoji u organizaciji'),
    });
    expect((await as(admin).put('/api/review/settings', { reviewers: [] })).json()).toMatchObject({
      field: 'required',
    });

    const saved = await ok<ReviewSettings>(as(admin).put('/api/review/settings', body));
    expect(saved).toEqual({
      required: true,
      reviewers: [{ id: creator.id, name: 'Rene Recenzent' }],
      mayReview: true,
      reviewed: false,
    });
    expect(await ok<ReviewSettings>(as(creator).get('/api/review/settings'))).toMatchObject({
      mayReview: true,
      reviewed: true,
    });
    expect(await ok<ReviewSettings>(as(author).get('/api/review/settings'))).toMatchObject({
      mayReview: false,
      reviewed: true,
    });
    // Another organisation's settings are its own.
    expect(await ok<ReviewSettings>(as(stranger).get('/api/review/settings'))).toMatchObject({ required: false });
    const [entry] = await t.db
      .select({ userId: auditLog.userId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.event, 'review.settings_changed'));
    expect(entry).toEqual({ userId: admin.id, details: { required: true, reviewers: [creator.id], by: admin.id } });
  });
});

describe('an item through review', () => {
  let item: StaffContent;

  it('sends a creator’s item to review instead of out, and tells the reviewers', async () => {
    mails.length = 0;
    item = await ok<StaffContent>(as(author).post('/api/content', info('Nova pravila parkiranja')));
    expect(item.status).toBe('review');
    expect(await feedOf(reader)).not.toContain(item.id);
    expect(await historyOf(analyst, item.id)).toMatchObject([
      { action: 'submitted', by: { id: author.id, name: 'Ivo Autor' }, comment: null },
    ]);
    // The admin's own items are out at once.
    const own = await ok<StaffContent>(as(admin).post('/api/content', info('Ručak u petak')));
    expect(own.status).toBe('published');
    // Not out: published on no day, in the staff list's dates and the dashboard's count.
    const since = new Date(t.clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);
    const out = await ok<{ items: { id: number }[] }>(as(admin).get(`/api/content?from=${since}`));
    expect(out.items.map((i) => i.id)).toEqual([own.id]);
    const overview = await ok<{ published: { value: number } }>(as(admin).get('/api/stats/dashboard/overview'));
    expect(overview.published.value).toBe(1);

    await work();
    const told = await t.db
      .select({ userId: notification.userId })
      .from(notification)
      .innerJoin(contentNotice, eq(contentNotice.id, notification.noticeId))
      .where(and(eq(notification.contentId, item.id), eq(contentNotice.kind, 'review')));
    expect(told.map((n) => n.userId).sort()).toEqual([admin.id, creator.id].sort());
    const mail = mails.find((m) => m.recipient === 'rene@primjer.hr');
    expect(mail?.subject).toBe('Čeka vaš pregled: Nova pravila parkiranja');
    expect(mail?.text).toMatch(new RegExp(`https://kanal\\.test/admin/content/${item.id}/preview\\?receipt=`));
    // What awaits review is not news of the item to its audience.
    expect(
      (await ok<{ notices: { notified: number } }>(as(admin).get(`/api/content/${item.id}/info`))).notices,
    ).toMatchObject({
      notified: 0,
    });
  });

  it('lists it for the reviewers, and for its author among their own', async () => {
    const queue = await queueOf(admin);
    expect(queue).toMatchObject({
      count: 1,
      items: [
        { id: item.id, name: 'Nova pravila parkiranja', creator: { id: author.id }, publishAt: null, mayReview: true },
      ],
    });
    expect((await queueOf(creator)).items.map((i) => i.id)).toEqual([item.id]);
    expect(await queueOf(author)).toMatchObject({ count: 1, items: [{ id: item.id, mayReview: false }] });
    expect((await as(analyst).get('/api/reviews')).statusCode).toBe(403);
    expect((await queueOf(stranger)).count).toBe(0);
  });

  it('lets only a reviewer other than its author decide, and this organisation’s only', async () => {
    const url = `/api/content/${item.id}/review`;
    expect((await as(author).post(url, { decision: 'approve' })).statusCode).toBe(403);
    expect((await as(analyst).post(url, { decision: 'approve' })).statusCode).toBe(403);
    expect((await as(stranger).post(url, { decision: 'approve' })).statusCode).toBe(404);
    expect((await as(superadmin).post(`${url}?tenant=${tenantId}`, { decision: 'approve' })).statusCode).toBe(403);
    const empty = await as(creator, 'en').post(url, { decision: 'return', comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      field: 'comment',
      message: expect.stringContaining('Tell the author what needs more work.'),
    });
    expect((await as(creator).post(url, { decision: 'publish' })).json()).toMatchObject({ field: 'decision' });
    expect((await historyOf(admin, item.id)).length).toBe(1);
  });

  it('sends it back with a comment: a draft again, its author told and reading why', async () => {
    mails.length = 0;
    const returned = await ok<StaffContent>(
      as(creator).post(`/api/content/${item.id}/review`, {
        decision: 'return',
        comment: ' Dodajte kartu parkirališta. ',
      }),
    );
    expect(returned.status).toBe('draft');
    expect((await historyOf(author, item.id))[0]).toMatchObject({
      action: 'returned',
      by: { id: creator.id, name: 'Rene Recenzent' },
      comment: 'Dodajte kartu parkirališta.',
    });
    expect((await queueOf(admin)).count).toBe(0);
    // Decided already: a second reviewer at the same time finds it so.
    const late = await as(admin).post(`/api/content/${item.id}/review`, { decision: 'approve' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'NotInReview']);
    await work();
    expect(await noticesTo(author.id, 'returned')).toEqual([{ contentId: item.id }]);
    const mail = mails.find((m) => m.recipient === 'ivo.autor@primjer.hr');
    expect(mail?.subject).toBe('Sent back for changes: Nova pravila parkiranja');
    expect(mail?.text).toMatch(new RegExp(`https://kanal\\.test/admin/content/${item.id}\\?receipt=`));
  });

  it('goes back into review when its author sends it again, and out at once when approved', async () => {
    const again = await ok<StaffContent>(
      as(author).patch(`/api/content/${item.id}`, {
        material: { doc: richDocOf('Karta je u prilogu.') },
        publish: { mode: 'now' },
      }),
    );
    expect(again.status).toBe('review');
    // Edited while in review: still in review, no second submission.
    await ok(as(author).patch(`/api/content/${item.id}`, { name: 'Nova pravila parkiranja od 1. 12.' }));
    expect((await historyOf(admin, item.id)).map((s) => s.action)).toEqual(['submitted', 'returned', 'submitted']);

    t.clock.advance(60_000);
    const approved = await ok<StaffContent>(as(admin).post(`/api/content/${item.id}/review`, { decision: 'approve' }));
    expect(approved).toMatchObject({ status: 'published', publishAt: t.clock.now().toISOString() });
    expect(await feedOf(reader)).toContain(item.id);
    await work();
    expect(await noticesTo(author.id, 'approved')).toEqual([{ contentId: item.id }]);
    // Out: its audience hears of it as of any item.
    expect((await noticesTo(reader.id, 'published')).map((n) => n.contentId)).toContain(item.id);
    const events = await t.db
      .select({ event: auditLog.event, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.details, { contentId: item.id, by: admin.id })));
    expect(events).toEqual([{ event: 'content.approved', userId: admin.id }]);
  });

  it('leaves a published item of a reviewed author to the admins', async () => {
    const seen = await ok<StaffContent>(as(author).get(`/api/content/${item.id}`));
    expect(seen.editable).toBe(false);
    expect((await as(author).patch(`/api/content/${item.id}`, { name: 'Neodobreno' })).statusCode).toBe(403);
    expect((await ok<StaffContent>(as(admin).get(`/api/content/${item.id}`))).editable).toBe(true);
  });

  it('schedules an approved item for the time its author asked, and reviews an approved one again when changed', async () => {
    const at = new Date(t.clock.now().getTime() + 2 * DAY_MS).toISOString();
    const later = await ok<StaffContent>(
      as(author).post('/api/content', info('Zimska služba', { mode: 'schedule', at })),
    );
    expect(later.status).toBe('review');
    expect((await queueOf(admin)).items[0]).toMatchObject({ id: later.id, publishAt: at });
    const scheduled = await ok<StaffContent>(
      as(creator).post(`/api/content/${later.id}/review`, { decision: 'approve' }),
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: at });
    // Not out yet, so its author may change it; what they change is reviewed again.
    const changed = await ok<StaffContent>(
      as(author).patch(`/api/content/${later.id}`, { name: 'Zimska služba 2026.' }),
    );
    expect(changed).toMatchObject({ status: 'review', publishAt: at });
    // Withdrawn to a draft, and deleted: it never was out.
    const draft = await ok<StaffContent>(as(author).patch(`/api/content/${later.id}`, { publish: { mode: 'draft' } }));
    expect(draft.status).toBe('draft');
    expect((await as(author).post(`/api/content/${later.id}/review`, { decision: 'approve' })).statusCode).toBe(403);
    const inReview = await ok<StaffContent>(as(author).post('/api/content', info('Za brisanje')));
    expect((await as(author).patch(`/api/content/${inReview.id}`, {})).statusCode).toBe(200);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/content/${inReview.id}`, token: author.token })).statusCode,
    ).toBe(200);
    expect(await t.db.$count(contentReview, eq(contentReview.contentId, inReview.id))).toBe(0);
  });

  it('keeps the history of a reviewer whose account is deleted, without their name', async () => {
    const gone = await makeUser(t.db, { tenantId, role: 'CREATOR', password: null });
    await ok(as(admin).put('/api/review/settings', { required: true, reviewers: [creator.id, gone.id] }));
    const token = await makeSession(t.db, gone, t.clock.now());
    const sent = await ok<StaffContent>(as(author).post('/api/content', info('Božićni domjenak')));
    await ok(as({ id: gone.id, token }).post(`/api/content/${sent.id}/review`, { decision: 'approve' }));
    expect((await call(t, { method: 'DELETE', url: `/api/user/${gone.id}`, token: admin.token })).statusCode).toBe(200);
    expect((await historyOf(admin, sent.id))[0]).toMatchObject({ action: 'approved', by: null });
    expect((await ok<ReviewSettings>(as(admin).get('/api/review/settings'))).reviewers).toEqual([
      { id: creator.id, name: 'Rene Recenzent' },
    ]);
  });

  it('answers 404 for another organisation’s item history', async () => {
    expect((await as(stranger).get(`/api/content/${item.id}/reviews`)).statusCode).toBe(404);
  });
});
