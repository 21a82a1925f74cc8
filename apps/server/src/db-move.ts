// `npm run db:move -- --to postgres://…`: takes the embedded database of DATA_DIR to an empty PostgreSQL
// database (README, "From the embedded database to PostgreSQL"). Run it with the server stopped, in the
// server's environment without DATABASE_URL. The files and the secrets key stay in DATA_DIR.
import { parseArgs } from 'node:util';
import { configOr, type Fail, failing } from './command-line.js';
import { DataDirInUse, openPglite, openPostgres } from './db/client.js';
import { MoveRefused, moveDatabase } from './db/move.js';

const fail: Fail = failing('db:move');
const config = configOr(fail);

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to))
  fail('give the target database: --to postgres://user@host:5432/kanal');
if (config.databaseUrl) fail('DATABASE_URL is set: db:move reads the embedded database of DATA_DIR; unset it');

const source = await openPglite(config.dataDir).catch((error: unknown) =>
  fail(error instanceof DataDirInUse ? `${error.message}: stop the server first` : String(error)),
);
const target = openPostgres(values.to, 2);
const started = Date.now();
try {
  await source.migrate();
  await target.migrate();
  let reported = started;
  const moved = await moveDatabase(source.db, target.db, (table, rows) => {
    if (Date.now() - reported < 5_000) return;
    reported = Date.now();
    process.stdout.write(`${table}: ${rows} rows…\n`);
  });
  const rows = [...moved.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(
    `Moved ${rows} rows of ${moved.size} tables in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      `Start the server with DATABASE_URL=${values.to.replace(/\/\/[^@/]*@/, '//…@')} and this DATA_DIR` +
      ` (${config.dataDir}): its files and secrets key stay there (or give FILES_DIR and SECRETS_KEY).\n`,
  );
} catch (error) {
  if (!(error instanceof MoveRefused)) throw error;
  fail(error.message);
} finally {
  await source.close();
  await target.close();
}
