import { HOUR_MS, MINUTE_MS, REMINDER_MINUTES } from '@kanal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentNotice,
  job,
  notification,
  notificationDelivery,
  notificationOptOut,
  tenant,
} from '../../db/schema/index.js';
import { authoringOf, changeStatus, makeContent } from '../../test/content-factories.js';
import {
  call,
  keptMails,
  lastMailTo,
  makeAccounts,
  makeOrg,
  makePerson,
  makeSession,
  makeUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { MailTransport } from '../mail/mail.service.js';

const mails: Parameters<MailTransport['deliver']>[0][] = [];
let t: TestApp;
// Two recipients a transaction: every notice here to three people or more goes out in several batches.
const FANOUT_BATCH = 2;

beforeAll(async () => {
  t = await createTestApp({
    env: { NOTICE_FANOUT_BATCH: String(FANOUT_BATCH) },
    mailTransport: keptMails(mails),
  });
});
afterAll(() => t.close());

/** What a server process does on its next poll: the due jobs, then the deliveries. */
const run = () => t.app.services.jobs.kick();
const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs);
const mailsTo = (email: string | null, subject?: string) =>
  mails.filter((m) => m.recipient === email && (subject === undefined || m.subject === subject));
const noticesOf = (contentId: number, kind: 'published' | 'reminder' | 'manual') =>
  t.db
    .select()
    .from(contentNotice)
    .where(and(eq(contentNotice.contentId, contentId), eq(contentNotice.kind, kind)));
/** Who has a reminder's notice among the notices `where` picks. */
const remindedIn = (where: SQL) =>
  t.db
    .select({ userId: notification.userId })
    .from(notification)
    .innerJoin(
      contentNotice,
      and(eq(contentNotice.tenantId, notification.tenantId), eq(contentNotice.id, notification.noticeId)),
    )
    .where(and(where, eq(contentNotice.kind, 'reminder')));
const notifiedOn = async (contentId: number) =>
  (await t.db.select().from(notification).where(eq(notification.contentId, contentId))).map((n) => n.userId).sort();

