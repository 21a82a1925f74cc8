import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'] },
});
