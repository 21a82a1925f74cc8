// `npm run db:restore -- --from kanal-backup-….tar.gz`: puts a backup of the embedded database (the console's
// System page, GET /system/backup) into DATA_DIR, which must not hold a database yet (README, "Backups").
// Then start the server on that DATA_DIR. PostgreSQL is restored with pg_restore.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { configOr, type Fail, failing } from './command-line.js';
import { DataDirHoldsDatabase, DataDirInUse, restorePglite } from './db/client.js';

const fail: Fail = failing('db:restore');
const config = configOr(fail);

const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) fail('give the backup to restore: --from kanal-backup-20261128-0130.tar.gz');
if (config.databaseUrl) fail('DATABASE_URL is set: restore PostgreSQL with pg_restore; db:restore is for DATA_DIR');

const archive = new Blob([await readFile(values.from).catch((error: Error) => fail(error.message))]);
await restorePglite(config.dataDir, archive).catch((error: unknown) => {
  if (error instanceof DataDirInUse) fail(`${error.message}: stop the server first`);
  if (error instanceof DataDirHoldsDatabase) fail(`${error.message}: restore into a new DATA_DIR, or move it aside`);
  return fail(`${values.from} is not a backup that loads (${(error as Error).message}); nothing was written`);
});
process.stdout.write(`Restored ${values.from} into ${config.dataDir}. Start the server with this DATA_DIR.\n`);
