import { DAY_MS, type Role } from '@kanal/contract';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { emailOutbox, session, tenant } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { MailTransport } from '../modules/mail/mail.service.js';
import { createAccounts, type NewAccount } from '../modules/users/accounts.js';
import type { TestApp } from './test-app.js';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'Ispravna-lozinka-1';

export async function makeTenant(db: Db, overrides: Partial<typeof tenant.$inferInsert> = {}) {
  const [row] = await db
    .insert(tenant)
    .values({ name: `Tvrtka ${next()} d.o.o.`, ...overrides })
    .returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return row;
}

type UserOverrides = Partial<Omit<NewAccount, 'passwordHash'>> & {
  tenantId: number;
  /** The plain password to hash; `null` for an account that has none yet. */
  password?: string | null;
};

export async function makeUser(db: Db, { password = TEST_PASSWORD, tenantId, ...overrides }: UserOverrides) {
  const n = next();
  const passwordHash = password === null ? null : await hashPassword(password);
  const [row] = await db.transaction((tx) =>
    createAccounts(tx, tenantId, [
      { email: `korisnik${n}@primjer.hr`, name: `Korisnik ${n}`, role: 'USER' as Role, passwordHash, ...overrides },
    ]),
  );
  if (!row) throw new Error('user insert returned nothing');
  return { ...row, password };
}

/** `count` people of a tenant without passwords, in one statement: for an audience of thousands. */
export async function makeAccounts(db: Db, tenantId: number, count: number) {
  const n = next();
  return db.transaction((tx) =>
    createAccounts(
      tx,
      tenantId,
      Array.from({ length: count }, (_, i) => ({
        email: `osoba${n}.${i}@primjer.hr`,
        name: `Osoba ${n}.${i}`,
        role: 'USER' as Role,
        passwordHash: null,
      })),
    ),
  );
}

/**
 * A signed-in session without the sign-in call (no argon2, no rate limit): for tests that need many
 * users at once. Valid for a day from `now`.
 */
export async function makeSession(db: Db, user: { id: number; tenantId: number }, now = new Date()) {
  const token = newToken(user.tenantId);
  await db.insert(session).values({
    tenantId: user.tenantId,
    userId: user.id,
    tokenHash: hashToken(token),
    rememberMe: false,
    application: 'web',
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + DAY_MS),
  });
  return token;
}

type Request = {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
};

/** One API call as a client makes it. */
export function call({ app }: Pick<TestApp, 'app'>, { method = 'GET', url, token, body, lang, headers = {} }: Request) {
  return app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A person's API calls, each with their token (and the language they read in). */
export const callsAs = (t: Pick<TestApp, 'app'>, { token }: { token: string }, lang?: string) => ({
  get: (url: string) => call(t, { url, token, lang }),
  post: (url: string, body: unknown = {}) => call(t, { method: 'POST', url, token, body, lang }),
  put: (url: string, body: unknown) => call(t, { method: 'PUT', url, token, body, lang }),
  patch: (url: string, body: unknown) => call(t, { method: 'PATCH', url, token, body, lang }),
  delete: (url: string) => call(t, { method: 'DELETE', url, token, lang }),
});

/** A call's payload, once it answered 200 (its body is the failure's message otherwise). */
export async function payloadOf<T>(
  response: PromiseLike<{ statusCode: number; body: string; json: () => { payload: T } }>,
) {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

export async function signIn(t: Pick<TestApp, 'app'>, email: string, password = TEST_PASSWORD, rememberMe = false) {
  const res = await call(t, { method: 'POST', url: '/api/auth/signin', body: { email, password, rememberMe } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().payload.token as string;
}

/** A minimal PNG: signature and IHDR (1×1), enough for sniffing and for a browser to try. */
export function pngBytes(extra = 0) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const ihdr = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89];
  return Buffer.concat([Buffer.from([...signature, ...ihdr]), Buffer.alloc(extra)]);
}

export const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

type UploadFile = { name: string; bytes: Uint8Array; type?: string; field?: string };

/** A multipart upload as a browser's FormData sends it. */
export function upload({ app }: Pick<TestApp, 'app'>, url: string, token: string | undefined, files: UploadFile[]) {
  const form = new FormData();
  for (const { name, bytes, type = 'application/octet-stream', field = 'file' } of files) {
    form.append(field, new Blob([bytes], { type }), name);
  }
  return app.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: form,
  });
}

/** A tenant with a creator who authors its items (named when a test reads the name back). */
export async function makeOrg(db: Db, creatorName?: string) {
  const row = await makeTenant(db);
  const creator = await makeUser(db, {
    tenantId: row.id,
    role: 'CREATOR',
    password: null,
    ...(creatorName ? { name: creatorName } : {}),
  });
  return { tenantId: row.id, creatorId: creator.id };
}

/**
 * A person of a tenant with a session made directly (no argon2, no rate limit), valid for a day from
 * `now`; a deactivated one gets no session.
 */
export async function makePerson(
  db: Db,
  tenantId: number,
  { role = 'USER', active = true, now = new Date() }: { role?: Role; active?: boolean; now?: Date } = {},
) {
  const user = await makeUser(db, { tenantId, role, active, password: null });
  return { id: user.id, tenantId, token: active ? await makeSession(db, user, now) : '' };
}

/** The newest mail to `recipient`, once the due jobs, queued reset requests and deliveries have been worked on. */
export async function lastMailTo(t: Pick<TestApp, 'app' | 'db'>, recipient: string) {
  await t.app.services.jobs.kick();
  // A pass's work may ask for one more (a mail a reset request wrote): wait for that one too.
  await t.app.services.jobs.idle();
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, recipient))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return mail;
}

/** A SCIM token as an organisation's admin issues it in the console (Directory sync). */
export async function issueScimToken(t: Pick<TestApp, 'app'>, adminToken: string, name = 'Entra ID') {
  const res = await call(t, { method: 'POST', url: '/api/scim-token', token: adminToken, body: { name } });
  if (res.statusCode !== 200) throw new Error(`issuing a SCIM token answered ${res.statusCode}: ${res.body}`);
  return res.json().payload.token as string;
}

/** A mail transport that keeps what it is handed in `mails`, for tests that read the notices' e-mails. */
export const keptMails = (mails: Parameters<MailTransport['deliver']>[0][]): MailTransport => ({
  kind: 'smtp',
  where: 'test',
  async deliver(message) {
    mails.push(message);
    return '250 kept by the test';
  },
  close() {},
});
