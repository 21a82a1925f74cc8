import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOutbox, job } from '../../db/schema/index.js';
import { call, makeTenant, makeUser, signIn } from '../../test/factories.js';
import { decodedMail, startTestSmtp } from '../../test/smtp-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kanal <no-reply@kanal.test>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it('delivers the reset mail over SMTP, its link works, and the token is never logged', async () => {
  const { id: tenantId } = await makeTenant(t.db);
  const user = await makeUser(t.db, { tenantId, email: 'smtp.korisnik@primjer.hr' });
  const arrival = smtp.next();
  const res = await call(t, {
    method: 'POST',
    url: '/api/auth/forgot-password',
    body: { identifier: user.email },
    lang: 'en',
  });
  expect(res.statusCode).toBe(200);
  // The request is worked on by the jobs' next pass.
  await t.app.services.jobs.kick();

  const mail = await arrival;
  expect(mail.to).toEqual(['smtp.korisnik@primjer.hr']);
  expect(mail.raw).toContain('Subject: Set a new password');
  expect(mail.raw).toContain('From: Kanal <no-reply@kanal.test>');
  expect(mail.raw).toMatch(/Content-Type: text\/html/);
  const token = decodedMail(mail.raw).match(/https:\/\/kanal\.test\/reset-password\/([\w-]+)/)?.[1];
  expect(token).toBeDefined();

  const reset = await call(t, {
    method: 'POST',
    url: `/api/auth/reset-password/${token}`,
    body: { password: 'preko-smtp-1' },
  });
  expect(reset.statusCode).toBe(200);
  expect(await signIn(t, user.email ?? '', 'preko-smtp-1')).toBeTruthy();

  await t.app.services.jobs.idle();
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'smtp.korisnik@primjer.hr'));
  expect(row?.sentAt).toBeInstanceOf(Date);
  // Sent on the first try: its job is done and gone.
  expect(
    await t.db
      .select()
      .from(job)
      .where(sql`${job.payload} ->> 'id' = ${String(row?.id)}`),
  ).toEqual([]);
  expect(t.logLines.join('')).not.toContain(token);
});

it('keeps a refused message with its error and sends it when its retry falls due, not before', async () => {
  const { id: tenantId } = await makeTenant(t.db);
  const user = await makeUser(t.db, { tenantId, email: 'odbijen@primjer.hr' });
  smtp.refuse(true);
  await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: user.email } });
  // The reset request is worked on by the next pass of the jobs; then its mail is delivered.
  await t.app.services.jobs.kick();
  await t.app.services.jobs.idle();
  const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'odbijen@primjer.hr'));
  expect(failed?.sentAt).toBeNull();
  const jobOf = async () =>
    (
      await t.db
        .select()
        .from(job)
        .where(sql`${job.payload} ->> 'id' = ${String(failed?.id)}`)
    )[0];
  const waiting = await jobOf();
  expect(waiting?.attempts).toBe(1);
  expect(waiting?.lastError).toMatch(/mailbox unavailable/);
  expect(waiting?.runAt.getTime()).toBe(t.clock.now().getTime() + 30_000);

  smtp.refuse(false);
  // Not yet due: a run now leaves it waiting.
  await t.app.services.jobs.kick();
  expect(
    (
      await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, failed?.id ?? 0))
    )[0]?.sentAt,
  ).toBeNull();

  t.clock.advance(30_000);
  const arrival = smtp.next();
  await t.app.services.jobs.kick();
  expect((await arrival).to).toEqual(['odbijen@primjer.hr']);
  const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'odbijen@primjer.hr'));
  expect(sent?.sentAt).toBeInstanceOf(Date);
  expect(await jobOf()).toBeUndefined();
});