describe('an item that appears later', () => {
  it('is announced at its time and not before, once, by e-mail to those who have an address and want it', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const ana = await makeUser(t.db, { tenantId, name: 'Ana Anić', email: 'ana.najava@primjer.hr' });
    const ivo = await makeUser(t.db, { tenantId, email: null, username: 'ivo.najava' });
    const zoe = await makeUser(t.db, { tenantId, email: 'zoe.najava@primjer.hr' });
    await t.db.insert(notificationOptOut).values({ tenantId, userId: zoe.id, channel: 'email', kind: 'content' });
    await t.db.update(tenant).set({ primaryColor: '#0a7d4b' }).where(eq(tenant.id, tenantId));
    const item = await makeContent(t.db, {
      tenantId,
      creatorId,
      name: 'Novi pravilnik o radu',
      status: 'scheduled',
      publishAt: at(2 * HOUR_MS),
      audience: { users: [ana.id, ivo.id, zoe.id] },
    });

    await run();
    t.clock.advance(2 * HOUR_MS - 1000);
    await run();
    expect(await notifiedOn(item.id)).toEqual([]);
    expect(mailsTo(ana.email)).toEqual([]);

    t.clock.advance(1000);
    await run();
    await run();
    expect(await notifiedOn(item.id)).toEqual([ana.id, ivo.id, zoe.id].sort());
    const [mail, ...more] = mailsTo(ana.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Novo za vas: Novi pravilnik o radu');
    expect(mail?.text).toContain('Pozdrav, Ana Anić,');
    // The button opens the item, carrying the delivery's receipt: the web app reports it opened.
    const link = mail?.text.match(/https:\/\/kanal\.test\/content\/\d+\/intro\?receipt=[\w.-]+/)?.[0] ?? '';
    expect(link).toMatch(new RegExp(`/content/${item.id}/intro\\?receipt=${tenantId}\\.\\d+\\.`));
    expect(mail?.html).toContain(`href="${link}"`);
    // In the organisation's colour.
    expect(mail?.html).toContain('background:#0a7d4b');
    // Each mail can turn its kind of notice off by e-mail, without signing in.
    const token = mail?.text.match(/https:\/\/kanal\.test\/unsubscribe\/([\w.-]+)/)?.[1] ?? '';
    expect(mail?.text).toContain('Ne želite e-mailom primati obavijesti o novim sadržajima? Isključite ih ovdje:');
    const unsubscribe = (body: unknown) => call(t, { method: 'POST', url: '/api/notifications/unsubscribe', body });
    expect((await unsubscribe({ token: token.replace(/\.content\./, '.reminder.') })).statusCode).toBe(404);
    expect((await unsubscribe({ token })).json().payload).toEqual({ topic: 'content' });
    const anaNow = await makeSession(t.db, ana, t.clock.now());
    const anaSettings = await call(t, { url: '/api/mobile/users/notification-settings', token: anaNow });
    expect(anaSettings.json().payload.email).toEqual({ content: false, reminder: true });
    // Zoe turned news mail off; Ivo has no address: both have it in the app only.
    expect(mailsTo(zoe.email)).toEqual([]);
    const deliveries = await t.db
      .select()
      .from(notificationDelivery)
      .where(eq(notificationDelivery.tenantId, tenantId));
    expect(deliveries).toEqual([expect.objectContaining({ userId: ana.id, channel: 'email', state: 'sent' })]);
    const receipt = new URL(link).searchParams.get('receipt');
    const opened = await call(t, {
      method: 'POST',
      url: '/api/notification-receipts',
      body: { receipt, state: 'opened' },
    });
    expect(opened.statusCode).toBe(200);
    const [afterClick] = await t.db
      .select()
      .from(notificationDelivery)
      .where(eq(notificationDelivery.tenantId, tenantId));
    expect(afterClick).toMatchObject({ state: 'opened', receivedAt: expect.any(Date), openedAt: expect.any(Date) });
    expect(await noticesOf(item.id, 'published')).toEqual([
      expect.objectContaining({ recipients: 3, status: 'sent', requestedBy: null }),
    ]);
  });

  it('says nothing when it is withdrawn before its time, and follows it when it is moved', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const ana = await makeUser(t.db, { tenantId });
    const withdrawn = await makeContent(t.db, {
      tenantId,
      creatorId,
      status: 'scheduled',
      publishAt: at(HOUR_MS),
      audience: { users: [ana.id] },
    });
    const moved = await makeContent(t.db, {
      tenantId,
      creatorId,
      status: 'scheduled',
      publishAt: at(HOUR_MS),
      audience: { users: [ana.id] },
    });
    await changeStatus(t.db, tenantId, withdrawn.id, 'draft');
    await authoringOf(t.db).update(tenantId, moved.id, { publishAt: at(3 * HOUR_MS) });

    t.clock.advance(HOUR_MS);
    await run();
    expect(await notifiedOn(withdrawn.id)).toEqual([]);
    expect(await noticesOf(withdrawn.id, 'published')).toEqual([]);
    expect(await notifiedOn(moved.id)).toEqual([]);

    t.clock.advance(2 * HOUR_MS);
    await run();
    expect(await notifiedOn(moved.id)).toEqual([ana.id]);
  });
});

