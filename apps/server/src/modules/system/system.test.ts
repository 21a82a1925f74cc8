import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGLITE_OPTIONS } from '../../db/client.js';
import { appUser, auditLog, content, emailOutbox, job, userGroup } from '../../db/schema/index.js';
import { call, makePerson, makeTenant } from '../../test/factories.js';
import { startTestSmtp } from '../../test/smtp-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let t: TestApp;
let operator: { id: number; tenantId: number; token: string };

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  const provider = (await makeTenant(t.db)).id;
  operator = await makePerson(t.db, provider, { role: 'SUPERADMIN', now: t.clock.now() });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
/** Everyone the SMTP server has accepted a message for. */
const accepted = () => smtp.received.flatMap((mail) => mail.to);

const get = (url: string, token = operator.token, lang?: string) =>
  call(t, { url: `/api${url}`, token, ...(lang ? { lang } : {}) });

describe('GET /email/test', () => {
  it('sends the operator a message through the configured transport and answers what it said', async () => {
    const res = await get('/email/test');
    expect(res.statusCode).toBe(200);
    const [me] = await t.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, operator.id));
    expect(res.json().payload).toEqual({
      to: me?.email,
      transport: `SMTP 127.0.0.1:${smtp.port}`,
      ok: true,
      response: expect.stringMatching(/^250 /),
    });
    expect(accepted()).toContain(me?.email);

    smtp.refuse(true);
    const refused = (await get('/email/test')).json().payload;
    smtp.refuse(false);
    expect(refused).toMatchObject({ ok: false, response: expect.stringMatching(/mailbox unavailable/) });
  });

  it('words the transport and its answer in the caller’s language', async () => {
    // Without SMTP_URL mail is kept in the outbox folder: the answer says so, as the operator reads.
    const offline = await createTestApp();
    try {
      const op = await makePerson(offline.db, (await makeTenant(offline.db)).id, {
        role: 'SUPERADMIN',
        now: offline.clock.now(),
      });
      const answer = async (lang: string) =>
        (await call(offline, { url: '/api/email/test', token: op.token, lang })).json().payload;
      expect(await answer('en')).toMatchObject({
        ok: true,
        transport: expect.stringMatching(/^the folder \S+outbox, as SMTP_URL is not set$/),
        response: expect.stringMatching(/^The message was written to the file \S+\.txt\.$/),
      });
      expect(await answer('hr')).toMatchObject({
        ok: true,
        transport: expect.stringMatching(/^mapa \S+outbox jer SMTP_URL nije postavljen$/),
        response: expect.stringMatching(/^Poruka je zapisana u datoteku \S+\.txt\.$/),
      });
    } finally {
      await offline.close();
    }
  });

  it('is the operator’s alone, and needs an address to send to', async () => {
    const admin = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'ADMIN', now: t.clock.now() });
    expect((await get('/email/test', admin.token)).statusCode).toBe(403);
    const quiet = await makePerson(t.db, operator.tenantId, { role: 'SUPERADMIN', now: t.clock.now() });
    await t.db.update(appUser).set({ email: null, username: 'bez.adrese' }).where(eq(appUser.id, quiet.id));
    const res = await get('/email/test', quiet.token, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NoEmailAddress',
      message: 'Your account has no e-mail address for the test message to go to.',
    });
  });
});

