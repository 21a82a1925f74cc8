import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

// The journeys through a real load balancer (npm run test:e2e:balanced, in CI after the server suites): HAProxy
// in front of two server processes on PostgreSQL (DATABASE_URL, default the local one) with their files on
// an S3 protocol server (e2e/support/start-balanced.mjs). Not in `npm test`: a fresh machine may have neither
// PostgreSQL nor HAProxy.

const BALANCER_PORT = 4340;
const SERVER_PORTS = [4341, 4342];
const S3_PORT = 4343;
const PUSH_PORT = 4344;
export const BALANCED_STATE = new URL('.run/balanced.json', import.meta.url).pathname;

export default defineConfig({
  ...base,
  testMatch: '*.balanced.ts',
  workers: 1,
  metadata: { pushPort: PUSH_PORT, state: BALANCED_STATE },
  projects: [{ name: 'balanced', use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${BALANCER_PORT}` } }],
  webServer: [
    {
      command: 'node e2e/support/start-balanced.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${BALANCER_PORT}/health`,
      env: {
        BALANCER_PORT: String(BALANCER_PORT),
        SERVER_PORTS: SERVER_PORTS.join(','),
        S3_PORT: String(S3_PORT),
        BALANCED_STATE,
        WEB_PUSH_SERVICES: `http://127.0.0.1:${PUSH_PORT}`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
