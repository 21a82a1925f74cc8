import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS } from './access.js';
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

describe('the access table', () => {
  it('has a row for every operation of the OpenAPI document, and no row for a route that does not exist', async () => {
    const keys = (await operationsOf(t)).map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`);
    expect(keys.filter((key) => !(key in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('stops the app from starting when a route has no row', async () => {
    const app = Fastify();
    // Not awaited: the start (ready) is what must fail.
    void app.register(
      async (api) => {
        authGuard(api, noSessions, { 'GET /api/listed': 'public' });
        api.get('/listed', async () => 'ok');
        api.get('/forgotten', async () => 'open by omission?');
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow('GET /api/forgotten has no row in the access table');
  });

  it('stops the app from starting when a public route would check a session in its statement', async () => {
    const app = Fastify();
    void app.register(
      async (api) => {
        authGuard(api, noSessions, { 'GET /api/open': 'public' });
        api.get('/open', { config: { sessionInStatement: true } }, async () => 'ok');
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow('GET /api/open is public');
  });

  it('refuses a role the row does not list with 403, and a missing session with 401', async () => {
    const upload = ACCESS['POST /api/files'];
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
