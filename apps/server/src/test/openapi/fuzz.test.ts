import { ErrorBodySchema, ROLES } from '@kanal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContent } from '../content-factories.js';
import { createTestApp } from '../test-app.js';
import { deeplyNested, hostileBody, hostileString, type JsonSchema, valid } from './arbitraries.js';
import { fillPath, type Operation, operationsOf, tenantWithEveryRole } from './openapi-document.js';

// The fuzz suite: every operation of the OpenAPI document is called with property-based requests,
// well-formed and hostile (wrong types, missing and extra fields, huge and control-character strings,
// deep nesting, broken JSON, wrong content types, odd path encodings), as every role. No answer may
// be a 5xx, and every refusal carries the error body with a status the document declares. A new
// route is covered as soon as it is in the document.

const RUNS_PER_OPERATION = 40;
const SEED = 20_261_123;

// The operations are read before the tests are defined: one test per operation.
const t = await createTestApp({ env: { RATE_LIMIT_PER_IP: '100000000' } });
const operations = await operationsOf(t);
let caller: Awaited<ReturnType<typeof tenantWithEveryRole>>;
let sent = 0;

beforeAll(async () => {
  caller = await tenantWithEveryRole(t);
  const creatorId = caller.members.CREATOR.id;
  // Real items, so that small ids sometimes reach a service past validation.
  await makeContent(t.db, {
    tenantId: caller.tenantId,
    creatorId,
    type: 'EDUCATION',
    questions: [{ title: 'Pitanje', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] }],
  });
  await makeContent(t.db, {
    tenantId: caller.tenantId,
    creatorId,
    type: 'POLL',
    questions: [{ title: 'Anketa', type: 'TEXT' }],
  });
  await makeContent(t.db, { tenantId: caller.tenantId, creatorId, type: 'INFORMATION', settings: { comments: true } });
});
afterAll(async () => {
  process.stdout.write(`fuzz: ${sent} requests over ${operations.length} operations\n`);
  await t.close();
});

const BROKEN_BODIES = [
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: '[[[[[[[[[[' },
  { type: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=b&c=%00' },
  { type: 'multipart/form-data', payload: '--x\r\n' },
  {
    type: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\nabc\r\n--x--\r\n',
  },
  { type: 'application/xml', payload: '<a/>' },
];

function requestFor(op: Operation) {
  const param = (schema: JsonSchema) =>
    fc.oneof({ weight: 3, arbitrary: valid(schema).map(String) }, { weight: 1, arbitrary: hostileString });
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  const headers = op.parameters.filter((p) => p.in === 'header');
  const jsonBody = (value: unknown) => ({ type: 'application/json', payload: JSON.stringify(value) ?? '' });
  const body =
    op.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 3, arbitrary: valid(op.jsonBody).map(jsonBody) },
          { weight: 3, arbitrary: hostileBody(op.jsonBody).map(jsonBody) },
          { weight: 1, arbitrary: fc.constantFrom(...BROKEN_BODIES) },
          { weight: 1, arbitrary: deeplyNested.map((payload) => ({ type: 'application/json', payload })) },
        );
  return fc.record({
    role: fc.constantFrom(...ROLES),
    // Raw: the value goes into the path as it is (odd percent-encodings); otherwise encoded.
    raw: fc.boolean(),
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, param(p.schema)]))),
    query: fc.record(Object.fromEntries(query.map((p) => [p.name, param(p.schema)])), { requiredKeys: [] }),
    headers: fc.record(Object.fromEntries(headers.map((p) => [p.name, param(p.schema)])), { requiredKeys: [] }),
    body,
  });
}

function encode(value: string, raw: boolean): string {
  if (raw && !/[/?#\s]/.test(value)) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^\x21-\x7e]/g, '');
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (request) => {
          const path = Object.fromEntries(Object.entries(request.path).map(([k, v]) => [k, encode(v, request.raw)]));
          const search = new URLSearchParams(request.query as Record<string, string>).toString();
          const url = `${fillPath(op.path, path)}${search ? `?${search}` : ''}`;
          const headers: Record<string, string> = { authorization: `Bearer ${await caller.session(request.role)}` };
          for (const [name, value] of Object.entries(request.headers as Record<string, string>)) {
            // Only printable ASCII can be sent as a header value at all.
            if (/^[\x20-\x7e]*$/.test(value)) headers[name] = value;
          }
          if (request.body) headers['content-type'] = request.body.type;
          sent++;
          const res = await t.app.inject({
            method: op.method as 'GET' | 'POST',
            url,
            headers,
            ...(request.body ? { payload: request.body.payload } : {}),
          });
          const what = `${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(ErrorBodySchema.safeParse(res.json()).success, what).toBe(true);
            expect(op.responses, what).toContain(res.statusCode);
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
    });
  }
});
