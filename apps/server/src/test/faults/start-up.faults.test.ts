import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../global-setup.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { createPostgresDatabase } from '../test-app.js';

// The built server's start, as `npm start` runs it: what it refuses (a second process on an embedded data
// directory, a busy port, a missing database or role) ends in one fatal JSON line and exit 1; what it makes
// of an empty database (the demo on the embedded one, the way to a first SUPERADMIN on PostgreSQL).

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the fault suite needs PostgreSQL (DATABASE_URL)');

const adminCreate = new URL('../../../dist/admin-create.js', import.meta.url).pathname;
/** A start that seeds the demo or migrates a new embedded database takes seconds, more on a busy machine. */
const STARTING_MS = 120_000;

const running: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = await startServerProcess({ LOG_LEVEL: 'warn', ...env });
  running.push(server);
  return server;
}

async function dataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kanal-start-'));
  dirs.push(dir);
  return dir;
}

/** A start that must fail: its one fatal JSON line (and no stack trace anywhere in its output). */
async function refusedStart(env: Record<string, string>) {
  const output = await startServerProcess({ LOG_LEVEL: 'warn', ...env }).then(
    async (server) => {
      running.push(server);
      throw new Error('the server started');
    },
    (error: Error) => error.message,
  );
  expect(output).toMatch(/exited with 1 before listening/);
  expect(output).not.toMatch(/\n\s+at /);
  const lines = output.split('\n').filter((line) => line.startsWith('{'));
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0] ?? '');
  expect(line.level).toBe(60);
  return line;
}

describe('the embedded database', () => {
  it(
    'refuses a second process on its data directory, naming the first; one killed leaves no lock behind',
    async () => {
      const DATA_DIR = await dataDir();
      const first = await start({ DATA_DIR, SEED_DEMO: 'false' });
      const refused = await refusedStart({ DATA_DIR, SEED_DEMO: 'false' });
      expect(refused).toMatchObject({
        msg: `the embedded database is in use by process ${first.pid}: stop it first`,
        heldBy: first.pid,
        lockFile: path.join(DATA_DIR, 'kanal.lock'),
      });
      expect((await fetch(`${first.url}/health`)).status).toBe(200);

      // kill -9 leaves its lock file; the process it names is gone, so the next start takes it over.
      await first.crash();
      const next = await start({ DATA_DIR, SEED_DEMO: 'false' });
      expect((await fetch(`${next.url}/health`)).status).toBe(200);
      expect((await refusedStart({ DATA_DIR, SEED_DEMO: 'false' })).heldBy).toBe(next.pid);
    },
    STARTING_MS,
  );

  it(
    'gets the demo on its first start, with the demo logins printed',
    async () => {
      const server = await start({ DATA_DIR: await dataDir() });
      const printed = server.output.join('');
      expect(printed).toContain('Demo accounts:');
      expect(printed).toContain('super@demo.hr');
      expect(printed).not.toContain('No administrator yet');
      const signedIn = await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'super@demo.hr', password: 'Demo1234!' }),
      });
      expect(signedIn.status).toBe(200);
    },
    STARTING_MS,
  );
});

describe('a busy port', () => {
  it('ends the start with one line naming it', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      // On PostgreSQL's migrated template, so the start reaches its listen in a moment.
      const database = await createPostgresDatabase(source);
      try {
        const refused = await refusedStart({ DATABASE_URL: database.url, PORT: String(port) });
        expect(refused).toMatchObject({ msg: 'the port is in use', port, code: 'EADDRINUSE' });
      } finally {
        await database.drop();
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('PostgreSQL', () => {
  it('a database that does not exist ends the start with one line', async () => {
    const missing = databaseUrl(source.url, 'kanal_no_such_database');
    expect(await refusedStart({ DATABASE_URL: missing })).toMatchObject({
      msg: 'the database does not exist',
      code: '3D000',
      database: expect.stringContaining('/kanal_no_such_database'),
    });
  });

  it('a role the database does not know ends the start with one line', async () => {
    const wrongRole = new URL(source.url);
    wrongRole.username = 'kanal_no_such_role';
    expect(await refusedStart({ DATABASE_URL: wrongRole.toString() })).toMatchObject({
      msg: 'the database refused the login (role or password)',
      code: expect.stringMatching(/^28/),
    });
  });

  describe('an empty database', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    beforeAll(async () => {
      database = await createPostgresDatabase(source);
    });
    afterAll(() => database?.drop());

    it(
      'gets no demo by default; the printed command makes a first SUPERADMIN who signs in',
      async () => {
        const server = await start({ DATABASE_URL: database.url });
        const printed = server.output.join('');
        expect(printed).not.toContain('Demo accounts:');
        expect(printed).toContain('No administrator yet');
        expect(printed).toContain('npm run admin:create -- --email');
        const demo = await fetch(`${server.url}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@druga.hr', password: 'Demo1234!' }),
        });
        expect(demo.status).toBe(401);

        // The command, run beside the running server, as an operator would.
        const env = { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, PUBLIC_URL: server.url };
        const args = ['--email', 'vlasnik@pruzatelj.hr', '--tenant', 'Pružatelj d.o.o.', '--name', 'Vlasnik'];
        const { stdout } = await promisify(execFile)(process.execPath, [adminCreate, ...args], { env });
        const link = stdout.match(/http:\/\/127\.0\.0\.1:\d+\/\S+/)?.[0] ?? '';
        expect(link.startsWith(`${server.url}/`)).toBe(true);

        const token = new URL(link).pathname.split('/').at(-1);
        const chosen = await fetch(`${server.url}/api/auth/reset-password/${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: 'vlasnikova-lozinka' }),
        });
        expect(chosen.status).toBe(200);
        const signedIn = await fetch(`${server.url}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'vlasnik@pruzatelj.hr', password: 'vlasnikova-lozinka' }),
        });
        expect(signedIn.status).toBe(200);
        const { payload: session } = (await signedIn.json()) as { payload: { token: string } };
        const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${session.token}` } });
        expect(((await me.json()) as { payload: unknown }).payload).toMatchObject({
          role: 'SUPERADMIN',
          tenant: { name: 'Pružatelj d.o.o.' },
        });

        // Run again, it refuses: there is a SUPERADMIN now.
        const again = await promisify(execFile)(process.execPath, [adminCreate, ...args], { env }).catch(
          (error: { code: number; stderr: string }) => error,
        );
        expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('a SUPERADMIN exists already') });
      },
      STARTING_MS,
    );
  });
});
