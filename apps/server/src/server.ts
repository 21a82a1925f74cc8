import { MINUTE_MS } from '@kanal/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataDirInUse, openDatabase } from './db/client.js';
import { databaseErrorOf, isDatabaseUnavailable } from './lib/pg-errors.js';
import { openFileStore } from './modules/files/open-file-store.js';
import { demoAtStart, demoLogins } from './seed/demo.js';
import { FIRST_ADMIN_COMMAND, hasSuperadmin } from './seed/first-admin.js';

/**
 * Before the app's logger exists, a failed start says why in one line of the log's JSON shape
 * (pino's level 60 is fatal) and exits non-zero, so a supervisor restarts it and an operator reads why.
 */
function failStart(msg: string, fields: Record<string, unknown>): never {
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg, ...fields })}\n`);
  process.exit(1);
}

/**
 * Why the database refused a start, when it did in a way only the operator can fix: unreachable, no such
 * database, a login it refuses (role or password), a role without the rights the migrations need.
 */
function startRefusal(err: unknown): string | undefined {
  if (isDatabaseUnavailable(err)) return 'database unreachable at start-up';
  const code = databaseErrorOf(err).code ?? '';
  if (code === '3D000') return 'the database does not exist';
  if (code.startsWith('28')) return 'the database refused the login (role or password)';
  if (code === '42501') return 'the database role lacks a privilege the migrations need';
  return undefined;
}

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return failStart('invalid configuration', { reason: (err as Error).message });
  }
})();
const database = await openDatabase(config).catch((err: unknown) => {
  if (!(err instanceof DataDirInUse)) throw err;
  return failStart(`the embedded database is in use by process ${err.heldBy}: stop it first`, {
    dataDir: config.dataDir,
    heldBy: err.heldBy,
    lockFile: err.lockFile,
  });
});
await database.migrate().catch((err: unknown) => {
  const refusal = startRefusal(err);
  if (!refusal) throw err;
  const where = config.databaseUrl ? new URL(config.databaseUrl) : undefined;
  const { code, message } = databaseErrorOf(err);
  return failStart(refusal, {
    database: where && `${where.hostname}:${where.port || 5432}${where.pathname}`,
    code,
    reason: message ?? (err as Error).message,
  });
});
const fileStore = await openFileStore(config);
const app = await buildApp({ config, database, fileStore });

const demo = await demoAtStart(database.db, fileStore, {
  seedDemo: config.seedDemo,
  embedded: database.driver === 'pglite',
});
if (demo.created.length) app.log.info({ tenants: demo.created }, 'demo data created');
const needsFirstAdmin = !(await hasSuperadmin(database.db));

// Once a minute: stale rate-limit windows are dropped.
const housekeeping = setInterval(() => {
  app.services.limiter.prune().catch((err: unknown) => app.log.warn({ err }, 'rate-limit pruning failed'));
}, MINUTE_MS);
housekeeping.unref();

await app.listen({ host: config.host, port: config.port }).catch(async (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EADDRINUSE' && err.code !== 'EACCES' && err.code !== 'EADDRNOTAVAIL') throw err;
  await app.close();
  await database.close();
  return failStart(err.code === 'EADDRINUSE' ? 'the port is in use' : 'cannot listen on that address', {
    host: config.host,
    port: config.port,
    code: err.code,
  });
});
app.services.jobs.start(config.jobPollMs);
// The sweep of files nothing refers to is one job of the database's, whichever process starts it.
await app.services.fileSweep.plan();

const where = config.databaseUrl
  ? `PostgreSQL (DATABASE_URL${config.replica ? ', heavy reads on DATABASE_REPLICA_URL' : ''})`
  : `embedded PGlite in ${config.dataDir}`;
const banner = [
  '',
  `Kanal is running at ${config.publicUrl}  (database: ${where})`,
  ...(demo.present.length ? ['', 'Demo accounts:', ...demoLogins(demo.present)] : []),
  ...(needsFirstAdmin
    ? [
        '',
        'No administrator yet. Create the first SUPERADMIN, and its one-time set-up link, with',
        `  ${FIRST_ADMIN_COMMAND}`,
        ...(config.databaseUrl ? [] : ['(on the embedded database, with this server stopped)']),
      ]
    : []),
  '',
];
process.stdout.write(`${banner.join('\n')}\n`);

let closing = false;
/**
 * A stop (SIGTERM from the supervisor, or Ctrl-C): readiness answers 503 for the drain, then the process stops
 * listening, finishes the requests and the background job in hand, and exits 0; past the bound it exits 1.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const { drainMs, timeoutMs } = config.shutdown;
  app.log.info({ signal, drainMs }, 'shutting down');
  app.drain();
  clearInterval(housekeeping);
  setTimeout(() => {
    app.log.error({ timeoutMs }, 'shutdown: requests or a job still running past the bound; exiting');
    process.exit(1);
  }, drainMs + timeoutMs).unref();
  await new Promise((drained) => setTimeout(drained, drainMs));
  await app.close();
  await database.close();
  app.log.info('shut down');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
