import { MINUTE_MS } from '@kanal/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { demoLogins, seedDemo } from './db/seed/demo.js';
import { diskFileStore } from './modules/files/file-store.js';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const fileStore = diskFileStore(config.filesDir);
const app = await buildApp({ config, database, fileStore });

if (config.seedDemo) {
  const { created } = await seedDemo(database.db, fileStore);
  if (created.length) app.log.info({ tenants: created }, 'demo data created');
}

// Mail that failed to send is retried, and stale rate-limit windows are dropped, once a minute.
const housekeeping = setInterval(() => {
  void app.services.mailer.deliverPending();
  app.services.limiter.prune().catch((err: unknown) => app.log.warn({ err }, 'rate-limit pruning failed'));
}, MINUTE_MS);
housekeeping.unref();

await app.listen({ host: config.host, port: config.port });
void app.services.mailer.deliverPending();

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
