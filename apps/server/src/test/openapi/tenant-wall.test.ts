import { ErrorBodySchema, ID_MAX, ROLES, type Role } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  answer,
  appUser,
  attempt,
  bankQuestion,
  comment,
  contentNotice,
  file,
  groupMember,
  identityProvider,
  media,
  notification,
  notificationDelivery,
  question,
  scimToken,
  tenant,
  userGroup,
} from '../../db/schema/index.js';
import { makeContent } from '../content-factories.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { valid } from './arbitraries.js';
import { fillPath, type Operation, operationsOf, tenantWithEveryRole } from './openapi-document.js';

// The tenant-wall suite: every operation of the OpenAPI document that names an object by id (in its
// path, its body or a query filter) is called by every role of one tenant with the ids of another
// tenant's objects. Each call answers 404 (403 for a role the route does not admit), and the database is
// unchanged. The organisations' own routes (/api/tenant/…) are the exception for SUPERADMIN, whose work
// is every tenant.

let t: TestApp;
let caller: Awaited<ReturnType<typeof tenantWithEveryRole>>;
/** The other tenant's objects, by what an id names. */
let theirs: {
  tenant: number;
  user: number;
  content: number;
  question: number;
  answer: number;
  media: number;
  file: string;
  group: number;
  comment: number;
  attempt: number;
  notification: number;
  receipt: number;
  provider: number;
  scimToken: number;
  bankQuestion: number;
};

beforeAll(async () => {
  t = await createTestApp();
  caller = await tenantWithEveryRole(t);
  const other = await tenantWithEveryRole(t);
  const [stored] = await t.db
    .insert(file)
    .values({ tenantId: other.tenantId, name: 'slika.png', mime: 'image/png', size: 3, storageKey: 'their/slika.png' })
    .returning({ id: file.id });
  const fileId = stored?.id ?? '';
  await t.db.update(tenant).set({ image: fileId }).where(eq(tenant.id, other.tenantId));
  const userId = other.members.USER.id;
  await t.db.update(appUser).set({ avatar: fileId }).where(eq(appUser.id, userId));
  const item = await makeContent(t.db, {
    tenantId: other.tenantId,
    creatorId: other.members.CREATOR.id,
    type: 'EDUCATION',
    image: fileId,
    settings: { comments: true },
    material: { media: [{ type: 'IMAGE', fileId, name: 'slika.png' }] },
    questions: [{ title: 'Pitanje', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] }],
  });
  const [q] = await t.db.select({ id: question.id }).from(question).where(eq(question.contentId, item.id));
  const [a] = await t.db
    .select({ id: answer.id })
    .from(answer)
    .where(eq(answer.questionId, q?.id ?? 0));
  const [m] = await t.db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.contentId, item.id)));
  const [group] = await t.db
    .insert(userGroup)
    .values({ tenantId: other.tenantId, name: 'Njihova grupa' })
    .returning({ id: userGroup.id });
  await t.db.insert(groupMember).values({ tenantId: other.tenantId, groupId: group?.id ?? 0, userId });
  const [said] = await t.db
    .insert(comment)
    .values({ tenantId: other.tenantId, contentId: item.id, userId, text: 'Njihov komentar' })
    .returning({ id: comment.id });
  const [tried] = await t.db
    .insert(attempt)
    .values({ tenantId: other.tenantId, contentId: item.id, userId, finalMark: 1, correct: 1, total: 1 })
    .returning({ id: attempt.id });
  const [notice] = await t.db
    .insert(contentNotice)
    .values({ tenantId: other.tenantId, contentId: item.id, recipients: 1 })
    .returning({ id: contentNotice.id });
  const [told] = await t.db
    .insert(notification)
    .values({ tenantId: other.tenantId, noticeId: notice?.id ?? 0, contentId: item.id, userId, createdAt: new Date() })
    .returning({ id: notification.id });
  const [delivered] = await t.db
    .insert(notificationDelivery)
    .values({
      tenantId: other.tenantId,
      notificationId: told?.id ?? 0,
      noticeId: notice?.id ?? 0,
      userId,
      channel: 'email',
      runAt: new Date(),
    })
    .returning({ id: notificationDelivery.id });
  const [provider] = await t.db
    .insert(identityProvider)
    .values({
      tenantId: other.tenantId,
      name: 'Njihov pružatelj',
      issuer: 'https://login.njihova.example',
      clientId: 'njihov',
      clientSecretSealed: 'v1.sealed',
    })
    .returning({ id: identityProvider.id });
  const [directoryToken] = await t.db
    .insert(scimToken)
    .values({ tenantId: other.tenantId, name: 'Njihov imenik', tokenHash: 'njihov-sazetak', createdBy: userId })
    .returning({ id: scimToken.id });
  const [banked] = await t.db
    .insert(bankQuestion)
    .values({
      tenantId: other.tenantId,
      category: 'Njihova',
      title: 'Njihovo pitanje',
      type: 'TEXT',
      createdBy: userId,
    })
    .returning({ id: bankQuestion.id });
  theirs = {
    bankQuestion: banked?.id ?? 0,
    provider: provider?.id ?? 0,
    scimToken: directoryToken?.id ?? 0,
    notification: told?.id ?? 0,
    receipt: delivered?.id ?? 0,
    comment: said?.id ?? 0,
    attempt: tried?.id ?? 0,
    group: group?.id ?? 0,
    tenant: other.tenantId,
    user: userId,
    content: item.id,
    question: q?.id ?? 0,
    answer: a?.id ?? 0,
    media: m?.id ?? 0,
    file: fileId,
  };
});
afterAll(() => t.close());