describe('reminders', () => {
  it('reach the assignees who have not finished, at each option before the deadline, once each', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const late = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const done = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const deadline = at(8 * 24 * HOUR_MS);
    const tasks = [];
    for (const minutes of [...REMINDER_MINUTES].sort((a, b) => b - a)) {
      const task = await makeContent(t.db, {
        tenantId,
        creatorId,
        type: 'TASK',
        name: `Zadatak s podsjetnikom ${minutes}`,
        audience: { users: [late.id, done.id] },
        publishAt: t.clock.now(),
        task: { deadline, reminderMinutes: minutes },
      });
      const finished = await call(t, {
        method: 'POST',
        url: '/api/mobile/content/mark-finished',
        token: done.token,
        body: { contentId: task.id },
      });
      expect(finished.statusCode).toBe(200);
      tasks.push({ id: task.id, minutes });
    }
    await run();

    for (const { id, minutes } of tasks) {
      const remindAt = deadline.getTime() - minutes * MINUTE_MS;
      t.clock.advance(remindAt - 1000 - t.clock.now().getTime());
      await run();
      expect(await noticesOf(id, 'reminder')).toEqual([]);
      t.clock.advance(1000);
      await run();
      expect(await noticesOf(id, 'reminder')).toEqual([expect.objectContaining({ recipients: 1, status: 'sent' })]);
    }
    await run();
    expect(await remindedIn(eq(notification.tenantId, tenantId))).toEqual(tasks.map(() => ({ userId: late.id })));
  });

  it('are not sent after the deadline, nor when the task was finished or withdrawn in between', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const task = (name: string) =>
      makeContent(t.db, {
        tenantId,
        creatorId,
        type: 'TASK',
        name,
        audience: { users: [person.id] },
        publishAt: t.clock.now(),
        task: { deadline: at(2 * HOUR_MS), reminderMinutes: 60 },
      });
    const missed = await task('Propušteni podsjetnik');
    const finished = await task('Završeni zadatak');
    const withdrawn = await task('Povučeni zadatak');
    await call(t, {
      method: 'POST',
      url: '/api/mobile/content/mark-finished',
      token: person.token,
      body: { contentId: finished.id },
    });
    await changeStatus(t.db, tenantId, withdrawn.id, 'draft');

    // The reminders' hour came and went while no process ran; the deadline is past when one does.
    t.clock.advance(3 * HOUR_MS);
    await run();
    expect(await noticesOf(missed.id, 'reminder')).toEqual([]);
    expect(await noticesOf(finished.id, 'reminder')).toEqual([]);
    expect(await noticesOf(withdrawn.id, 'reminder')).toEqual([]);
  });
});

