// `npm run admin:create -- --email … --tenant … [--name …]`: a real install's first SUPERADMIN (README,
// "Start"). Prints the one-time link on which they choose their password; run it where the server's
// environment is (DATABASE_URL, DATA_DIR, PUBLIC_URL). On the embedded database, with the server stopped.
import { parseArgs } from 'node:util';
import { CreateTenantBodySchema, DAY_MS, WELCOME_LINK_TTL_MS } from '@kanal/contract';
import { configOr, type Fail, failing } from './command-line.js';
import { DataDirInUse, openDatabase } from './db/client.js';
import { createFirstAdmin, FirstAdminRefused } from './seed/first-admin.js';

const fail: Fail = failing('admin:create');
const config = configOr(fail);

const { values } = parseArgs({
  options: { email: { type: 'string' }, tenant: { type: 'string' }, name: { type: 'string' } },
});
const body = CreateTenantBodySchema.safeParse({
  name: values.tenant,
  admin: { email: values.email, name: values.name ?? values.email?.split('@')[0] },
});
if (!body.success) {
  fail(
    'give the SUPERADMIN\'s e-mail and the provider organisation\'s name: --email you@example.com --tenant "Your organisation" [--name "Your Name"]',
  );
}

const database = await openDatabase(config).catch((error: unknown) =>
  fail(error instanceof DataDirInUse ? `${error.message}: stop the server first` : String(error)),
);
try {
  await database.migrate();
  const { link } = await createFirstAdmin(database.db, {
    email: body.data.admin.email,
    name: body.data.admin.name,
    tenantName: body.data.name,
    publicUrl: config.publicUrl,
  });
  process.stdout.write(
    `Created ${body.data.admin.email}, SUPERADMIN of ${body.data.name}.\n` +
      `Open this link within ${WELCOME_LINK_TTL_MS / DAY_MS} days to choose the password (it works once):\n\n  ${link}\n\n`,
  );
} catch (error) {
  if (!(error instanceof FirstAdminRefused)) throw error;
  await database.close();
  fail(error.message);
}
await database.close();
