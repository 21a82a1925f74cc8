import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';

/** Every demo and journey account has this password (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'Demo1234!';

export const DATE = String.raw`\d{2}\.\d{2}\.\d{4}\.`;
export const DATE_TIME = String.raw`${DATE}, \d{2}:\d{2}`;

/** The two-step login form, filled and sent from wherever it is on screen. */
export async function submitLogin(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail ili korisničko ime').fill(identifier);
  await page.getByRole('button', { name: 'Prijava' }).click();
  await page.getByLabel('Lozinka', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Prijava' }).click();
}

/** A second person at their own browser, the same size as the first (each project has its own server). */
export async function anotherBrowser(browser: Browser, page: Page, baseURL: string | undefined): Promise<Page> {
  const phone = test.info().project.name === 'phone';
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    isMobile: phone,
    hasTouch: phone,
    locale: 'hr-HR',
  });
  return context.newPage();
}

/** Signs in from /login and waits for the home greeting. */
export async function logIn(page: Page, identifier: string) {
  await page.goto('/login');
  await submitLogin(page, identifier);
  await expect(page.getByRole('heading', { level: 1, name: /^Bok, / })).toBeVisible();
}

/** Signs in from /login after switching it to English, and waits for the home greeting. */
export async function logInInEnglish(page: Page, identifier: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
}

/** A content card (home or archive), by the item's name. */
/** In the console's editor: the item sent now to one person, found by name, and published. */
export async function publishToPerson(page: Page, itemName: string, person: string) {
  await page.getByRole('radio', { name: /^Odabrane grupe i osobe/ }).check();
  await page.getByLabel('Pronađi osobu').fill(person);
  await page.getByRole('checkbox', { name: new RegExp(`^${person}`) }).check();
  await page.getByRole('radio', { name: /^Objavi odmah/ }).check();
  await page.getByRole('button', { name: 'Objavi' }).click();
  await expect(page.getByText(`Sadržaj „${itemName}” je objavljen.`)).toBeVisible();
}

export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Whether each card on screen has its date on a line of its own under its type label (the archive's cards). */
export const datesUnderLabels = (page: Page) =>
  page.getByRole('article').evaluateAll((articles) =>
    articles.map((article) => {
      const label = article.querySelector('.content-card__meta')?.getBoundingClientRect();
      const date = article.querySelector('.content-card__seen')?.getBoundingClientRect();
      return label !== undefined && date !== undefined && date.top >= label.bottom;
    }),
  );