describe('an education’s, poll’s or inquiry’s due date', () => {
  /** A poll of one written question, made through the staff API as the console makes it. */
  async function pollDue(creatorToken: string, people: number[], task: unknown) {
    const res = await call(t, {
      method: 'POST',
      url: '/api/content',
      token: creatorToken,
      body: {
        type: 'POLL',
        name: 'Zadovoljstvo radnim mjestom',
        questions: [{ title: 'Što biste promijenili?', type: 'TEXT' }],
        task,
        audience: { people },
        publish: { mode: 'now' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as { id: number; task: unknown };
  }

  it('is on the card, and its reminder reaches only those who have not answered, in words about finishing', async () => {
    const { tenantId } = await makeOrg(t.db);
    const creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now: t.clock.now() });
    const answered = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const pending = await makeUser(t.db, { tenantId, name: 'Petra Pavić', email: 'petra.rok@primjer.hr' });
    const due = at(2 * 24 * HOUR_MS);
    const poll = await pollDue(creator.token, [answered.id, pending.id], {
      deadline: due.toISOString(),
      reminderMinutes: 1440,
    });
    expect(poll.task).toEqual({ deadline: due.toISOString(), repeat: 'NO_REPEAT', reminderMinutes: 1440 });
    const pendingToken = await makeSession(t.db, pending, t.clock.now());
    const feed = await call(t, { url: '/api/mobile/content/list/new', token: pendingToken });
    expect(feed.json().payload.content).toEqual([
      expect.objectContaining({ id: poll.id, task: { deadline: due.toISOString(), repeat: 'NO_REPEAT' } }),
    ]);

    const form = await call(t, { url: `/api/mobile/content/${poll.id}/questions`, token: answered.token });
    const [question] = form.json().payload.questions as { id: number }[];
    const submitted = await call(t, {
      method: 'POST',
      url: `/api/mobile/content/${poll.id}/form/attempt`,
      token: answered.token,
      body: { questionAnswers: [{ questionId: question?.id, text: 'Više svjetla' }] },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    await run();
    t.clock.advance(24 * HOUR_MS - 1000);
    await run();
    expect(await noticesOf(poll.id, 'reminder')).toEqual([]);
    t.clock.advance(1000);
    await run();
    await run();
    expect(await noticesOf(poll.id, 'reminder')).toEqual([expect.objectContaining({ recipients: 1, status: 'sent' })]);
    expect(await remindedIn(eq(notification.contentId, poll.id))).toEqual([{ userId: pending.id }]);
    const [mail, ...more] = mailsTo(pending.email, 'Rok se bliži: Zadovoljstvo radnim mjestom');
    expect(more).toEqual([]);
    // A poll is finished by answering it, not marked as done as a task is.
    expect(mail?.text).toMatch(
      /rok za ovaj sadržaj je \d{2}\.\d{2}\.\d{4}\., \d{2}:\d{2}, a još ga niste završili:\s+Zadovoljstvo radnim mjestom/,
    );
    expect(mail?.text).toContain(`/content/${poll.id}/intro?receipt=`);
  });

  it('taken away in an edit takes its reminder with it', async () => {
    const { tenantId } = await makeOrg(t.db);
    const creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now: t.clock.now() });
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const poll = await pollDue(creator.token, [person.id], {
      deadline: at(2 * HOUR_MS).toISOString(),
      reminderMinutes: 60,
    });
    const edited = await call(t, {
      method: 'PATCH',
      url: `/api/content/${poll.id}`,
      token: creator.token,
      body: { task: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().payload.task).toBeNull();
    const feed = await call(t, { url: '/api/mobile/content/list/new', token: person.token });
    expect(feed.json().payload.content).toEqual([expect.objectContaining({ id: poll.id, task: null })]);

    t.clock.advance(HOUR_MS);
    await run();
    expect(await noticesOf(poll.id, 'reminder')).toEqual([]);
  });
});

describe('POST /content/{id}/notify', () => {
  it('tells the audience who have not finished, at most once an hour (429 with when)', async () => {
    const { tenantId } = await makeOrg(t.db);
    const creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now: t.clock.now() });
    const reader = await makeUser(t.db, { tenantId, email: 'citatelj.poziv@primjer.hr' });
    const finisher = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const item = await makeContent(t.db, {
      tenantId,
      creatorId: creator.id,
      name: 'Sigurnost na radu',
      publishAt: t.clock.now(),
      audience: { users: [reader.id, finisher.id] },
    });
    await call(t, {
      method: 'POST',
      url: '/api/mobile/content/mark-finished',
      token: finisher.token,
      body: { contentId: item.id },
    });
    const notify = (lang = 'hr') =>
      call(t, { method: 'POST', url: `/api/content/${item.id}/notify`, token: creator.token, lang });

    const first = await notify();
    expect(first.statusCode).toBe(200);
    expect(first.json().payload.recipients).toBe(1);
    await t.app.services.jobs.idle();
    expect(mailsTo(reader.email, 'Ne propustite: Sigurnost na radu')).toHaveLength(1);
    expect((await noticesOf(item.id, 'manual'))[0]).toMatchObject({ recipients: 1, status: 'sent' });

    t.clock.advance(HOUR_MS - MINUTE_MS);
    const again = await notify();
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'NoticeTooSoon',
      message: 'Obavijest o ovom sadržaju poslana je u posljednjih sat vremena. Sljedeću možete poslati za 1 min.',
    });
    expect(again.headers['retry-after']).toBe('60');
    expect((await notify('en')).json().message).toBe(
      'A notice about this item went out within the last hour. You can send the next one in 1 min.',
    );
    expect(await noticesOf(item.id, 'manual')).toHaveLength(1);

    t.clock.advance(MINUTE_MS);
    expect((await notify()).statusCode).toBe(200);
    await t.app.services.jobs.idle();
    expect(mailsTo(reader.email, 'Ne propustite: Sigurnost na radu')).toHaveLength(2);
  });

  it('answers another tenant’s item with 404 and queues nothing', async () => {
    const mine = await makeOrg(t.db);
    const theirs = await makeOrg(t.db);
    const admin = await makePerson(t.db, mine.tenantId, { role: 'ADMIN', now: t.clock.now() });
    const item = await makeContent(t.db, { ...theirs, publishAt: t.clock.now() });
    const res = await call(t, { method: 'POST', url: `/api/content/${item.id}/notify`, token: admin.token });
    expect(res.statusCode).toBe(404);
    expect(await noticesOf(item.id, 'manual')).toEqual([]);
  });
});

