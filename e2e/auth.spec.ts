import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, submitLogin } from './support/journey';
import { mailedLink } from './support/mail';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('button', { name: 'Odjava' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a protected page sends to the two-step login, which returns there; logout ends the session', async ({ page }) => {
  await page.goto('/archive');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Lozinka', { exact: true })).toHaveCount(0);
  await page.getByLabel('E-mail ili korisničko ime').fill('ana@demo.hr');
  await page.getByRole('button', { name: 'Prijava' }).click();
  // Step two: the account has a password, so the password field appears.
  await page.getByLabel('Lozinka', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Zapamti me').check();
  await page.getByRole('button', { name: 'Prijava' }).click();

  await expect(page).toHaveURL(/\/archive$/);
  await expect(page.getByRole('heading', { name: 'Arhiva', level: 1 })).toBeVisible();
  // The tenant's logo beside its name (decorative there: the name says it once).
  const logo = page.getByRole('link', { name: 'Demo d.o.o.' }).locator('img');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('alt', '');
  // The logo comes from /api/files with the session cookie: it must really have loaded.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await logOut(page);
  // The app installs as the product again, and the tenant's manifest is closed to the browser.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect((await page.request.get('/api/auth/manifest.webmanifest')).status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('login validates in Croatian and shows the server message in red', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Prijava' }).click();
  await expect(page.getByText('Obavezno')).toBeVisible();

  await page.getByLabel('E-mail ili korisničko ime').fill('ana@demo.hr');
  await page.getByRole('button', { name: 'Prijava' }).click();
  await page.getByLabel('Lozinka', { exact: true }).fill('kriva-lozinka');
  await page.getByRole('button', { name: 'Prijava' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Pogrešan e-mail ili lozinka' });
  await expect(alert).toBeVisible();
  const [r, g, b] = (await alert.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)?.map(Number) ?? [];
  expect(r).toBeGreaterThan(150);
  expect(Math.max(g ?? 255, b ?? 255)).toBeLessThan(80);

  await page.getByRole('link', { name: 'Zaboravili ste lozinku?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('first-time set-up of a username-only account takes its activation code, then signs in', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail ili korisničko ime').fill('ivan');
  await page.getByRole('button', { name: 'Prijava' }).click();
  const code = page.getByLabel('Aktivacijski kôd');
  await expect(code).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await code.fill('IVAN-DEMO-0000');
  const password = page.getByLabel('Nova lozinka', { exact: true });
  const confirm = page.getByLabel('Potvrda lozinke', { exact: true });
  await password.fill('kratka');
  await confirm.fill('kratka');
  await page.getByRole('button', { name: 'Postavi lozinku' }).click();
  await expect(page.getByText('Minimalna dužina je 8 znakova').first()).toBeVisible();

  await password.fill('skladiste-2026');
  await confirm.fill('skladiste-2025');
  await page.getByRole('button', { name: 'Postavi lozinku' }).click();
  await expect(page.getByText('Nova lozinka i potvrda lozinke se ne podudaraju')).toBeVisible();

  await confirm.fill('skladiste-2026');
  await page.getByRole('button', { name: 'Postavi lozinku' }).click();
  await expect(page.getByText('Aktivacijski kôd nije ispravan ili je istekao.', { exact: false })).toBeVisible();

  // As printed at start-up, typed in lower case.
  await code.fill('ivan-demo-2026');
  await page.getByRole('button', { name: 'Postavi lozinku' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Bok, Ivan!' })).toBeVisible();

  await logOut(page);
  await submitLogin(page, 'ivan', 'skladiste-2026');
  await expect(page.getByRole('heading', { name: 'Bok, Ivan!' })).toBeVisible();
});

test("first-time set-up of an e-mail account: the password is chosen on the mailed link's page", async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail ili korisničko ime').fill('tena@demo.hr');
  await page.getByRole('button', { name: 'Prijava' }).click();
  // No password here: whoever reads the mailbox chooses it.
  await expect(page.getByLabel('Nova lozinka', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pošalji poveznicu' }).click();
  await expect(page.getByText('Provjerite e-poštu')).toBeVisible();

  const link = await mailedLink(baseURL ?? '', 'tena@demo.hr', 'activate');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Postavljanje lozinke' })).toBeVisible();
  await page.getByLabel('Lozinka', { exact: true }).fill('tenina-lozinka');
  await page.getByLabel('Potvrda lozinke', { exact: true }).fill('tenina-lozinka');
  await page.getByRole('button', { name: 'Spremi i prijavi se' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Bok, Tena!' })).toBeVisible();

  await logOut(page);
  await submitLogin(page, 'tena@demo.hr', 'tenina-lozinka');
  await expect(page.getByRole('heading', { name: 'Bok, Tena!' })).toBeVisible();
});

test('forgotten password: request, mailed link, new password; the old one and the link stop working', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Zaboravili ste lozinku?' }).click();
  // The login screen keeps showing, with a field of the same name, until the next screen has loaded.
  await expect(page.getByRole('heading', { name: 'Zaboravljena lozinka' })).toBeVisible();
  await page.getByLabel('E-mail ili korisničko ime').fill('zaborav@demo.hr');
  await page.getByRole('button', { name: 'Pošalji zahtjev' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/success$/);
  await expect(page.getByRole('heading', { name: 'Zahtjev je poslan' })).toBeVisible();
  await expect(page.getByText('zaborav@demo.hr')).toBeVisible();

  const link = await mailedLink(baseURL ?? '', 'zaborav@demo.hr', 'reset-password');
  await page.goto(link);
  await page.getByLabel('Nova lozinka', { exact: true }).fill('nova-zorina');
  await page.getByLabel('Potvrda nove lozinke').fill('nova-zorina');
  await page.getByRole('button', { name: 'Spremi lozinku' }).click();
  await expect(page.getByRole('heading', { name: 'Lozinka je postavljena' })).toBeVisible();
  await page.getByRole('link', { name: 'Na prijavu' }).click();

  await submitLogin(page, 'zaborav@demo.hr', DEMO_PASSWORD);
  await expect(page.getByText('Pogrešan e-mail ili lozinka')).toBeVisible();
  await page.getByLabel('Lozinka', { exact: true }).fill('nova-zorina');
  await page.getByRole('button', { name: 'Prijava' }).click();
  await expect(page.getByRole('heading', { name: 'Bok, Zora!' })).toBeVisible();

  await logOut(page);
  await page.goto(link);
  await page.getByLabel('Nova lozinka', { exact: true }).fill('jos-jedna-nova');
  await page.getByLabel('Potvrda nove lozinke').fill('jos-jedna-nova');
  await page.getByRole('button', { name: 'Spremi lozinku' }).click();
  await expect(page.getByText('Poveznica je istekla ili je već iskorištena. Zatražite novu.')).toBeVisible();
});

test('change password: a wrong current one fails, the right one succeeds and signs in next time', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'marko@demo.hr');
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('link', { name: 'Promijeni lozinku' }).click();
  await expect(page).toHaveURL(/\/change-password$/);

  const old = page.getByLabel('Trenutna lozinka');
  await old.fill('nije-ta-lozinka');
  await page.getByLabel('Nova lozinka', { exact: true }).fill('markova-nova-1');
  await page.getByLabel('Potvrda nove lozinke').fill('markova-nova-1');
  // Each field has its own show/hide toggle.
  const toggles = page.getByRole('button', { name: 'Prikaži lozinku' });
  await expect(toggles).toHaveCount(3);
  await toggles.first().click();
  await expect(old).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Promijeni lozinku' }).click();
  await expect(page.getByText('Nešto je pošlo po krivu')).toBeVisible();

  await old.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Promijeni lozinku' }).click();
  await expect(page).toHaveURL(/\/change-password\/success$/);
  await expect(page.getByRole('heading', { name: 'Lozinka je uspješno promijenjena' })).toBeVisible();
  await page.getByRole('button', { name: 'Na početnu' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logOut(page);
  await submitLogin(page, 'marko@demo.hr', 'markova-nova-1');
  await expect(page.getByRole('heading', { name: 'Bok, Marko!' })).toBeVisible();
});
