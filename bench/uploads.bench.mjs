// npm run bench:uploads: the server's memory while it takes uploads. Two requests at once, each of
// nine files, first of 1 KB (the baseline: the cost of the requests themselves), then of 24 MB. Every
// file is streamed to the store, so the 24 MB round should cost about what the baseline costs.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { json, startServer } from './support/lib.mjs';

const FILES_PER_REQUEST = 9;
const CONCURRENT_REQUESTS = 2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A figure of the server's /proc status in MB (Linux): VmRSS now, VmHWM the peak since the last reset. */
async function statusMb(pid, field) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
}

/** Runs `work` and answers the server's RSS before, its peak during (the kernel's own count) and after. */
async function measure(pid, work) {
  // Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS.
  await writeFile(`/proc/${pid}/clear_refs`, '5');
  const before = await statusMb(pid, 'VmRSS');
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  return { before, peak: await statusMb(pid, 'VmHWM'), after: await statusMb(pid, 'VmRSS'), seconds };
}

async function uploadRound(url, token, fileBytes) {
  const content = new Blob([PNG_SIGNATURE, randomBytes(fileBytes - PNG_SIGNATURE.byteLength)]);
  const expected = createHash('sha256')
    .update(Buffer.from(await content.arrayBuffer()))
    .digest('hex');
  const send = async () => {
    const form = new FormData();
    for (let i = 0; i < FILES_PER_REQUEST; i++) form.append('file', content, `datoteka-${i}.png`);
    const res = await fetch(`${url}/api/files/multiple`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.json();
    if (res.status !== 200 || body.payload.length !== FILES_PER_REQUEST) {
      throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
    }
    return body.payload;
  };
  return { expected, stored: (await Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, send))).flat() };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-bench-uploads-'));
const server = await startServer(3903, { DATA_DIR: dataDir, RATE_LIMIT_PER_IP: '1000000000' });
try {
  const signin = await json(`${server.url}/api/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email: 'creator@demo.hr', password: 'Demo1234!' }),
  });
  const token = signin.body.payload.token;

  const rounds = [
    ['1 KB', 1024],
    ['24 MB', 24 * 1024 * 1024],
  ];
  const rows = [];
  for (const [label, size] of rounds) {
    let result;
    const figures = await measure(server.pid, async () => {
      result = await uploadRound(server.url, token, size);
    });
    // One stored file back, byte for byte, to show the streamed copy is whole.
    const back = await fetch(`${server.url}${result.stored[0].url}`, { headers: { authorization: `Bearer ${token}` } });
    const hash = createHash('sha256')
      .update(Buffer.from(await back.arrayBuffer()))
      .digest('hex');
    if (hash !== result.expected) throw new Error(`stored ${label} file differs from the upload`);
    rows.push({ label, size, ...figures });
  }

  const mb = (n) => n.toFixed(0);
  console.log(
    `\n${CONCURRENT_REQUESTS} concurrent requests × ${FILES_PER_REQUEST} files; server RSS in MB (peak: VmHWM, reset before each round):\n`,
  );
  console.log('| files | uploaded MB | RSS before | peak | after | peak rise | MB/s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const total = (r.size * FILES_PER_REQUEST * CONCURRENT_REQUESTS) / 1024 / 1024;
    console.log(
      `| ${r.label} | ${total.toFixed(2)} | ${mb(r.before)} | ${mb(r.peak)} | ${mb(r.after)} | ${mb(r.peak - r.before)} | ${(total / r.seconds).toFixed(1)} |`,
    );
  }
} finally {
  server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
