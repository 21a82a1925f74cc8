import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { anotherBrowser, card, logIn, seriousViolations } from './support/journey';
import { option } from './support/safety-quiz';

// Several people in their own browsers through a whole journey: up to 35 s here, past a minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** The journey's own education and person (e2e/support/fixtures.mjs), which gives certificates. */
const ITEM = 'Prva pomoć: osnove';
const PERSON = 'potvrda@demo.hr';
const QUESTION = 'Koji je broj hitne medicinske pomoći u Hrvatskoj?';
const CODE = /[0-9A-Z]+(-[0-9A-Z]{4}){3}/;

test('a passed education earns a certificate: downloaded, checked by anyone in English, withdrawn by an admin', async ({
  page,
  browser,
  baseURL,
}) => {
  // Passed: the end screen offers the certificate, a PDF.
  await logIn(page, PERSON);
  await card(page, ITEM).getByRole('link', { name: 'Pregledaj' }).click();
  await page.getByRole('link', { name: 'Odgovori na pitanja' }).click();
  await expect(page).toHaveURL(/\/content\/\d+\/quiz$/);
  const id = page.url().match(/\/content\/(\d+)\/quiz$/)?.[1];
  await option(page, QUESTION, '194').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Čestitamo, položili ste edukaciju!' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Preuzmi potvrdu' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`potvrda-${id}.pdf`);
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await seriousViolations(page)).toEqual([]);

  // The admin finds her among those who passed, with her certificate's code.
  const admin = await anotherBrowser(browser, page, baseURL);
  await logIn(admin, 'admin@demo.hr');
  await admin.goto(`/admin/content/${id}`);
  await admin.getByRole('link', { name: 'Potvrde' }).click();
  const row = admin.getByRole('table', { name: 'Potvrde' }).getByRole('row', { name: /Đurđa Potvrda/ });
  await expect(row).toContainText('Vrijedi');
  await expect(row).toContainText(CODE);
  const code = (await row.textContent())?.match(CODE)?.[0] ?? '';
  expect(await seriousViolations(admin)).toEqual([]);

  // Anyone she shows it to checks the code, without signing in, here in English.
  const checker = await anotherBrowser(browser, page, baseURL);
  await checker.goto(`/verify/${code}`);
  await checker.getByRole('button', { name: 'English' }).click();
  await expect(checker.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeVisible();
  await expect(checker.getByText('This certificate is valid.')).toBeVisible();
  await expect(checker.getByText('Đurđa Potvrda')).toBeVisible();
  await expect(checker.getByText(ITEM)).toBeVisible();
  expect(await seriousViolations(checker)).toEqual([]);

  // Withdrawn with a reason: the check says so, and she can no longer download it.
  await row.getByRole('button', { name: 'Povuci potvrdu: Đurđa Potvrda' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Povlačenje potvrde osobe Đurđa Potvrda' });
  await dialog.getByRole('textbox', { name: 'Razlog' }).fill('Ispit je riješila druga osoba.');
  await dialog.getByRole('button', { name: 'Povuci potvrdu' }).click();
  await expect(admin.getByText('Potvrda osobe Đurđa Potvrda je povučena.')).toBeVisible();
  await expect(row).toContainText('Povučena');
  await expect(row).toContainText('Ispit je riješila druga osoba.');

  await checker.reload();
  await expect(checker.getByText(/^The organisation withdrew this certificate on /)).toBeVisible();
  expect(await seriousViolations(checker)).toEqual([]);

  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/archive/${id}`);
  await page.getByRole('button', { name: 'Preuzmi potvrdu' }).click();
  await expect(page.getByRole('alert')).toContainText('Organizacija je povukla ovu potvrdu.');
});
