import { expect, type Page, test } from '@playwright/test';
import { anotherBrowser, card, logIn, logInInEnglish, publishToPerson, seriousViolations } from './support/journey';

// Several people in their own browsers through a whole journey, past a minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** The journey's own person (e2e/support/fixtures.mjs), whom its education is sent to. */
const PERSON = 'Bruno Banka';
const QUESTIONS = [
  'Kojim aparatom gasite požar na električnom uređaju?',
  'Koji je broj vatrogasaca?',
  'Što radite prvo kad otkrijete požar?',
];

/** A question written in the bank's dialog, its first answer the correct one. */
async function bankQuestion(page: Page, category: string, title: string) {
  await page.getByRole('button', { name: 'Novo pitanje' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo pitanje u banci' });
  await dialog.getByLabel('Kategorija').fill(category);
  await dialog.getByLabel('Tekst pitanja').fill(title);
  await dialog.getByRole('textbox', { name: 'Odgovor 1' }).fill('Ovo je točno');
  await dialog.getByRole('textbox', { name: 'Odgovor 2' }).fill('Ovo nije točno');
  await dialog.getByRole('radio', { name: 'Točan odgovor 1' }).check();
  if (title === QUESTIONS[0]) expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Spremi u banku' }).click();
  await expect(dialog).toBeHidden();
}

test('a creator keeps questions in the bank, builds an education from a category that asks two of them, and a member passes it in English', async ({
  page,
  browser,
  baseURL,
}) => {
  // Each project (desktop, phone) its own category and item: both run against one organisation.
  const project = test.info().project.name;
  const category = `Zaštita od požara (${project})`;
  const name = `Požar na radnom mjestu (${project})`;

  await logIn(page, 'creator@demo.hr');
  await page.goto('/admin/question-bank');
  await expect(page.getByRole('heading', { level: 1, name: 'Banka pitanja' })).toBeVisible();
  for (const title of QUESTIONS) await bankQuestion(page, category, title);
  await page.getByLabel('Kategorija').selectOption({ label: `${category} (3)` });
  await expect(page.getByRole('table', { name: 'Pitanja u banci' }).getByRole('row')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);

  // An education from the whole category, each attempt asking two of its three questions.
  await page.goto('/admin/content/new');
  await page.getByRole('button', { name: /^Edukacija/ }).click();
  await page.getByLabel('Naziv', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Izbriši pitanje 1' }).click();
  await page.getByRole('button', { name: 'Dodaj iz banke' }).click();
  const picker = page.getByRole('dialog', { name: 'Dodavanje pitanja iz banke' });
  await picker.getByLabel('Kategorija').selectOption({ label: `${category} (3)` });
  await picker.getByRole('button', { name: `Dodaj cijelu kategoriju „${category}” (3 pitanja)` }).click();
  await expect(picker.getByText('Dodana su 3 pitanja.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picker.getByRole('button', { name: 'Gotovo' }).click();
  // In the bank's order, the latest saved first.
  await expect(page.getByRole('group', { name: 'Pitanje 3' }).getByLabel('Tekst pitanja')).toHaveValue(
    QUESTIONS[0] ?? '',
  );
  await page.getByLabel('Pitanja po pokušaju').fill('2');
  await publishToPerson(page, name, PERSON);

  // The member, in English, is asked two of the three, and passes with both right.
  const member = await anotherBrowser(browser, page, baseURL);
  await logInInEnglish(member, 'banka@demo.hr');
  await card(member, name).getByRole('link', { name: 'Review' }).click();
  await expect(member.getByText('2 questions')).toBeVisible();
  await member.getByRole('link', { name: 'Answer the questions' }).click();
  for (const current of [1, 2]) {
    await expect(member.getByText(`Question ${current} / 2`)).toBeVisible();
    const question = member.getByRole('group', { name: new RegExp(QUESTIONS.join('|').replace(/\?/g, '\\?')) });
    await question.getByRole('button', { name: 'Ovo je točno', exact: true }).click();
  }
  await expect(member.getByRole('heading', { level: 1, name: 'Well done, you passed!' })).toBeVisible();
  await expect(member.getByText('You answered 2 of the 2 scored questions correctly.')).toBeVisible();
  expect(await seriousViolations(member)).toEqual([]);
  await member.context().close();
});
