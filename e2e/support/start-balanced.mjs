// The journeys through a load balancer (e2e/balanced.config.ts): HAProxy, configured by the deploy recipe's own
// deploy/haproxy.cfg, in front of two server processes on one fresh PostgreSQL database with their files in a
// bucket of an S3 protocol server, each process with a data directory of its own, as on two machines. Writes
// where the processes are (BALANCED_STATE) for the journeys that stop one, and stops everything on SIGTERM.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { serverEntryPoint } from '@kanal/server';
import pg from 'pg';
import S3rver from 's3rver';
import { prepareDatabase } from './fixtures.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (e2e/balanced.config.ts sets it)`);
  return value;
};
const balancerPort = Number(env('BALANCER_PORT'));
const serverPorts = env('SERVER_PORTS').split(',').map(Number);
const s3Port = Number(env('S3_PORT'));
const stateFile = env('BALANCED_STATE');
const primaryUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// HAProxy connects to the processes from this address, the browser from 127.0.0.1: TRUST_PROXY names the
// balancer, so the processes must see the browser's address in X-Forwarded-For, not this one.
const BALANCER_SOURCE = '127.0.0.3';

const work = await mkdtemp(path.join(tmpdir(), 'kanal-balanced-'));
const children = [];
async function stopAll() {
  for (const child of children) child.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll().then(() => process.exit(0)));

// A database of this run's own; those of runs that were killed before they could drop theirs go first.
const admin = new pg.Client({ connectionString: primaryUrl });
await admin.connect();
const leftovers = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'kanal_balanced_%'");
for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
const name = `kanal_balanced_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const databaseUrl = Object.assign(new URL(primaryUrl), { pathname: `/${name}` }).toString();

const s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(work, 's3') });
await s3.run();
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const endpoint = `http://127.0.0.1:${s3Port}`;
await new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials }).send(
  new CreateBucketCommand({ Bucket: 'kanal-balanced' }),
);

const shared = {
  DATABASE_URL: databaseUrl,
  FILES_S3_BUCKET: 'kanal-balanced',
  FILES_S3_ENDPOINT: endpoint,
  FILES_S3_FORCE_PATH_STYLE: 'true',
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
  SECRETS_KEY: randomBytes(32).toString('base64'),
  TRUST_PROXY: BALANCER_SOURCE,
  WEB_PUSH_SERVICES: process.env.WEB_PUSH_SERVICES ?? '',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
};
await prepareDatabase(path.join(work, 'seed'), shared);

const servers = [];
for (const [i, port] of serverPorts.entries()) {
  const dataDir = path.join(work, `server-${i + 1}`);
  await mkdir(dataDir);
  const child = spawn(process.execPath, [serverEntryPoint], {
    env: { ...process.env, ...shared, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) },
    stdio: 'inherit',
  });
  children.push(child);
  servers.push({ name: `kanal${i + 1}`, port, pid: child.pid });
}

// HAProxy takes a process that fails its first checks out of the rotation for a while: it starts once both serve.
const ready = async (port) => {
  const answer = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
  return answer?.status === 200;
};
for (const { port } of servers) {
  while (!(await ready(port))) await new Promise((resolve) => setTimeout(resolve, 200));
}

// The recipe's configuration, as an operator adapts it to the machine: the listening address (here plain
// HTTP on loopback, no certificate) and the processes' addresses; the rest (forwarded headers, health
// checks, retries on another process) is the recipe's own.
const recipe = await readFile(new URL('../../deploy/haproxy.cfg', import.meta.url), 'utf8');
const config = recipe
  .replace(/^ {4}log stdout.*\n/m, '')
  .replace(
    /^ {4}bind :443 .*\n {4}bind :80\n {4}http-request redirect scheme https.*\n/m,
    `    bind 127.0.0.1:${balancerPort}\n`,
  )
  .replace('http-request set-header X-Forwarded-Proto https', 'http-request set-header X-Forwarded-Proto http')
  .replace(/^ {4}balance roundrobin\n/m, `    balance roundrobin\n    source ${BALANCER_SOURCE}\n`)
  .replace(/^ {4}server .*\n/gm, '')
  .concat(servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check\n`).join(''));
if (!config.includes(`bind 127.0.0.1:${balancerPort}`) || !config.includes(`source ${BALANCER_SOURCE}`)) {
  throw new Error('deploy/haproxy.cfg no longer has the lines this run adapts');
}
const configFile = path.join(work, 'haproxy.cfg');
await writeFile(configFile, config);
const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: 'inherit' });
children.push(haproxy);
haproxy.on('exit', (code) => {
  process.stderr.write(`haproxy exited with ${code}\n`);
  void stopAll().then(() => process.exit(1));
});

await mkdir(path.dirname(stateFile), { recursive: true });
await writeFile(stateFile, JSON.stringify({ databaseUrl, servers, balancerSource: BALANCER_SOURCE }));
