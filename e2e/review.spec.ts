import { expect, type Page, test } from '@playwright/test';
import { anotherBrowser, DATE_TIME, DEMO_PASSWORD, logIn, logInInEnglish, seriousViolations } from './support/journey';

// Several people in their own browsers through a whole journey: up to 42 s here, past a minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

// The journey's own organisation and people (e2e/support/fixtures.mjs, REVIEW_PEOPLE): review switched on
// there sends no other journey's items to review.
const ADMIN = 'urednica@recenzija.hr';
const AUTHOR = 'autor@recenzija.hr';
const REVIEWER = 'recenzentica@recenzija.hr';
const READER = 'citatelj@recenzija.hr';
const ITEM = 'Novi raspored smjena od prosinca';
const COMMENT = 'Dodajte i raspored za vikend.';

/** Whether the item is on the reader's home, as the app asks for it. */
async function readerHas(page: Page): Promise<boolean> {
  const signIn = await page.request.post('/api/auth/signin', { data: { email: READER, password: DEMO_PASSWORD } });
  const { token } = ((await signIn.json()) as { payload: { token: string } }).payload;
  const list = await page.request.get('/api/mobile/content/list/new?limit=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { content } = ((await list.json()) as { payload: { content: { name: string }[] } }).payload;
  return content.some((item) => item.name === ITEM);
}

/** A reviewer's queue, and its item opened as its audience will see it. */
async function openFromQueue(page: Page) {
  await page.goto('/admin/reviews');
  const queue = page.getByRole('table', { name: 'Čeka pregled' });
  await expect(queue.getByRole('row', { name: new RegExp(ITEM) })).toContainText('Odmah po odobrenju');
  expect(await seriousViolations(page)).toEqual([]);
  await queue.getByRole('link', { name: `Pregledaj „${ITEM}”` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pregled' })).toBeVisible();
}

test('an organisation reviews its creators’ items: sent back with a comment, sent again in English, approved and out', async ({
  page,
  browser,
  baseURL,
}) => {
  // The admin turns review on and names a creator as a reviewer.
  await logIn(page, ADMIN);
  await page.goto('/admin/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Pregled prije objave' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Postavke pregleda' });
  await settings.getByRole('checkbox', { name: 'Sadržaj autora prolazi pregled prije objave' }).check();
  await settings.getByRole('button', { name: 'Dodaj recenzenta Rea Recenzentica' }).click();
  await expect(settings.getByRole('list', { name: 'Imenovani recenzenti' })).toContainText('Rea Recenzentica');
  await settings.getByRole('button', { name: 'Spremi postavke' }).click();
  await expect(page.getByText('Postavke pregleda su spremljene.')).toBeVisible();
  await expect(page.getByText('Ništa ne čeka pregled')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The author, in English, writes an announcement: it goes to review, not out.
  const author = await anotherBrowser(browser, page, baseURL);
  await logInInEnglish(author, AUTHOR);
  await author.goto('/admin/content/new');
  await author.getByRole('button', { name: /^Announcement/ }).click();
  await author.getByLabel('Name', { exact: true }).fill(ITEM);
  await author.getByRole('radio', { name: /^Everyone in the organisation/ }).check();
  await author.getByRole('radio', { name: /^Publish now/ }).check();
  await expect(author.getByText(/Your organisation reviews content before it goes out/)).toBeVisible();
  await author.getByRole('button', { name: 'Send for review' }).click();
  await expect(author.getByText(`“${ITEM}” was sent for review.`)).toBeVisible();
  await expect(author.getByText(new RegExp(`^In review since ${DATE_TIME}\\.`))).toBeVisible();
  expect(await seriousViolations(author)).toEqual([]);
  expect(await readerHas(page)).toBe(false);

  // The reviewer sends it back: a comment is required.
  const reviewer = await anotherBrowser(browser, page, baseURL);
  await logIn(reviewer, REVIEWER);
  await openFromQueue(reviewer);
  await reviewer.getByRole('button', { name: 'Vrati na doradu' }).click();
  const back = reviewer.getByRole('dialog', { name: `Vraćanje sadržaja „${ITEM}” na doradu` });
  await back.getByRole('button', { name: 'Vrati na doradu' }).click();
  await expect(back.getByText('Napišite autoru što treba doraditi.')).toBeVisible();
  expect(await seriousViolations(reviewer)).toEqual([]);
  await back.getByRole('textbox', { name: 'Komentar autoru' }).fill(COMMENT);
  await back.getByRole('button', { name: 'Vrati na doradu' }).click();
  await expect(reviewer.getByText(`Sadržaj „${ITEM}” vraćen je autoru na doradu.`)).toBeVisible();
  await expect(reviewer).toHaveURL(/\/admin\/reviews$/);
  await expect(reviewer.getByText('Ništa ne čeka pregled')).toBeVisible();

  // The author reads why in the editor, and sends it again.
  await author.reload();
  const returned = author
    .getByRole('paragraph')
    .filter({ hasText: new RegExp(`^Rea Recenzentica sent it back for changes on ${DATE_TIME}:`) });
  await expect(returned).toBeVisible();
  await expect(returned).toContainText(COMMENT);
  await author.getByRole('radio', { name: /^Publish now/ }).check();
  await author.getByRole('button', { name: 'Send for review' }).click();
  await expect(author.getByText(`“${ITEM}” was sent for review.`)).toBeVisible();
  await expect(author.getByText(new RegExp(`^In review since ${DATE_TIME}\\.`))).toBeVisible();
  await author.getByText('Review history').click();
  await expect(author.locator('details', { hasText: 'Review history' }).getByRole('listitem')).toHaveCount(3);

  // The admin approves it from the preview: it is out, and its reader has it.
  await openFromQueue(page);
  await page.getByRole('button', { name: 'Odobri' }).click();
  const approve = page.getByRole('dialog', { name: `Odobravanje sadržaja „${ITEM}”` });
  await expect(approve.getByText('Sadržaj se objavljuje odmah, a primatelji dobivaju obavijest.')).toBeVisible();
  await approve.getByRole('button', { name: 'Odobri' }).click();
  await expect(page.getByText(`Sadržaj „${ITEM}” je odobren.`)).toBeVisible();
  expect(await readerHas(page)).toBe(true);

  // The author hears of it in the bell, which opens the item, now the admins' to change.
  await author.goto('/');
  const entry = author
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /Your content was approved/ });
  // The notice goes out with the server's next pass of its jobs.
  await expect(async () => {
    await author.reload();
    await author.getByRole('button', { name: /^Notifications/ }).click();
    await expect(entry).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await entry.click();
  await expect(author.getByRole('heading', { level: 1, name: ITEM })).toBeVisible();
  await expect(
    author.getByText('This content went out after review, so from now on the admins change it.'),
  ).toBeVisible();
  expect(await seriousViolations(author)).toEqual([]);
});
