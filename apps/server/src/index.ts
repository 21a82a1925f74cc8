/**
 * The server's public API (`@kanal/server`): what tools outside it — the end-to-end fixtures and the
 * benchmarks — may use. Everything else in this package is internal and may change with no notice.
 * The product itself runs as a process: `node apps/server/dist/server.js` (`serverEntryPoint`).
 */
import { fileURLToPath } from 'node:url';

/** The product's entry point, for tools that start the server as a process of its own. */
export const serverEntryPoint = fileURLToPath(new URL('./server.js', import.meta.url));

// The query builder of the schema's tables: the server's own drizzle-orm, never a second copy of it.
export { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
// The pieces server.ts puts together: configuration, database and the app (the demo data below); and the
// content services over a database handle, to write content as the product writes it (fixtures, data sets).
export { buildApp } from './app.js';
export { loadConfig } from './config.js';
export { createContentServices } from './content-services.js';
export { openDatabase } from './db/client.js';
export * as schema from './db/schema/index.js';
// Session tokens as the server makes and stores them, for a benchmark's sessions written directly.
export { hashToken, newToken } from './lib/tokens.js';
// The feed's own queries and row mapping: the feed benchmark's reference route and EXPLAIN use them.
export { createContentRepository } from './modules/content/content.repository.js';
export { toItem } from './modules/content/content.service.js';
// The store the server keeps file bytes in (its config's directory or bucket), for the demo seed's media.
export { openFileStore } from './modules/files/open-file-store.js';
// Accounts created as the product creates them (with their sign-in identifiers), for fixtures.
export { createAccounts } from './modules/users/accounts.js';
// The session check, for a benchmark's own route behind it.
// A benchmark's own route, declared as the product's are.
export { route } from './plugins/operations.js';
export { authGuard } from './plugins/request-context.js';
// The demo tenants, as server.ts seeds them.
export { seedDemo } from './seed/demo.js';
