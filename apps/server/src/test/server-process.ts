import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const entry = new URL('../../dist/server.js', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/**
 * The built server (apps/server/dist, as `npm start` runs it) in a process of its own, for the tests
 * that kill it or take its database away. Resolves once it listens; its output is kept for assertions.
 */
export async function startServerProcess(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-proc-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Kanal is running at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then(async (code) => {
      if (output.join('').includes('Kanal is running at')) return;
      // A start that failed has no stop() to clean up after it.
      await rm(dataDir, { recursive: true, force: true });
      reject(new Error(`server exited with ${code} before listening:\n${output.join('')}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    output,
    exited,
    /** Whether the process still runs. */
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** kill -9: no shutdown, no flushing. */
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
