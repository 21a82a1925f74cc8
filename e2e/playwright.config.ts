import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (the machine cannot download Playwright's own). As root it needs these flags, and
// without the background-networking ones it keeps trying to reach hosts this machine cannot see.
const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const SMTP_PORT = 4325;
// One server, with its own freshly seeded database, per project: journeys that change an account in
// one viewport cannot disturb the other.
const servers = { desktop: 4310, phone: 4311 } as const;
// The web push journey's fake push service, one per project: the server's WEB_PUSH_SERVICES names its port.
const pushServices = { desktop: 4326, phone: 4327 } as const;
// The organisations' identity provider of the single sign-on journey: one, for both projects' servers.
const OIDC_PORT = 4328;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '.run/results',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A journey takes 20–30 s on a 2-core machine beside the other worker and its server: twice that is the limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { launchOptions: chromium, locale: 'hr-HR', trace: 'retain-on-failure' },
  metadata: { oidcIssuer: `http://127.0.0.1:${OIDC_PORT}` },
  projects: [
    {
      name: 'desktop',
      metadata: { pushPort: pushServices.desktop },
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${servers.desktop}` },
    },
    {
      name: 'phone',
      metadata: { pushPort: pushServices.phone },
      use: { ...devices['Pixel 7'], baseURL: `http://127.0.0.1:${servers.phone}` },
    },
  ],
  webServer: [
    {
      command: 'node e2e/support/oidc-provider.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      env: {
        OIDC_PORT: String(OIDC_PORT),
        OIDC_CALLBACKS: Object.values(servers)
          .map((port) => `http://127.0.0.1:${port}/api/auth/sso/callback`)
          .join(','),
      },
      reuseExistingServer: false,
    },
    {
      command: 'node e2e/support/mail-catcher.mjs',
      cwd: '..',
      port: SMTP_PORT,
      env: { SMTP_PORT: String(SMTP_PORT) },
      reuseExistingServer: false,
    },
    ...(Object.keys(servers) as (keyof typeof servers)[]).map((project) => ({
      command: 'node e2e/support/start-server.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${servers[project]}/health`,
      env: {
        PORT: String(servers[project]),
        PUBLIC_URL: `http://127.0.0.1:${servers[project]}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        WEB_PUSH_SERVICES: `http://127.0.0.1:${pushServices[project]}`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    })),
  ],
});
