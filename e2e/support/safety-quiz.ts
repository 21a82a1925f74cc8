import { type BrowserContext, expect, type Page } from '@playwright/test';
import { card } from './journey';

// The demo's safety education, taken through the screens: its materials (a slide and a document) and its
// four questions (forms.spec.ts, and the journeys through a load balancer).

export const SAFETY = 'Zaštita na radu: osnove';
export const SAFETY_QUESTIONS = [
  'Što prvo učinite kad primijetite požar?',
  'Koja je zaštitna oprema obvezna u skladištu?',
  'Koji je jedinstveni broj za hitne slučajeve u Europskoj uniji?',
  'Smijete li skinuti zaštitnu ogradu sa stroja da biste brže radili?',
];
export const SAFETY_RIGHT_EQUIPMENT = ['Zaštitna obuća', 'Reflektirajući prsluk', 'Kaciga u zoni visokih polica'];

export const progress = (page: Page, current: number, total: number) =>
  page.getByText(`Pitanje ${current} / ${total}`, { exact: true });

/** A single-choice or scale question: the options are buttons inside the group named by the question. */
export const option = (page: Page, question: string, answer: string) =>
  page.getByRole('group', { name: question }).getByRole('button', { name: answer, exact: true });

/** Home → intro → materials (its one slide is on screen, its document opened) → the quiz's first question. */
export async function startSafetyQuiz(page: Page, context: BrowserContext) {
  await card(page, SAFETY).getByRole('link', { name: 'Pregledaj' }).click();
  await expect(page).toHaveURL(/\/content\/\d+\/intro$/);
  await page.getByRole('link', { name: 'Kreni' }).click();
  await expect(page).toHaveURL(/\/content\/\d+$/);
  await openDocumentAndStart(page, context);
}

async function openDocumentAndStart(page: Page, context: BrowserContext) {
  const documents = page.getByRole('region', { name: 'Dokumenti' });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    documents.getByRole('link', { name: /^Pravilnik o zaštiti na radu/ }).click(),
  ]);
  await tab.close();
  await page.getByRole('button', { name: 'Odgovori na pitanja' }).click();
  await expect(page).toHaveURL(/\/content\/\d+\/quiz$/);
  await expect(progress(page, 1, 4)).toBeVisible();
}

/** Answers the safety quiz in real time: `right` picks the correct answers, otherwise wrong ones. */
export async function answerSafetyQuiz(page: Page, right: boolean) {
  const [fire, equipment, emergency, guard] = SAFETY_QUESTIONS as [string, string, string, string];
  await option(page, fire, right ? 'Upozorim kolege i nazovem 112' : 'Nastavim s radom').click();
  // An education's single choice is marked at once and stays for 2 s.
  await expect(page.getByRole('status').filter({ hasText: right ? 'Točno!' : 'Netočno.' })).toBeVisible();
  await expect(progress(page, 2, 4)).toBeVisible();

  const next = page.getByRole('button', { name: 'Dalje' });
  await expect(next).toBeDisabled();
  const group = page.getByRole('group', { name: equipment });
  for (const name of right ? SAFETY_RIGHT_EQUIPMENT : ['Sunčane naočale']) await group.getByLabel(name).check();
  await next.click();

  await expect(progress(page, 3, 4)).toBeVisible();
  await option(page, emergency, right ? '112' : '911').click();
  await expect(progress(page, 4, 4)).toBeVisible();
  await option(page, guard, right ? 'Ne, nikada' : 'Da, ako žurim').click();
  await expect(page).toHaveURL(/\/content\/\d+\/quiz\/end$/);
}
