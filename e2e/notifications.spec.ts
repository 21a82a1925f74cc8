import { expect, test } from '@playwright/test';
import { logIn, seriousViolations } from './support/journey';

test('the bell lists the notices of new items, reads well to axe, and opens the item', async ({ page }) => {
  // The demo's newest items were announced when the server started (the job queue's first run).
  await logIn(page, 'ana@demo.hr');
  const bell = page.getByRole('button', { name: /^Obavijesti: \d+ nepročitan/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Obavijesti' });
  const entry = panel.getByRole('button', { name: /Vaš cjenik za 2026\./ });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Nepročitano');
  expect(await seriousViolations(page)).toEqual([]);

  await entry.click();
  await expect(page).toHaveURL(/\/content\/\d+(\/intro)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vaš cjenik za 2026.' })).toBeVisible();
  await page.getByRole('button', { name: /^Obavijesti/ }).click();
  await expect(panel.getByRole('button', { name: /Vaš cjenik za 2026\./ })).not.toContainText('Nepročitano');
});

test('the notification settings read well to axe and keep what the person chose', async ({ page }) => {
  await logIn(page, 'obavijest@demo.hr');
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('link', { name: 'Postavke obavijesti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Postavke obavijesti' })).toBeVisible();
  const reminders = page
    .getByRole('group', { name: 'E-mail' })
    .getByRole('checkbox', { name: 'Podsjetnici prije roka za zadatke' });
  await expect(reminders).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await reminders.uncheck();
  await page.getByRole('button', { name: 'Spremi' }).click();
  await expect(page.getByText('Postavke obavijesti su spremljene.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'E-mail' }).getByRole('checkbox', { name: 'Podsjetnici prije roka za zadatke' }),
  ).not.toBeChecked();
  await reminders.check();
  await page.getByRole('button', { name: 'Spremi' }).click();
  await expect(page.getByText('Postavke obavijesti su spremljene.')).toBeVisible();
});

test('the operator’s system page: the mail test answers, the queue and the log read well to axe', async ({ page }) => {
  await logIn(page, 'super@demo.hr');
  await page.goto('/admin/system');
  await expect(page.getByRole('heading', { level: 1, name: 'Sustav' })).toBeVisible();
  await page.getByRole('button', { name: 'Pošalji probnu poruku' }).click();
  // The journeys' SMTP catcher accepted it: its answer is shown as it came.
  await expect(page.getByRole('status').filter({ hasText: 'Poruka je poslana na super@demo.hr' })).toContainText(
    /Odgovor: 250/,
  );
  const log = page.getByRole('table', { name: 'Dnevnik' });
  await expect(log.getByRole('row').filter({ hasText: 'login.ok' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
