import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, type Fresh, migrationsBefore, migrationsFolder } from '../../test/migrations.js';
import { RESET_QUEUE } from './auth-passwords.js';

// Migration 0033 drops the old forgot-password queue (reset_request): requests are jobs of the auth.reset
// kind now. One still waiting in the old table when the upgrade runs must become such a job, not vanish.

const MIGRATION = '0033_reset_requests_became_jobs';
let database: Fresh;
let before: string;

beforeAll(async () => {
  before = await migrationsBefore(MIGRATION);
  database = await emptyDatabase();
  await database.migrate(before);
  await database.query(
    `INSERT INTO reset_request (identifier, lang, ip) VALUES ('ana@primjer.hr', 'hr', '10.0.0.1'), ('marko', 'en', '10.0.0.2')`,
  );
  await database.migrate(migrationsFolder);
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (before) await rm(before, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it('turns each waiting request into a reset job due at once, as the request would queue it now', async () => {
    const jobs = await database.query(
      `SELECT queue, payload, state, run_at <= now() AS due FROM job WHERE queue = $1 ORDER BY payload->>'identifier'`,
      [RESET_QUEUE],
    );
    expect(jobs).toEqual([
      {
        queue: RESET_QUEUE,
        payload: { identifier: 'ana@primjer.hr', lang: 'hr', ip: '10.0.0.1' },
        state: 'waiting',
        due: true,
      },
      { queue: RESET_QUEUE, payload: { identifier: 'marko', lang: 'en', ip: '10.0.0.2' }, state: 'waiting', due: true },
    ]);
  });

  it('drops the old table', async () => {
    const [row] = await database.query(`SELECT to_regclass('reset_request') AS found`);
    expect(row?.found).toBeNull();
  });
});