/**
 * Which of the other tenant's ids a path parameter takes. A route whose parameter is not known here
 * fails the suite, so a new kind of id is added here when its route is.
 */
function pathId(op: Operation, name: string): string | null {
  if (name === 'token') return null; // Link tokens are no tenant's ids.
  if (name === 'file') return theirs.file;
  if (name === 'questionId') return String(theirs.question);
  if (name === 'commentId') return String(theirs.comment);
  const byPath: Record<string, number> = {
    '/api/mobile/client/logo/{id}': theirs.tenant,
    '/api/mobile/users/avatar/{id}': theirs.user,
    '/api/mobile/media/info/{id}': theirs.media,
    '/api/admin/user/resend-welcome-emails/{id}': theirs.user,
    '/api/export/user/{id}': theirs.user,
    '/api/export/content/{id}': theirs.content,
    '/api/userAnswer/{id}': theirs.attempt,
    '/api/notifications/{id}/read': theirs.notification,
    '/api/notification-receipts/{id}': theirs.receipt,
    '/api/notification-receipts/user/{id}': theirs.user,
    // A job is no tenant's: the operator's retry of one that has not failed (none here) answers 404.
    '/api/system/jobs/{id}/retry': theirs.content,
  };
  const byPrefix: [string, number][] = [
    ['/api/mobile/content/{id}', theirs.content],
    ['/api/content/{id}', theirs.content],
    ['/api/promotion/{id}', theirs.content],
    ['/api/user/{id}', theirs.user],
    ['/api/group/{id}', theirs.group],
    ['/api/tenant/', theirs.tenant],
    ['/api/identity-provider/', theirs.provider],
    ['/api/scim-token/', theirs.scimToken],
    ['/api/question-bank/', theirs.bankQuestion],
  ];
  const known = byPath[op.path] ?? byPrefix.find(([prefix]) => op.path.startsWith(prefix))?.[1];
  if (known === undefined) throw new Error(`the tenant wall does not know which id ${name} of ${op.path} names`);
  return String(known);
}

/** A body valid by the route's schema, with every id in it one of the other tenant's. */
function bodyWithTheirIds(op: Operation): Record<string, unknown> | undefined {
  if (!op.jsonBody) return undefined;
  const [sample] = fc.sample(valid(op.jsonBody), { numRuns: 1, seed: 7 });
  const body = { ...(sample as Record<string, unknown>) };
  if ('contentId' in (op.jsonBody.properties ?? {})) body.contentId = theirs.content;
  if ('questionAnswers' in (op.jsonBody.properties ?? {})) {
    body.questionAnswers = [{ questionId: theirs.question, answers: [theirs.answer] }];
  }
  if ('answers' in (op.jsonBody.properties ?? {})) body.answers = [theirs.answer];
  for (const key of ['ids', 'userIds', 'addUserIds', 'removeUserIds']) {
    if (key in (op.jsonBody.properties ?? {})) body[key] = [theirs.user];
  }
  if ('groupIds' in (op.jsonBody.properties ?? {})) body.groupIds = [theirs.group];
  // An audience's rules (POST /audience/reach) name groups and managers inside their conditions.
  if ('rules' in (op.jsonBody.properties ?? {})) {
    body.rules = [
      { conditions: [{ attribute: 'group', operator: 'memberOf', ids: [theirs.group] }] },
      { conditions: [{ attribute: 'manager', operator: 'is', ids: [theirs.user] }] },
    ];
  }
  // A bank question needs a text, a rule beyond what the JSON schema says.
  if ('question' in (op.jsonBody.properties ?? {})) body.question = { title: 'Zid', type: 'TEXT', answers: [] };
  // A new person needs an e-mail or a username, a rule beyond what the JSON schema says.
  if ('username' in (op.jsonBody.properties ?? {}) && !body.email && !body.username) body.username = 'zid.proba';
  return body;
}

function namesAnId(op: Operation): boolean {
  const pathIds = op.parameters.filter((p) => p.in === 'path' && p.name !== 'token');
  const bodyIds = Object.keys(op.jsonBody?.properties ?? {}).filter((k) =>
    /Ids?$|^ids$|^questionAnswers$|^rules$/.test(k),
  );
  return pathIds.length > 0 || bodyIds.length > 0;
}

