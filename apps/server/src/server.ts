import { MINUTE_MS } from '@kanal/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isDatabaseUnavailable } from './lib/pg-errors.js';
import { diskFileStore } from './modules/files/file-store.js';
import { demoLogins, seedDemo } from './seed/demo.js';

/**
 * Before the app's logger exists, a failed start says why in one line of the log's JSON shape
 * (pino's level 60 is fatal) and exits non-zero, so a supervisor restarts it and an operator reads why.
 */
function failStart(msg: string, fields: Record<string, unknown>): never {
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg, ...fields })}\n`);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return failStart('invalid configuration', { reason: (err as Error).message });
  }
})();
const database = await openDatabase(config);
await database.migrate().catch((err: unknown) => {
  if (!isDatabaseUnavailable(err)) throw err;
  const where = config.databaseUrl ? new URL(config.databaseUrl) : undefined;
  const e = err as { code?: string; message?: string };
  return failStart('database unreachable at start-up', {
    database: where && `${where.hostname}:${where.port || 5432}${where.pathname}`,
    code: e.code,
    reason: e.message,
  });
});
const fileStore = diskFileStore(config.filesDir);
const app = await buildApp({ config, database, fileStore });

if (config.seedDemo) {
  const { created } = await seedDemo(database.db, fileStore);
  if (created.length) app.log.info({ tenants: created }, 'demo data created');
}

// Once a minute: stale rate-limit windows are dropped.
const housekeeping = setInterval(() => {
  app.services.limiter.prune().catch((err: unknown) => app.log.warn({ err }, 'rate-limit pruning failed'));
}, MINUTE_MS);
housekeeping.unref();

await app.listen({ host: config.host, port: config.port });
app.services.jobs.start(config.jobPollMs);

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
const banner = [
  '',
  `Kanal is running at ${config.publicUrl}  (database: ${where})`,
  ...(config.seedDemo ? ['', 'Demo accounts:', ...demoLogins()] : []),
  '',
];
process.stdout.write(`${banner.join('\n')}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  clearInterval(housekeeping);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