describe('a notice to more people than a batch', () => {
  const fanOutJob = async () => {
    const [row] = await t.db
      .select({ payload: job.payload, attempts: job.attempts })
      .from(job)
      .where(eq(job.queue, 'notice.fanout'));
    return row;
  };

  it('goes out a batch a transaction, resumes after a batch that died, and tells each person once', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const people = (await makeAccounts(t.db, tenantId, 7)).sort((a, b) => a.id - b.id);
    const ids = people.map((p) => p.id);
    // The third batch's transaction dies as it writes the sixth person's bell row (a process killed mid-way).
    const dying = ids[5] as number;
    await t.db.execute(sql`CREATE FUNCTION die_mid_fanout() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RAISE EXCEPTION 'killed mid fan-out'; END $$`);
    await t.db.execute(
      sql.raw(`CREATE TRIGGER die_mid_fanout BEFORE INSERT ON notification FOR EACH ROW
        WHEN (NEW.user_id = ${dying}) EXECUTE FUNCTION die_mid_fanout()`),
    );
    const item = await makeContent(t.db, {
      tenantId,
      creatorId,
      name: 'Godišnje osposobljavanje',
      publishAt: t.clock.now(),
      audience: { users: ids },
    });

    await run();
    // The first two batches are committed and sent; the notice is still going out, from where it stopped.
    expect(await notifiedOn(item.id)).toEqual(ids.slice(0, 2 * FANOUT_BATCH).sort());
    expect(mailsTo(people[0]?.email as string)).toHaveLength(1);
    expect(mailsTo(people[4]?.email as string)).toEqual([]);
    expect(await noticesOf(item.id, 'published')).toMatchObject([{ status: 'queued' }]);
    expect(await fanOutJob()).toMatchObject({
      attempts: 1,
      payload: { after: ids[2 * FANOUT_BATCH - 1], told: 2 * FANOUT_BATCH },
    });

    await t.db.execute(sql`DROP FUNCTION die_mid_fanout() CASCADE`);
    t.clock.advance(MINUTE_MS);
    await run();
    expect(await notifiedOn(item.id)).toEqual([...ids].sort());
    for (const person of people) expect(mailsTo(person.email)).toHaveLength(1);
    const deliveries = await t.db
      .select({ userId: notificationDelivery.userId })
      .from(notificationDelivery)
      .where(eq(notificationDelivery.tenantId, tenantId));
    expect(deliveries).toHaveLength(ids.length);
    expect(await noticesOf(item.id, 'published')).toMatchObject([{ status: 'sent', recipients: ids.length }]);
    expect(await fanOutJob()).toBeUndefined();
  });
});