/** The other tenant's id of the kind the document says a query filter names (`x-id-of`). */
function theirIdOf(op: Operation, name: string): string {
  const kind = op.idFilters[name] ?? '';
  const id = kind in theirs ? theirs[kind as keyof typeof theirs] : undefined;
  if (id === undefined)
    throw new Error(`the tenant wall has no ${kind} of the other tenant for ?${name}= of ${op.path}`);
  return String(id);
}

/** A query parameter that takes an id, by its schema (the contract's decimal id) or its name. */
const DECIMAL_ID = '^(0|[1-9][0-9]*)$';
const NO_FILTERS = ['limit', 'offset', 'tenant'];
const takesAnId = (p: Operation['parameters'][number]) =>
  p.in === 'query' && ((p.schema.pattern === DECIMAL_ID && !NO_FILTERS.includes(p.name)) || /Ids?$/.test(p.name));

/** Every table's rows, digested: what a refused call must leave as it was. */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables = await t.db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('rate_limit', '__drizzle_migrations')
        ORDER BY 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    const result = await t.db.execute(
      sql.raw(`SELECT md5(coalesce(string_agg(r::text, ',' ORDER BY r::text), '')) AS d FROM "${name}" r`),
    );
    digest[name] = (result as unknown as { rows: { d: string }[] }).rows[0]?.d ?? '';
  }
  return digest;
}

it("answers 404 to every role for another tenant's ids, on every route that takes one, and changes nothing", async () => {
  const operations = (await operationsOf(t)).filter((op) => !op.public && namesAnId(op));
  expect(operations.length).toBeGreaterThan(10);
  const tokens = Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await caller.session(role)] as const)),
  ) as Record<Role, string>;
  const before = await databaseDigest();
  let sent = 0;
  for (const op of operations) {
    const params = Object.fromEntries(
      op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathId(op, p.name) ?? 'x'.repeat(43)]),
    );
    const body = bodyWithTheirIds(op);
    for (const role of ROLES) {
      // Organisations are the provider's to run: a SUPERADMIN names any of them on purpose (tenants.test).
      if (role === 'SUPERADMIN' && op.path.startsWith('/api/tenant/')) continue;
      sent++;
      const res = await t.app.inject({
        method: op.method as 'GET' | 'POST',
        url: fillPath(op.path, params),
        headers: { authorization: `Bearer ${tokens[role]}` },
        ...(body ? { payload: body } : {}),
      });
      const what = `${role} ${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(ErrorBodySchema.safeParse(res.json()).success, what).toBe(true);
      expect(res.statusCode, what).toBe(op.roles.includes(role) ? 404 : 403);
    }
  }
  expect(await databaseDigest()).toEqual(before);
  process.stdout.write(`tenant wall: ${sent} requests over ${operations.length} operations\n`);
});

it('knows which kind of object every query filter that takes an id names', async () => {
  // A filter the document does not mark would escape the wall below. The page (limit, offset) and a
  // SUPERADMIN's `?tenant=` are no filters; the provider's own calls (SUPERADMIN alone) span tenants.
  const unmarked = (await operationsOf(t))
    .filter((op) => op.roles.some((role) => role !== 'SUPERADMIN'))
    .flatMap((op) =>
      op.parameters.filter((p) => takesAnId(p) && !op.idFilters[p.name]).map((p) => `${op.path}?${p.name}`),
    );
  expect(unmarked).toEqual([]);
});

it("answers 404 to a query filter by another tenant's id, or by an id no tenant has, and changes nothing", async () => {
  const operations = (await operationsOf(t)).filter((op) => Object.keys(op.idFilters).length > 0);
  expect(operations.length).toBeGreaterThanOrEqual(6);
  const tokens = Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await caller.session(role)] as const)),
  ) as Record<Role, string>;
  const before = await databaseDigest();
  let sent = 0;
  for (const op of operations) {
    // A path's own 404 would hide the filter's.
    if (op.parameters.some((p) => p.in === 'path')) throw new Error(`${op.path}: a filter beside a path id`);
    // One filter at a time, so that each is refused on its own.
    for (const name of Object.keys(op.idFilters)) {
      for (const id of [theirIdOf(op, name), String(ID_MAX)]) {
        for (const role of ROLES) {
          sent++;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: `${op.path}?${name}=${id}`,
            headers: { authorization: `Bearer ${tokens[role]}` },
          });
          const what = `${role} ${op.method} ${op.path}?${name}=${id} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(ErrorBodySchema.safeParse(res.json()).success, what).toBe(true);
          expect(res.statusCode, what).toBe(op.roles.includes(role) ? 404 : 403);
        }
      }
    }
  }
  expect(await databaseDigest()).toEqual(before);
  process.stdout.write(`tenant wall, query filters: ${sent} requests over ${operations.length} operations\n`);
});
