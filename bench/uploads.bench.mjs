// npm run bench:uploads [-- --store s3]: the server's memory while it takes uploads and serves them back.
// Two requests at once, each of nine files, first of 1 KB (the baseline: the cost of the requests
// themselves), then of 24 MB (432 MB in all); then every stored file downloaded, two at a time. Every file
// is streamed to the store and back, so the 24 MB round should cost about what the baseline costs. With
// `--store s3` the files go to an S3 protocol server (s3rver) on loopback, through multipart uploads.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { json, startServer } from './support/lib.mjs';

const { values: args } = parseArgs({ options: { store: { type: 'string', default: 'disk' } } });
if (!['disk', 's3'].includes(args.store)) throw new Error('--store is disk or s3');

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

/** Every stored file downloaded, two at a time, each checked against the upload's hash. */
async function downloadRound(url, token, stored, expected) {
  const queue = [...stored];
  const fetchOne = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const res = await fetch(`${url}${file.url}`, { headers: { authorization: `Bearer ${token}` } });
      const hash = createHash('sha256');
      for await (const chunk of res.body) hash.update(chunk);
      if (hash.digest('hex') !== expected) throw new Error(`downloaded ${file.url} differs from the upload`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, fetchOne));
}

/** An S3 protocol server on loopback and its bucket, and the server's variables to use it. */
async function s3Store(dir) {
  const s3 = new S3rver({ address: '127.0.0.1', port: 3904, silent: true, directory: dir });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: 'kanal-bench' }));
  client.destroy();
  return {
    env: {
      FILES_S3_BUCKET: 'kanal-bench',
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    close: () => s3.close(),
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-bench-uploads-'));
const store =
  args.store === 's3' ? await s3Store(await mkdtemp(path.join(dataDir, 's3-'))) : { env: {}, close: async () => {} };
const server = await startServer(3903, { DATA_DIR: dataDir, RATE_LIMIT_PER_IP: '1000000000', ...store.env });
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
    const download = await measure(server.pid, () => downloadRound(server.url, token, result.stored, result.expected));
    rows.push({ label, size, download, ...figures });
  }

  const mb = (n) => n.toFixed(0);
  console.log(
    `\nStore: ${args.store}. ${CONCURRENT_REQUESTS} concurrent requests × ${FILES_PER_REQUEST} files up, then each file down (${CONCURRENT_REQUESTS} at a time); server RSS in MB (peak: VmHWM, reset before each):\n`,
  );
  console.log('| files | way | MB | RSS before | peak | after | peak rise | MB/s |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const total = (r.size * FILES_PER_REQUEST * CONCURRENT_REQUESTS) / 1024 / 1024;
    for (const [way, f] of [
      ['up', r],
      ['down', r.download],
    ]) {
      console.log(
        `| ${r.label} | ${way} | ${total.toFixed(2)} | ${mb(f.before)} | ${mb(f.peak)} | ${mb(f.after)} | ${mb(f.peak - f.before)} | ${(total / f.seconds).toFixed(1)} |`,
      );
    }
  }
} finally {
  server.stop();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
}