describe('a person’s notices', () => {
  it('speak the language the person uses, and honour the channels and topics they turned off', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const user = await makeUser(t.db, { tenantId, email: 'jezik.obavijesti@primjer.hr' });
    const token = (await makePerson(t.db, tenantId, { now: t.clock.now() })).token;
    const own = await makeSession(t.db, user, t.clock.now());
    expect(
      (await call(t, { method: 'POST', url: '/api/mobile/users/language', token: own, body: { language: 'en' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(t, { method: 'POST', url: '/api/mobile/users/language', token: own, body: { language: 'de' } })
      ).json(),
    ).toMatchObject({ code: 'BodyParamsInvalid', field: 'language' });

    const settings = await call(t, { url: '/api/mobile/users/notification-settings', token: own });
    expect(settings.json().payload).toEqual({
      email: { content: true, reminder: true },
      push: { content: true, reminder: true },
    });
    const off = { email: { content: true, reminder: false }, push: { content: false, reminder: true } };
    const saved = await call(t, {
      method: 'PUT',
      url: '/api/mobile/users/notification-settings',
      token: own,
      body: off,
    });
    expect(saved.json().payload).toEqual(off);
    // Another person's settings are their own.
    expect((await call(t, { url: '/api/mobile/users/notification-settings', token })).json().payload.email).toEqual({
      content: true,
      reminder: true,
    });

    const news = await makeContent(t.db, {
      tenantId,
      creatorId,
      name: 'Safety first',
      publishAt: t.clock.now(),
      audience: { users: [user.id] },
    });
    const chore = await makeContent(t.db, {
      tenantId,
      creatorId,
      type: 'TASK',
      name: 'Fill in the form',
      publishAt: at(-HOUR_MS),
      audience: { users: [user.id] },
      task: { deadline: at(HOUR_MS), reminderMinutes: 60 },
    });
    await run();
    // Both items' news by e-mail, in English; the reminder's mail is off.
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining(['New for you: Safety first', 'New for you: Fill in the form']),
    );
    expect(mailsTo(user.email)).toHaveLength(2);
    expect(mailsTo(user.email)[0]?.text).toContain('Hello Korisnik');
    expect(await noticesOf(chore.id, 'reminder')).toEqual([expect.objectContaining({ recipients: 1 })]);
    // The reminder is in the bell all the same.
    expect(await notifiedOn(chore.id)).toEqual([user.id, user.id]);
    expect(await notifiedOn(news.id)).toEqual([user.id]);
  });

  it('are listed in the bell, newest first with the unread counted, and read one by one by their owner only', async () => {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const other = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const stranger = await makePerson(t.db, (await makeOrg(t.db)).tenantId, { now: t.clock.now() });
    for (const name of ['Prva vijest', 'Druga vijest', 'Treća vijest']) {
      await makeContent(t.db, {
        tenantId,
        creatorId,
        name,
        publishAt: t.clock.now(),
        audience: { users: [person.id] },
      });
      await run();
    }
    const bell = async (query = '') => {
      const res = await call(t, { url: `/api/notifications${query}`, token: person.token });
      expect(res.statusCode).toBe(200);
      return res.json().payload;
    };
    const first = await bell('?limit=2');
    expect(first).toMatchObject({ count: 3, unread: 3 });
    expect(first.items.map((i: { title: string }) => i.title)).toEqual(['Treća vijest', 'Druga vijest']);
    expect(first.items[0]).toMatchObject({ kind: 'published', contentType: 'INFORMATION', readAt: null });

    const id = first.items[0].id;
    const read = (token: string) => call(t, { method: 'POST', url: `/api/notifications/${id}/read`, token });
    expect((await read(other.token)).statusCode).toBe(404);
    expect((await read(stranger.token)).statusCode).toBe(404);
    expect((await read(person.token)).statusCode).toBe(200);
    const after = await bell();
    expect(after).toMatchObject({ count: 3, unread: 2 });
    expect(after.items[0].readAt).toBe(t.clock.now().toISOString());
    expect((await bell('?offset=2')).items.map((i: { title: string }) => i.title)).toEqual(['Prva vijest']);
  });
});

describe('an e-mail’s unsubscribe link', () => {
  /** A notice mail to each of `emails`, and the token of each one's unsubscribe link. */
  async function mailedTokens(emails: string[]) {
    const { tenantId, creatorId } = await makeOrg(t.db);
    const people = [];
    for (const email of emails) people.push(await makeUser(t.db, { tenantId, email }));
    await makeContent(t.db, {
      tenantId,
      creatorId,
      name: 'Vijest s odjavom',
      publishAt: t.clock.now(),
      audience: { users: people.map((p) => p.id) },
    });
    await run();
    return people.map((person) => {
      const [mail] = mailsTo(person.email, 'Novo za vas: Vijest s odjavom');
      const token = mail?.text.match(/https:\/\/kanal\.test\/unsubscribe\/([\w.-]+)/)?.[1] ?? '';
      return { person, mail, token };
    });
  }
  const emailSettings = async (person: Awaited<ReturnType<typeof makeUser>>) =>
    (
      await call(t, {
        url: '/api/mobile/users/notification-settings',
        token: await makeSession(t.db, person, t.clock.now()),
      })
    ).json().payload.email;
  const unsubscribe = (token: string) =>
    call(t, { method: 'POST', url: '/api/notifications/unsubscribe', body: { token } });

  it('takes the token only as it was minted: another spelling of a person’s own token is no token', async () => {
    const [mine, theirs] = await mailedTokens(['tocno.slovo@primjer.hr', 'netko.drugi@primjer.hr']);
    if (!mine || !theirs) throw new Error('no mail');
    const [tenant = '', user = '', topic = '', signature = ''] = mine.token.split('.');
    const flipped = [...signature].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    const variants = [
      `0${tenant}.${user}.${topic}.${signature}`,
      `${tenant}.0${user}.${topic}.${signature}`,
      `0x${Number(tenant).toString(16)}.${user}.${topic}.${signature}`,
      `+${tenant}.${user}.${topic}.${signature}`,
      ` ${tenant}.${user}.${topic}.${signature}`,
      `${tenant}.${user}.${topic.toUpperCase()}.${signature}`,
      `${tenant}.${user}.${topic}.${flipped}`,
      `${mine.token}.x`,
      `${mine.token}.`,
      `${mine.token}=`,
      `${mine.token}==`,
      `${mine.token}\n`,
      `${tenant}.${user}.${topic}.${signature.slice(0, -1)}`,
      // Another person's numbers with this person's signature: a forgery.
      mine.token.replace(`.${user}.`, `.${theirs.person.id}.`),
    ];
    for (const variant of variants) {
      expect((await unsubscribe(variant)).statusCode, JSON.stringify(variant)).toBe(404);
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe/${encodeURIComponent(variant)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, JSON.stringify(variant)).toBe(404);
    }
    expect(await emailSettings(mine.person)).toEqual({ content: true, reminder: true });
    expect(await emailSettings(theirs.person)).toEqual({ content: true, reminder: true });

    expect((await unsubscribe(mine.token)).json().payload).toEqual({ topic: 'content' });
    expect(await emailSettings(mine.person)).toEqual({ content: false, reminder: true });
    expect(await emailSettings(theirs.person)).toEqual({ content: true, reminder: true });
  });

  it('names its one-click URL for the mail provider, which unsubscribes on RFC 8058’s POST alone', async () => {
    const [byForm, byMultipart] = await mailedTokens(['jedan.klik@primjer.hr', 'jedan.klik.multipart@primjer.hr']);
    if (!byForm?.mail || !byMultipart?.mail) throw new Error('no mail');
    // The header names the API; the mail's own link, the page that asks first.
    expect(byForm.mail.oneClickUnsubscribe).toBe(`https://kanal.test/api/notifications/unsubscribe/${byForm.token}`);
    const path = (mail: typeof byForm.mail) => new URL(mail?.oneClickUnsubscribe ?? '').pathname;

    // As a provider posts it: a form, no session, no cookie.
    const posted = await t.app.inject({
      method: 'POST',
      url: path(byForm.mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().payload).toEqual({ topic: 'content' });
    expect(await emailSettings(byForm.person)).toEqual({ content: false, reminder: true });

    // The body must be the one-click form, not anything posted there.
    const other = await t.app.inject({
      method: 'POST',
      url: path(byMultipart.mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Nesto-drugo',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'List-Unsubscribe' });
    const broken = await t.app.inject({
      method: 'POST',
      url: path(byMultipart.mail),
      headers: { 'content-type': 'multipart/form-data; boundary=granica' },
      payload: '--granica\r\n',
    });
    expect(broken.statusCode).toBe(400);
    expect(await emailSettings(byMultipart.person)).toEqual({ content: true, reminder: true });

    // RFC 8058 prefers multipart/form-data.
    const multipart = await t.app.inject({
      method: 'POST',
      url: path(byMultipart.mail),
      headers: { 'content-type': 'multipart/form-data; boundary=granica' },
      payload:
        '--granica\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--granica--\r\n',
    });
    expect(multipart.json().payload).toEqual({ topic: 'content' });
    expect(await emailSettings(byMultipart.person)).toEqual({ content: false, reminder: true });
  });

  it('is not in a password mail: only notices are bulk mail', async () => {
    const { tenantId } = await makeOrg(t.db);
    const person = await makeUser(t.db, { tenantId, email: 'lozinka.bez.odjave@primjer.hr' });
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: person.email } });
    await lastMailTo(t, person.email ?? '');
    const [mail, ...more] = mailsTo(person.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain('https://kanal.test/reset-password/');
    expect(mail).not.toHaveProperty('oneClickUnsubscribe');
  });
});
