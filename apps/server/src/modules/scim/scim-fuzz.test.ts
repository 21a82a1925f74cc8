import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGroup } from '../../test/content-factories.js';
import { issueScimToken, makePerson, makeTenant } from '../../test/factories.js';
import { deeplyNested, hostileString, hostileValue } from '../../test/openapi/arbitraries.js';
import { createTestApp } from '../../test/test-app.js';

import { SCHEMA } from './scim-protocol.js';

// The fuzz suite of /scim/v2 (the OpenAPI fuzz suite covers /api): every route with property-based
// requests, well-formed and hostile — SCIM bodies with wrong types, unknown and missing attributes,
// PatchOps of any op, path and value, filters of any text, pages of any number, broken JSON, odd ids. No
// answer may be a 5xx, and every refusal is SCIM's error body with its own status.

const RUNS_PER_ROUTE = 60;
const SEED = 20_261_127;

const t = await createTestApp();
let token: string;
let ids: { user: string; group: string };
let sent = 0;

beforeAll(async () => {
  const tenant = await makeTenant(t.db);
  const admin = await makePerson(t.db, tenant.id, { role: 'ADMIN', now: t.clock.now() });
  const person = await makePerson(t.db, tenant.id, { now: t.clock.now() });
  const group = await makeGroup(t.db, { tenantId: tenant.id, members: [person.id] });
  token = await issueScimToken(t, admin.token);
  ids = { user: String(person.id), group: String(group.id) };
});
afterAll(async () => {
  process.stdout.write(`scim fuzz: ${sent} requests\n`);
  await t.close();
});

const attributeName = fc.constantFrom(
  'userName',
  'displayName',
  'active',
  'emails',
  'name',
  'phoneNumbers',
  'externalId',
  'members',
  'title',
  `${SCHEMA.enterprise}:department`,
  'id',
  'schemas',
  'Operations',
);
const value = fc.oneof(
  hostileValue,
  fc.string(),
  fc.constantFrom('True', 'False', 'ana@firma.hr', [{ value: '1' }], [{ value: 'x', type: 'work', primary: true }]),
);
const resource = fc.oneof(
  fc.dictionary(attributeName, value),
  fc.record({ schemas: fc.constant([SCHEMA.user]), userName: fc.oneof(fc.emailAddress(), hostileString) }),
  fc.record({ schemas: fc.constant([SCHEMA.group]), displayName: fc.string(), members: fc.array(value) }),
);
const path = fc.oneof(
  attributeName,
  hostileString,
  fc.constantFrom(
    'emails[type eq "work"].value',
    'members[value eq "1"]',
    'name.givenName',
    'emails[type eq',
    'a.b.c',
    'members[value pr]',
    'emails[not (type eq "x")].value',
  ),
);
const patchBody = fc.record(
  {
    schemas: fc.oneof(fc.constant([SCHEMA.patch]), hostileValue),
    Operations: fc.oneof(
      fc.array(
        fc.record(
          { op: fc.oneof(fc.constantFrom('add', 'Replace', 'REMOVE', 'move'), hostileString), path, value },
          { requiredKeys: ['op'] },
        ),
        { maxLength: 4 },
      ),
      hostileValue,
    ),
  },
  { requiredKeys: [] },
);
const filter = fc.oneof(
  fc.string(),
  hostileString,
  fc.constantFrom('userName eq "a"', 'members[value eq "1"]', 'id eq "99999999999"', 'x eq 1 and', '(((', '"'),
);
const number = fc.oneof(fc.integer().map(String), hostileString, fc.constantFrom('1e9', '-0', '0x10', ''));
const id = fc.oneof(fc.constantFrom('user', 'group'), hostileString, fc.integer().map(String), fc.string());

const body = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(resource, patchBody).map((json) => JSON.stringify(json) ?? '') },
  { weight: 1, arbitrary: fc.constantFrom('{"a":', '', '[[[[', '{"__proto__":{"x":1}}', 'null', '"text"') },
  { weight: 1, arbitrary: deeplyNested },
);

type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string };
const ROUTES: Route[] = [
  ...(['Users', 'Groups'] as const).flatMap((kind): Route[] => [
    { method: 'GET', path: `/${kind}` },
    { method: 'POST', path: `/${kind}` },
    { method: 'GET', path: `/${kind}/:id` },
    { method: 'PUT', path: `/${kind}/:id` },
    { method: 'PATCH', path: `/${kind}/:id` },
    { method: 'DELETE', path: `/${kind}/:id` },
  ]),
  { method: 'GET', path: '/ServiceProviderConfig' },
  { method: 'GET', path: '/ResourceTypes/:id' },
  { method: 'GET', path: '/Schemas/:id' },
];

const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[^\x21-\x7e]/g, '');
  }
};

describe('fuzzing every SCIM route', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            id,
            filter,
            startIndex: number,
            count: number,
            body,
            type: fc.constantFrom('scim', 'json', 'text'),
          }),
          async (request) => {
            const named = request.id === 'user' ? ids.user : request.id === 'group' ? ids.group : request.id;
            const query = new URLSearchParams({
              filter: request.filter,
              startIndex: request.startIndex,
              count: request.count,
            });
            const url = `/scim/v2${route.path.replace(':id', encoded(named))}?${query}`;
            const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
            const type = { scim: 'application/scim+json', json: 'application/json', text: 'text/plain' }[request.type];
            sent++;
            const res = await t.app.inject({
              method: route.method,
              url,
              headers: { authorization: `Bearer ${token}`, ...(sendsBody ? { 'content-type': type } : {}) },
              ...(sendsBody ? { payload: request.body } : {}),
            });
            const what = `${route.method} ${url} ${request.body.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, what).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.json(), what).toMatchObject({ schemas: [SCHEMA.error], status: String(res.statusCode) });
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    });
  }
});
