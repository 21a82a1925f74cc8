import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { browserSubscription } from '../apps/server/src/test/fake-push';
import { logIn } from './support/journey';
import { stubPushManager } from './support/push';
import { answerSafetyQuiz, SAFETY, startSafetyQuiz } from './support/safety-quiz';

// Journeys through HAProxy in front of two server processes (e2e/balanced.config.ts): each request may reach
// either process, one of them is killed in the middle, and the journeys end through the other.

type State = { databaseUrl: string; servers: { name: string; port: number; pid: number }[]; balancerSource: string };
const state = async (): Promise<State> =>
  JSON.parse(await readFile(String(test.info().config.metadata.state), 'utf8')) as State;

/** A statement on the run's database: what the processes wrote, seen from outside them. */
async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: (await state()).databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function openConsoleSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Administracija' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('a person passes a quiz and turns push on while one process is killed: the other ends the journey', async ({
  page,
  context,
}) => {
  const pushPort = Number(test.info().config.metadata.pushPort);
  await context.grantPermissions(['notifications']);
  await page.addInitScript(stubPushManager, browserSubscription(`http://127.0.0.1:${pushPort}/balanced`).body);
  await logIn(page, 'prolaz@demo.hr');

  // kill -9, as a crashed machine: no draining, the balancer finds out by itself.
  const [first] = (await state()).servers;
  if (!first) throw new Error('no server processes in the state file');
  process.kill(first.pid, 'SIGKILL');
  await expect.poll(() => running(first.pid)).toBe(false);

  // The materials' document comes from the bucket; the answers, the result and the points from the database.
  await startSafetyQuiz(page, context);
  await answerSafetyQuiz(page, true);
  await expect(page.getByRole('heading', { level: 1, name: 'Čestitamo, položili ste edukaciju!' })).toBeVisible();
  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page.getByRole('article', { name: SAFETY, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('link', { name: 'Moj profil i obavijesti' }).click();
  const thisBrowser = page.getByRole('region', { name: 'Ovaj preglednik' });
  await thisBrowser.getByRole('button', { name: 'Uključi u ovom pregledniku' }).click();
  await expect(thisBrowser).toContainText('Push obavijesti stižu u ovaj preglednik');

  // Nothing went in twice for a request that the balancer sent again to the other process.
  const attempts = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM attempt a JOIN app_user u ON u.id = a.user_id
      JOIN content c ON c.id = a.content_id WHERE u.email = $1 AND c.name = $2`,
    ['prolaz@demo.hr', SAFETY],
  );
  expect(attempts).toEqual([{ n: 1 }]);
  const subscriptions = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM push_device d JOIN app_user u ON u.id = d.user_id WHERE u.email = $1`,
    ['prolaz@demo.hr'],
  );
  expect(subscriptions).toEqual([{ n: 1 }]);
});

test('an admin imports people and exports them; the log and the limits hold the browser’s address', async ({
  page,
}) => {
  await logIn(page, 'admin@demo.hr');
  await page.goto('/admin');
  await openConsoleSection(page, 'Uvoz osoba');
  const people = ['Ime i prezime;E-mail;Korisničko ime;Telefon;Uloga;Grupe', 'Bela Balans;;bela.balans;;USER;'];
  await page.getByLabel('Odaberi datoteku s osobama').setInputFiles({
    name: 'osobe.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(people.join('\n')),
  });
  await expect(page.getByText('1 redak, bez problema. Datoteku možete uvesti.')).toBeVisible();
  await page.getByRole('button', { name: 'Uvezi' }).click();
  await expect(page.getByText('Uvoz je završen.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Aktivacijski kodovi' }).getByRole('button', { name: 'Gotovo' }).click();

  await openConsoleSection(page, 'Izvoz');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Preuzmi CSV' }).click();
  const exported = await readFile(await (await downloading).path(), 'utf8');
  expect(exported).toContain('Bela Balans');
  expect(exported).toContain('prolaz@demo.hr');

  // The processes heard every request from the balancer; TRUST_PROXY names it, so what they kept is the
  // browser's address from X-Forwarded-For.
  const { balancerSource } = await state();
  const signIns = await query<{ ip: string }>("SELECT DISTINCT ip FROM audit_log WHERE event = 'login.ok'");
  expect(signIns).toEqual([{ ip: '127.0.0.1' }]);
  const limited = await query<{ key: string }>('SELECT key FROM rate_limit');
  expect(limited.some((row) => row.key.includes('127.0.0.1'))).toBe(true);
  expect(limited.filter((row) => row.key.includes(balancerSource))).toEqual([]);
});
