import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfBytes } from '../factories.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { call, signIn } from './api-client.js';

// A stop as a supervisor or a rolling deploy makes it (SIGTERM) of the built server behind a balancer: it
// drains (readiness 503, still serving), stops listening, finishes what it has in hand and exits 0; a
// request that never ends does not keep it alive past the bound.

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

/** The embedded demo: a new data directory makes it, so an admin can sign in. */
async function start(env: Record<string, string>) {
  const server = await startServerProcess({ LOG_LEVEL: 'info', ...env });
  running.push(server);
  return { server, token: await signIn(server.url, 'admin@demo.hr') };
}

/**
 * An upload whose body the test sends when it chooses: a request the process has in hand meanwhile. It
 * resolves once the server has read its headers (its `100 Continue` says so) and has the first bytes.
 */
async function uploadInHand(server: ServerProcess, token: string) {
  const boundary = 'kanal-shutdown-test';
  const bytes = pdfBytes();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const req = http.request(`${server.url}/api/files`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  await new Promise<void>((resolve, reject) => {
    req.once('continue', () => resolve());
    req.once('error', reject);
  });
  await new Promise<void>((written) =>
    req.write(Buffer.concat([Buffer.from(head), bytes.subarray(0, 8)]), () => written()),
  );
  return {
    answer,
    finish() {
      req.end(Buffer.concat([bytes.subarray(8), Buffer.from(`\r\n--${boundary}--\r\n`)]));
      return answer;
    },
  };
}

/** Asks again until `done` holds: the process's state changes on its own time, not the test's. */
async function until(ask: () => Promise<number>, done: (status: number) => boolean): Promise<number> {
  for (;;) {
    const status = await ask();
    if (done(status)) return status;
    await new Promise((again) => setTimeout(again, 50));
  }
}

describe('a stop (SIGTERM)', { timeout: 180_000 }, () => {
  it('drains, still serving, then finishes the upload in hand and exits 0', async () => {
    const { server, token } = await start({ SHUTDOWN_DRAIN_MS: '8000' });
    const upload = await uploadInHand(server, token);
    process.kill(server.pid ?? 0, 'SIGTERM');
    const ready = () => call(server.url, '/health').then((a) => a.status);
    expect(await until(ready, (status) => status !== 200)).toBe(503);
    expect((await call(server.url, '/health/live')).status).toBe(200);
    expect((await call(server.url, '/api/auth/me', { token })).status).toBe(200);
    // Past the drain it takes no new connection (status 0: refused), and still has the upload in hand.
    expect(await until(ready, (status) => status !== 503)).toBe(0);
    const { status, body } = await upload.finish();
    expect(status).toBe(200);
    expect(JSON.parse(body).payload).toMatchObject({ name: 'plan.pdf', mime: 'application/pdf' });
    expect(await server.exited).toBe(0);
    expect(server.output.join('')).toContain('"msg":"shut down"');
  });

  it('exits 1 at the bound when a request in hand never ends', async () => {
    const { server, token } = await start({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const upload = await uploadInHand(server, token);
    upload.answer.catch(() => {});
    process.kill(server.pid ?? 0, 'SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output.join('')).toContain('past the bound');
  });
});