describe('GET /logs', () => {
  it('pages the audit log newest first, filtered by organisation, person, event and time', async () => {
    const tenantId = (await makeTenant(t.db)).id;
    const person = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const base = new Date('2026-06-01T10:00:00Z').getTime();
    await t.db.insert(auditLog).values(
      ['login.ok', 'login.failed', 'login.ok', 'password.changed'].map((event, i) => ({
        tenantId,
        userId: person.id,
        event,
        ip: '10.0.0.1',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const page = (await get(`/logs?tenant=${tenantId}&limit=2`)).json().payload;
    expect(page.count).toBe(4);
    expect(page.items.map((e: { event: string }) => e.event)).toEqual(['password.changed', 'login.ok']);
    expect(page.items[0]).toMatchObject({
      tenant: { id: tenantId },
      user: { id: person.id, name: expect.any(String) },
      ip: '10.0.0.1',
      at: '2026-06-01T10:03:00.000Z',
    });
    const logins = (await get(`/logs?tenant=${tenantId}&user=${person.id}&event=login.ok`)).json().payload;
    expect(logins.count).toBe(2);
    const window = (await get(`/logs?tenant=${tenantId}&from=2026-06-01T10:01:00Z&to=2026-06-01T10:02:00Z`)).json()
      .payload;
    expect(window.items.map((e: { event: string }) => e.event)).toEqual(['login.ok', 'login.failed']);
    const backwards = await get(`/logs?from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'from' });
    expect((await get('/logs', person.token)).statusCode).toBe(403);
  });

  it('names who did it, to whom, and the item, group or organisations it concerns', async () => {
    const tenantId = (await makeTenant(t.db)).id;
    const now = t.clock.now();
    const admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
    const person = await makePerson(t.db, tenantId, { now });
    const client = await makeTenant(t.db, { name: 'Klijent d.o.o.' });
    const [group] = await t.db.insert(userGroup).values({ tenantId, name: 'Skladište' }).returning();
    const [item] = await t.db
      .insert(content)
      .values({ tenantId, creatorId: admin.id, type: 'INFORMATION', name: 'Akcija', publishAt: now })
      .returning();
    await t.db.insert(auditLog).values([
      { tenantId, userId: person.id, event: 'reset.mailed', details: { by: admin.id } },
      { tenantId, userId: admin.id, event: 'attempt.deleted', details: { of: person.id, contentId: item?.id } },
      { tenantId, event: 'user.deleted', details: { by: admin.id, userId: 987654 } },
      {
        tenantId,
        event: 'group.renamed',
        details: { groupId: group?.id, from: 'skladište', to: 'Skladište', by: 'migration 0028' },
      },
      { tenantId, userId: admin.id, event: 'promotion.sent', details: { contentId: item?.id, tenantIds: [client.id] } },
    ]);
    const [sent, renamed, deleted, attempt, reset] = (await get(`/logs?tenant=${tenantId}`)).json().payload.items;
    const adminRef = { id: admin.id, name: expect.any(String), tenant: { id: tenantId, name: expect.any(String) } };
    expect(reset).toMatchObject({ user: { id: person.id }, by: adminRef, person: null, content: null });
    expect(attempt).toMatchObject({
      user: { id: admin.id },
      person: { id: person.id },
      content: { id: item?.id, name: 'Akcija' },
    });
    expect(deleted).toMatchObject({ by: adminRef, person: { id: 987654, name: null } });
    // A migration's rename names no person.
    expect(renamed).toMatchObject({ by: null, group: { id: group?.id, name: 'Skladište' } });
    expect(sent.tenants).toEqual([{ id: client.id, name: 'Klijent d.o.o.' }]);
  });

  it('takes the event from its list, and a period that ends before it starts is the field’s error', async () => {
    const unknown = await get('/logs?event=login.maybe');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'event' });
    const backwards = await get('/logs?from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z', operator.token, 'en');
    expect(backwards.json()).toMatchObject({ field: 'from', fields: [{ field: 'from', message: expect.any(String) }] });
  });
});

describe('the background queue', () => {
  it('shows each queue and the failed jobs with their errors, and retries one', async () => {
    const [message] = await t.db
      .insert(emailOutbox)
      .values({ recipient: 'ponovo@primjer.hr', subject: 'Ponovno', text: 'Tekst', html: '<p>Tekst</p>' })
      .returning({ id: emailOutbox.id });
    const [failed] = await t.db
      .insert(job)
      .values({
        queue: 'mail',
        payload: { id: message?.id },
        runAt: t.clock.now(),
        state: 'failed',
        attempts: 8,
        lastError: 'connection refused',
      })
      .returning({ id: job.id });
    const state = (await get('/system/jobs')).json().payload;
    expect(state.queues).toEqual(expect.arrayContaining([expect.objectContaining({ queue: 'mail', failed: 1 })]));
    expect(state.failed.items[0]).toMatchObject({
      id: failed?.id,
      queue: 'mail',
      attempts: 8,
      lastError: 'connection refused',
    });
    expect(state.deliveries).toEqual({ queued: expect.any(Number), failed: expect.any(Number) });

    const retry = await call(t, { method: 'POST', url: `/api/system/jobs/${failed?.id}/retry`, token: operator.token });
    expect(retry.statusCode).toBe(200);
    await t.app.services.jobs.idle();
    expect(accepted()).toContain('ponovo@primjer.hr');
    expect(
      await t.db
        .select()
        .from(job)
        .where(eq(job.id, failed?.id ?? 0)),
    ).toEqual([]);
    const again = await call(t, { method: 'POST', url: `/api/system/jobs/${failed?.id}/retry`, token: operator.token });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /system and GET /system/backup', () => {
  it('says what the installation runs on, to the operator alone', async () => {
    const res = await get('/system');
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: t.database.driver === 'pglite' ? 'embedded' : 'postgres',
      files: inject('testFiles').kind,
    });
    const admin = await makePerson(t.db, operator.tenantId, { role: 'ADMIN', now: t.clock.now() });
    expect((await get('/system', admin.token)).statusCode).toBe(403);
    expect((await get('/system/backup', admin.token)).statusCode).toBe(403);
  });

  it('hands out the embedded database while it serves, as a database that opens with its rows; and logs it', async () => {
    const embedded = await createTestApp({ embedded: 'in a data directory' });
    try {
      const provider = (await makeTenant(embedded.db, { name: 'Kopija d.o.o.' })).id;
      const superadmin = await makePerson(embedded.db, provider, { role: 'SUPERADMIN', now: embedded.clock.now() });
      const res = await embedded.app.inject({
        url: '/api/system/backup',
        headers: { authorization: `Bearer ${superadmin.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kanal-backup-\d{8}-\d{4}\.tar\.gz"$/);
      const copy = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([res.rawPayload]) });
      try {
        const { rows } = await copy.query<{ name: string }>('SELECT name FROM tenant WHERE id = $1', [provider]);
        expect(rows).toEqual([{ name: 'Kopija d.o.o.' }]);
      } finally {
        await copy.close();
      }
      const [logged] = await embedded.db.select().from(auditLog).where(eq(auditLog.event, 'backup.downloaded'));
      expect(logged).toMatchObject({ tenantId: provider });
      expect(logged?.details).toEqual({ by: superadmin.id });
    } finally {
      await embedded.close();
    }
  });
});
