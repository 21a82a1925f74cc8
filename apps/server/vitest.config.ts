import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Tests run the contract's TypeScript source, so no build is needed before them.
    alias: [
      {
        find: /^@kanal\/contract$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The fault suite kills PostgreSQL connections and the built server's process: it runs with the
    // PostgreSQL suite (npm run test:server:postgres), which builds the server first.
    exclude: process.env.DATABASE_URL ? [] : ['src/test/faults/**'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
