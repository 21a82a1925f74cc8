import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, logIn, seriousViolations } from './support/journey';

type Question = { id: number; answers: { id: number }[] };

/** The journey's own quiz (e2e/support/fixtures.mjs), sent to its two people only. */
const STATS_QUIZ = 'Kviz za statistiku';

/** Answers the statistics quiz through the API as `email`: every question right, or every one wrong. */
async function takeQuiz(page: Page, email: string, right: boolean) {
  const signIn = await page.request.post('/api/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  const { token } = ((await signIn.json()) as { payload: { token: string } }).payload;
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/mobile/content/list/new?limit=100', { headers });
  const { content } = ((await list.json()) as { payload: { content: { id: number; name: string }[] } }).payload;
  const id = content.find((item) => item.name === STATS_QUIZ)?.id;
  expect(id, `${STATS_QUIZ} in the feed of ${email}`).toBeDefined();
  const read = await page.request.post('/api/mobile/content/mark-viewed', { headers, data: { contentId: id } });
  expect(read.status()).toBe(200);
  const form = await page.request.get(`/api/mobile/content/${id}/questions`, { headers });
  const { questions } = ((await form.json()) as { payload: { questions: Question[] } }).payload;
  // The seed lists each question's right answer first.
  const pick = (q: Question) => [q.answers[right ? 0 : 1]?.id];
  const sent = await page.request.post(`/api/mobile/content/${id}/form/attempt`, {
    headers,
    data: { questionAnswers: questions.map((q) => ({ questionId: q.id, answers: pick(q) })) },
  });
  expect(sent.status()).toBe(200);
}

test('after one person passes a quiz and another fails it, an analyst reads it in the statistics and downloads them', async ({
  page,
}, testInfo) => {
  await takeQuiz(page, 'stjepan@demo.hr', true);
  await takeQuiz(page, 'stela@demo.hr', false);

  // An analyst's console opens on the dashboard.
  await logIn(page, 'analyst@demo.hr');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^U odabranom razdoblju: otvaranja \d+/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Brojke' }).getByText('Aktivni u zadnjih 7 dana')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // From the content list, an item's reach leads to its statistics.
  await page.goto(`/admin/content?q=${encodeURIComponent(STATS_QUIZ)}`);
  await page.getByRole('link', { name: new RegExp(`Statistika, ${STATS_QUIZ}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistika' })).toBeVisible();

  const funnel = page.getByRole('region', { name: 'Tko je stigao dokle' });
  const step = (name: string) => funnel.locator('li', { hasText: name });
  await expect(step('Primatelji')).toContainText('2');
  await expect(step('Otvorili')).toContainText('2');
  await expect(step('Završili')).toContainText('1');
  await expect(step('Položili')).toContainText('1');
  await expect(funnel.getByRole('img')).toHaveAccessibleName(
    'Od 2 primatelja otvorilo je 2, završilo 1, a položilo 1.',
  );

  // Each question: one right and one wrong pick, the right answer marked in words.
  const answers = page.getByRole('region', { name: 'Odgovori po pitanjima' });
  const first = answers.locator('.stats__question', { hasText: '1. Koliko je 2 + 2?' });
  await first.getByText('Prikaži brojke u tablici').click();
  await expect(first.locator('tr', { hasText: 'Četiri (točan)' })).toContainText('1');
  await expect(first.locator('tr', { hasText: 'Pet' })).toContainText('1');

  const people = page.getByRole('region', { name: 'Osobe' });
  await expect(people.locator('tr', { hasText: 'Stjepan Statistika' })).toContainText('Završeno');
  await expect(people.locator('tr', { hasText: 'Stjepan Statistika' })).toContainText('100 %');
  await expect(people.locator('tr', { hasText: 'Stela Statistika' })).toContainText('Nije položeno');
  await people.getByLabel('Stanje').selectOption({ label: 'Nije položeno' });
  await expect(people.getByText('Stjepan Statistika')).toHaveCount(0);
  await expect(people.getByText('Stela Statistika')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The export holds both people with their state, marks and answers.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Preuzmi XLSX' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kanal-sadrzaj-\d+\.xlsx$/);
  const file = testInfo.outputPath('statistika.xlsx');
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Osobe');
  const rows: string[] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).join('|')));
  expect(rows[0]).toContain('Stanje|Pregledano|Završeno|Pokušaji|Najbolja ocjena (%)');
  expect(rows.find((row) => row.startsWith('Stjepan Statistika'))).toMatch(
    /\|završeno\|.*\|1\|100\|100\|Četiri\|Plava$/,
  );
  expect(rows.find((row) => row.startsWith('Stela Statistika'))).toMatch(/\|nije položeno\|.*\|1\|0\|0\|Pet\|Zelena$/);
});
