import { expect, type Page, test } from '@playwright/test';
import { anotherBrowser, DATE, DEMO_PASSWORD, logIn, logInInEnglish, seriousViolations } from './support/journey';

// Several people in their own browsers through a whole journey: up to 34 s here, past a minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** The journey's own announcement and person (e2e/support/fixtures.mjs). */
const COMMENT_ITEM = 'Novo parkiralište za bicikle';
const PERSON = 'komentar@demo.hr';
const QUESTION = 'Može li se parkiralište zaključati?';
const OFF_TOPIC = 'Kad će povišica?';

/** Kristina reads the announcement, comments on it twice and marks it read, as the app sends it. */
async function commentTwice(page: Page): Promise<number> {
  const signIn = await page.request.post('/api/auth/signin', { data: { email: PERSON, password: DEMO_PASSWORD } });
  const headers = {
    Authorization: `Bearer ${((await signIn.json()) as { payload: { token: string } }).payload.token}`,
  };
  const list = await page.request.get('/api/mobile/content/list/new?limit=100', { headers });
  const { content } = ((await list.json()) as { payload: { content: { id: number; name: string }[] } }).payload;
  const id = content.find((item) => item.name === COMMENT_ITEM)?.id;
  if (id === undefined) throw new Error(`${COMMENT_ITEM} is not in the feed of ${PERSON}`);
  for (const comment of [QUESTION, OFF_TOPIC]) {
    const sent = await page.request.post('/api/mobile/content/info/comment', {
      headers,
      data: { contentId: id, comment },
    });
    expect(sent.status()).toBe(200);
  }
  const read = await page.request.post('/api/mobile/content/mark-finished', { headers, data: { contentId: id } });
  expect(read.status()).toBe(200);
  return id;
}

test('an admin answers one comment and hides another from the queue; the person reads both, in English, from the bell', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = await commentTwice(page);

  // The queue, narrowed to what is new.
  await logIn(page, 'admin@demo.hr');
  await page.goto('/admin/comments');
  await expect(page.getByRole('heading', { level: 1, name: 'Komentari' })).toBeVisible();
  await page.getByRole('button', { name: 'Novi', exact: true }).click();
  const card = (text: string) => page.getByRole('listitem').filter({ hasText: text });
  await expect(card(QUESTION)).toContainText('Novo');
  // Other journeys comment too: the card's item narrows the queue to this announcement's comments.
  await card(QUESTION)
    .getByRole('link', { name: new RegExp(COMMENT_ITEM) })
    .click();
  await expect(page.getByText(`Prikazani su komentari na sadržaj „${COMMENT_ITEM}”.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novi', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  // A reply: the comment leaves the new ones.
  await card(QUESTION)
    .getByRole('button', { name: /^Odgovori\s?: Kristina Komentar$/ })
    .click();
  const reply = page.getByRole('dialog', { name: 'Odgovor osobi Kristina Komentar' });
  await reply.getByRole('button', { name: 'Pošalji odgovor' }).click();
  await expect(reply.getByText('Odgovor ne može biti prazan.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reply.getByRole('textbox', { name: 'Odgovor' }).fill('Da, ključ je na porti.');
  await reply.getByRole('button', { name: 'Pošalji odgovor' }).click();
  await expect(reply).toBeHidden();
  await expect(card(QUESTION)).toHaveCount(0);

  // Hidden, with the reason its writer will read.
  await card(OFF_TOPIC)
    .getByRole('button', { name: /^Sakrij\s?: Kristina Komentar$/ })
    .click();
  const hide = page.getByRole('dialog', { name: 'Sakriti komentar osobe Kristina Komentar?' });
  await hide.getByRole('textbox', { name: 'Razlog' }).fill('Pitanja o plaćama šaljite službi za ljudske resurse.');
  await hide.getByRole('button', { name: 'Sakrij' }).click();
  await expect(hide).toBeHidden();
  await expect(page.getByText('Svi su komentari obrađeni.')).toBeVisible();

  // Both among the handled ones, each in its state.
  await page.getByRole('button', { name: 'Obrađeni', exact: true }).click();
  await expect(card(QUESTION)).toContainText('Da, ključ je na porti.');
  await expect(card(QUESTION)).toContainText('Obrađeno');
  await expect(card(OFF_TOPIC)).toContainText('Skriveno: Pitanja o plaćama');
  expect(await seriousViolations(page)).toEqual([]);

  // Kristina, in English: the bell tells her of the reply and opens where she reads it.
  const kristina = await anotherBrowser(browser, page, baseURL);
  await logInInEnglish(kristina, PERSON);
  await expect(kristina.getByRole('heading', { level: 1, name: 'Hello, Kristina!' })).toBeVisible();
  const entry = kristina
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /Reply to your comment/ });
  // The notice goes out with the server's next pass of its jobs.
  await expect(async () => {
    await kristina.reload();
    await kristina.getByRole('button', { name: /^Notifications/ }).click();
    await expect(entry).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(entry).toContainText(COMMENT_ITEM);
  await entry.click();
  await expect(kristina).toHaveURL(new RegExp(`/archive/${id}$`));
  const mine = kristina.getByRole('region', { name: 'My comments' });
  await expect(mine.getByText(new RegExp(`^Reply from your organisation, ${DATE}$`))).toBeVisible();
  await expect(mine.getByText('Da, ključ je na porti.')).toBeVisible();
  await expect(
    mine.getByText('Your organisation hid this comment: Pitanja o plaćama šaljite službi za ljudske resurse.'),
  ).toBeVisible();
  expect(await seriousViolations(kristina)).toEqual([]);
});
