import { expect, it } from 'vitest';
import { loadConfig } from './config.js';

it('has working defaults: port 3000, PGlite under ./data, the demo seed left to the database', () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.databaseUrl).toBeUndefined();
  expect(config.dataDir).toMatch(/\/data$/);
  expect(config.filesDir).toMatch(/\/data\/files$/);
  expect(config.publicUrl).toBe('http://localhost:3000');
  expect(config.seedDemo).toBeUndefined();
  expect(config.webPushServices.map(String)).toContain('https://fcm.googleapis.com/');
});

it('reads every variable', () => {
  const config = loadConfig({
    PORT: '8080',
    DATABASE_URL: 'postgres://u@db:5432/kanal',
    DATABASE_REPLICA_URL: 'postgres://u@replica:5432/kanal',
    PUBLIC_URL: 'https://kanal.example.hr/',
    SEED_DEMO: 'false',
    TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
    WEB_PUSH_SERVICES: 'https://push.example.hr, http://127.0.0.1:4330',
  });
  expect(config.webPushServices.map(String)).toEqual(['https://push.example.hr/', 'http://127.0.0.1:4330/']);
  expect(config).toMatchObject({
    port: 8080,
    databaseUrl: 'postgres://u@db:5432/kanal',
    replica: { url: 'postgres://u@replica:5432/kanal', maxLagMs: 2000 },
    publicUrl: 'https://kanal.example.hr',
    seedDemo: false,
    trustProxy: ['10.0.0.0/8', '192.168.1.1'],
  });
});

it('refuses a replica without the primary it replicates', () => {
  expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://u@replica:5432/kanal' })).toThrow(
    /DATABASE_REPLICA_URL: a replica of DATABASE_URL/,
  );
});

it('fails listing every bad variable at once', () => {
  expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(
    /PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO/,
  );
});

it('refuses push services that are not http(s) origins', () => {
  for (const value of ['https://push.example.hr/path', 'ftp://push.example.hr', 'push.example.hr', '']) {
    expect(() => loadConfig({ WEB_PUSH_SERVICES: value }), value).toThrow(/WEB_PUSH_SERVICES/);
  }
});
