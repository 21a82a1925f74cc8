import { api, CAPABILITIES, type Operation } from '@kanal/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from './plugins/operations.js';
import { authGuard, type SessionGate } from './plugins/request-context.js';
import { operationsOf } from './test/openapi/openapi-document.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const noSessions: SessionGate = {
  credentials: () => undefined,
  authenticate: async () => null,
  admit: async () => {
    throw new Error('there are no sessions here');
  },
};

const listed = { method: 'GET', path: '/listed', access: 'public', tags: [] } as const satisfies Operation;

describe('the routes of the contract', () => {
  it('serves every operation of the contract, and nothing that is not one', async () => {
    const declared = Object.values(api as Record<string, Operation | unknown>).filter(
      (op): op is Operation => typeof op === 'object' && op !== null && 'access' in op,
    );
    const served = (await operationsOf(t)).map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`);
    // The health checks are served at the root too, for load balancers (app.ts).
    const keys = [
      ...declared.map((op) => `${op.method} /api${op.path}`),
      `GET ${api.health.path}`,
      `GET ${api.healthLive.path}`,
    ];
    expect(keys.filter((key) => !served.includes(key))).toEqual([]);
    expect(served.filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('stops the app from starting when a route is not registered from an operation', async () => {
    const app = Fastify();
    // Not awaited: the start (ready) is what must fail.
    void app.register(
      async (scope) => {
        authGuard(scope, noSessions);
        route(scope, listed, async () => undefined);
        scope.get('/forgotten', async () => 'open by omission?');
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow('GET /api/forgotten is not registered from an operation of the contract');
  });

  it('stops the app from starting when a public route would check a session in its statement', async () => {
    const app = Fastify();
    void app.register(
      async (scope) => {
        authGuard(scope, noSessions);
        route(scope, listed, { sessionInStatement: true }, async () => undefined);
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow('GET /api/listed is public');
  });

  it("refuses a role the operation's capability does not name with 403, and a missing session with 401", async () => {
    expect(api.myStats.access).toBe('signedIn');
    const upload = CAPABILITIES[api.uploadFile.access];
    expect(upload).not.toContain('USER');
    const { makeSession, makeTenant, makeUser } = await import('./test/factories.js');
    const { id: tenantId } = await makeTenant(t.db);
    const user = await makeUser(t.db, { tenantId, role: 'USER' });
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${await makeSession(t.db, user, t.clock.now())}` },
    });
    expect(asUser.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/files' })).statusCode).toBe(401);
  });
});
