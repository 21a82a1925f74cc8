// Shared by the benchmarks: start the built server on a fresh database, load it, print figures.
import { fork, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');

/** The built server (npm run build first) on a fresh PGlite data dir, or on DATABASE_URL when set. */
export async function startServer(port, env = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Kanal is running')) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export async function startBare(port, bodySize) {
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(port), BODY_SIZE: String(bodySize) },
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

export async function load(name, options) {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  const non2xx = result.non2xx + result.errors;
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
  };
}

export function printTable(rows, baseline) {
  console.log('\n| run | req/s | p50 ms | p99 ms | non-2xx | ratio to bare |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = baseline ? (r.reqPerSec / baseline.reqPerSec).toFixed(2) : '';
    console.log(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${ratio} |`);
  }
}

export async function json(url, init = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: await res.json() };
}
