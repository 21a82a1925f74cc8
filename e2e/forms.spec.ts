import { expect, type Page, test } from '@playwright/test';
import { card, DATE, DEMO_PASSWORD, datesUnderLabels, logIn, seriousViolations } from './support/journey';
import {
  answerSafetyQuiz,
  option,
  progress,
  SAFETY,
  SAFETY_QUESTIONS,
  SAFETY_RIGHT_EQUIPMENT,
  startSafetyQuiz,
} from './support/safety-quiz';

// Whole journeys through a quiz (2 s after each single choice) and the archive: longer than the default.
test.describe.configure({ timeout: 90_000 });

// Each journey here signs in as its own account (e2e/support/fixtures.mjs, JOURNEY_USERS), so what one
// finishes never shows in another; both viewports have their own server and database.

async function openArchive(page: Page) {
  await page.getByRole('link', { name: 'Arhiva' }).click();
  await expect(page).toHaveURL(/\/archive$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Arhiva' })).toBeVisible();
}

test('pass an education: right and wrong marks, the result, points, then the archive and the answer review', async ({
  page,
  context,
}) => {
  await logIn(page, 'prolaz@demo.hr');
  await startSafetyQuiz(page, context);
  await expect(page.getByRole('heading', { name: SAFETY_QUESTIONS[0] })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^0:(30|29|28)$/);
  expect(await seriousViolations(page)).toEqual([]);

  await answerSafetyQuiz(page, true);
  await expect(page.getByRole('img', { name: 'Ostvareni rezultat: 100 %' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Čestitamo, položili ste edukaciju!' })).toBeVisible();
  await expect(page.getByText('Točno ste odgovorili na 4 od 4 bodovana pitanja.')).toBeVisible();
  await expect(page.getByText('Edukacija će biti spremljena u arhivu.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pošalji komentar' })).toBeVisible();
  // Confetti for a pass; none for whoever asked for less motion.
  await expect(page.locator('.celebration')).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(page.locator('.celebration')).toBeHidden();
  await page.emulateMedia({ reducedMotion: null });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(card(page, SAFETY)).toHaveCount(0);

  // Back from home reaches the passed quiz: it does not run again, the item's place in the archive opens.
  await page.goBack();
  await expect(page).toHaveURL(/\/archive\/\d+$/);
  await expect(page.getByRole('link', { name: 'Pregledaj odgovore' })).toBeVisible();
  await page.getByRole('link', { name: 'Početna' }).click();
  await expect(page).toHaveURL(/\/$/);

  // 10 points per correct answer of the passing attempt; the only one with points in this tenant's
  // history so far is marko's 30, so 40 ranks first.
  await page.getByRole('button', { name: 'Profil' }).click();
  const panel = page.getByRole('dialog', { name: 'Paula Prolaz' });
  await expect(panel.getByText('Bodovi')).toBeVisible();
  await expect(panel).toContainText(/Bodovi\s*40/);
  await expect(panel).toContainText(/Rang\s*1\./);
  await expect(panel).toContainText(/Točnost\s*100 %/);
  await page.keyboard.press('Escape');

  await openArchive(page);
  const archived = card(page, SAFETY);
  await expect(archived).toContainText(new RegExp(`Završeno ${DATE}`));
  await expect(archived).toContainText('100 %');
  await expect(archived).toContainText('4 / 4 točno');
  expect(await seriousViolations(page)).toEqual([]);

  await archived.getByRole('link', { name: 'Pregledaj' }).click();
  await expect(page).toHaveURL(/\/archive\/\d+$/);
  await expect(page.getByRole('link', { name: 'Pregledaj sadržaj' })).toBeVisible();
  await page.getByRole('link', { name: 'Pregledaj odgovore' }).click();
  await expect(page).toHaveURL(/\/archive\/\d+\/questions$/);
  const review = page.getByRole('region', { name: 'Vaši odgovori' });
  const rows = review.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(SAFETY_QUESTIONS[0] as string);
  await expect(rows.nth(0)).toContainText('Vaš odgovor: Upozorim kolege i nazovem 112');
  await expect(rows.nth(1)).toContainText(`Vaš odgovor: ${SAFETY_RIGHT_EQUIPMENT.join(', ')}`);
  for (let i = 0; i < 4; i += 1) await expect(rows.nth(i)).toContainText(/Točno$/);
  // All right: nothing to correct.
  await expect(review).not.toContainText('Točan odgovor');
  await expect(review).not.toContainText('Točni odgovori');
  await expect(page.getByRole('region', { name: 'Moji komentari' })).toContainText('Niste ostavili komentar.');
  expect(await seriousViolations(page)).toEqual([]);
});

test('fail an education, see it as attempted in the archive, then retry from the materials and pass', async ({
  page,
  context,
}) => {
  await logIn(page, 'popravak@demo.hr');
  await startSafetyQuiz(page, context);
  const materialsPath = `/content/${page.url().match(/\/content\/(\d+)\/quiz$/)?.[1]}`;
  await answerSafetyQuiz(page, false);

  await expect(page.getByRole('img', { name: 'Ostvareni rezultat: 0 %' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Nažalost, niste položili edukaciju.' })).toBeVisible();
  await expect(page.getByText('Točno ste odgovorili na 0 od 4 bodovana pitanja.')).toBeVisible();
  await expect(page.getByText('Edukacija će biti spremljena u arhivu.')).toHaveCount(0);
  await expect(page.getByText(/^Pogledajte materijale još jednom pa pokušajte ponovno\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // OK after a fail stores the attempt and goes back two steps, to the materials the quiz started from,
  // where what was seen stays seen: the document is still marked opened and the quiz can start again.
  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(new RegExp(`${materialsPath}$`));
  await expect(page.getByRole('region', { name: 'Dokumenti' }).getByText('Otvoreno')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Odgovori na pitanja' })).toBeEnabled();

  await openArchive(page);
  const attempted = page.getByRole('region', { name: 'Započeto, još nije položeno' });
  const failed = attempted.getByRole('article', { name: SAFETY });
  await expect(failed).toContainText(new RegExp(`Zadnji pokušaj ${DATE}`));
  await expect(failed).toContainText('0 %');
  await expect(failed).toContainText('0 / 4 točno');
  // Its date sits under its label like every card's, long as "Zadnji pokušaj …" is.
  expect(await datesUnderLabels(page)).toEqual([true]);
  // The review of a failed attempt gives the right answer beside each wrong one.
  await failed.getByRole('link', { name: 'Pregledaj' }).click();
  await page.getByRole('link', { name: 'Pregledaj odgovore' }).click();
  const wrongRows = page.getByRole('region', { name: 'Vaši odgovori' }).getByRole('listitem');
  await expect(wrongRows.nth(0)).toContainText('Vaš odgovor: Nastavim s radom');
  await expect(wrongRows.nth(0)).toContainText('Točan odgovor: Upozorim kolege i nazovem 112');
  await expect(wrongRows.nth(1)).toContainText(`Točni odgovori: ${SAFETY_RIGHT_EQUIPMENT.join(', ')}`);
  expect(await seriousViolations(page)).toEqual([]);
  for (let back = 0; back < 3; back += 1) await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${materialsPath}$`));

  await page.getByRole('button', { name: 'Odgovori na pitanja' }).click();
  await expect(progress(page, 1, 4)).toBeVisible();
  await answerSafetyQuiz(page, true);
  await expect(page.getByRole('heading', { level: 1, name: 'Čestitamo, položili ste edukaciju!' })).toBeVisible();
  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(card(page, SAFETY)).toHaveCount(0);

  // Passed now: finished, with the last attempt's mark, and no longer among the attempted ones.
  await openArchive(page);
  await expect(page.getByRole('region', { name: 'Započeto, još nije položeno' })).toHaveCount(0);
  const passed = page.getByRole('region', { name: 'Završeno' }).getByRole('article', { name: SAFETY });
  await expect(passed).toContainText('100 %');
  await expect(passed).toContainText('4 / 4 točno');
});

test('the time limit: an expired question is recorded empty and the next starts; a reload keeps question, answers and time', async ({
  page,
}) => {
  await logIn(page, 'vrijeme@demo.hr');
  const href = await card(page, SAFETY).getByRole('link', { name: 'Pregledaj' }).getAttribute('href');
  const id = href?.match(/\/content\/(\d+)\/intro$/)?.[1];
  expect(id).toBeDefined();

  // The page's clock is the test's once the first question is on screen: it moves only when told to.
  await page.clock.install();
  await page.goto(`/content/${id}/quiz`);
  await expect(progress(page, 1, 4)).toBeVisible();
  // Far enough ahead that a busy machine has not passed it by the time the call arrives (it cannot go back).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_500);
  const timer = page.getByRole('timer');
  const secondsShown = async () => {
    const [minutes, seconds] = ((await timer.textContent()) ?? '').split(':').map(Number);
    return (minutes ?? NaN) * 60 + (seconds ?? NaN);
  };
  const start = await secondsShown();
  expect(start).toBeGreaterThan(20);
  expect(start).toBeLessThanOrEqual(30);
  // The countdown ticks once a second, so any ten seconds hold exactly ten ticks.
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText(`0:${start - 10}`);

  // Time runs out on the first question: it is recorded unanswered and the second starts with full time.
  await page.clock.runFor((start - 10) * 1000);
  await expect(progress(page, 2, 4)).toBeVisible();
  await expect(timer).toHaveText('0:30');

  const group = page.getByRole('group', { name: SAFETY_QUESTIONS[1] });
  for (const name of SAFETY_RIGHT_EQUIPMENT) await group.getByLabel(name).check();
  await page.getByRole('button', { name: 'Dalje' }).click();
  // Half a second lets the screen move on and the new question start its countdown; then twelve ticks.
  await page.clock.runFor(500);
  await expect(progress(page, 3, 4)).toBeVisible();
  await page.clock.runFor(12_000);
  await expect(timer).toHaveText('0:18');

  // The reloaded page loads with the clock still held: it is let run in small steps until the question
  // is back, which is less than the second the restored countdown waits before its first tick.
  await page.reload();
  await expect
    .poll(async () => {
      await page.clock.runFor(20);
      return progress(page, 3, 4).isVisible();
    })
    .toBe(true);
  await expect(page.getByRole('heading', { name: SAFETY_QUESTIONS[2] })).toBeVisible();
  await expect(timer).toHaveText('0:18');

  await option(page, SAFETY_QUESTIONS[2] as string, '112').click();
  await page.clock.runFor(2_500);
  await expect(progress(page, 4, 4)).toBeVisible();
  await option(page, SAFETY_QUESTIONS[3] as string, 'Ne, nikada').click();
  await page.clock.runFor(2_500);
  await expect(page).toHaveURL(/\/quiz\/end$/);
  await page.clock.resume();

  // The answers from before the reload count: 3 of 4 (the expired first one is wrong), 75 % ≥ 60 %.
  await expect(page.getByRole('img', { name: 'Ostvareni rezultat: 75 %' })).toBeVisible();
  await expect(page.getByText('Točno ste odgovorili na 3 od 4 bodovana pitanja.')).toBeVisible();
  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/archive/${id}/questions`);
  const rows = page.getByRole('region', { name: 'Vaši odgovori' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Vaš odgovor: bez odgovora');
  await expect(rows.nth(0)).toContainText(/Netočno$/);
  await expect(rows.nth(2)).toContainText('Vaš odgovor: 112');
});

test('polls: every question type, thanks, gone from home; results stay hidden below five respondents and show from five', async ({
  page,
}) => {
  await logIn(page, 'anketa@demo.hr');
  await card(page, 'Zadovoljstvo radnim okruženjem').getByRole('link', { name: 'Pregledaj' }).click();
  await page.getByRole('link', { name: 'Odgovori na pitanja' }).click();
  await expect(page).toHaveURL(/\/content\/\d+\/poll$/);
  const pollId = page.url().match(/\/content\/(\d+)\/poll$/)?.[1];

  await expect(progress(page, 1, 4)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await option(page, 'Kako najčešće dolazite na posao?', 'Biciklom ili pješice').click();
  // A poll marks nothing right or wrong.
  await expect(progress(page, 2, 4)).toBeVisible();
  await expect(page.getByText('Točno!')).toHaveCount(0);

  const improve = page.getByRole('group', { name: 'Što bismo trebali poboljšati u uredu?' });
  await improve.getByLabel('Rasvjetu').check();
  await improve.getByLabel('Kuhinju').check();
  await page.getByRole('button', { name: 'Dalje' }).click();

  await expect(progress(page, 3, 4)).toBeVisible();
  const scale = page.getByRole('group', { name: 'Koliko ste zadovoljni svojim radnim prostorom?' });
  await expect(scale.getByRole('button')).toHaveText(['1', '2', '3', '4', '5']);
  await scale.getByRole('button', { name: '4', exact: true }).click();

  await expect(progress(page, 4, 4)).toBeVisible();
  const done = page.getByRole('button', { name: 'Završi' });
  await expect(done).toBeDisabled();
  await page.getByLabel('Vaš odgovor').fill('Više biljaka u uredu.');
  await done.click();

  await expect(page).toHaveURL(/\/poll\/end$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hvala na sudjelovanju' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The comment detour submits the answers; back on the end screen, OK finishes without posting them again.
  const submissions: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && /\/form\/attempt$/.test(new URL(response.url()).pathname))
      submissions.push(response.status());
  });
  await page.getByRole('button', { name: 'Pošalji komentar' }).click();
  await expect(page).toHaveURL(/\/comment$/);
  await page.getByLabel('Vaš komentar').fill('Hvala što pitate.');
  await page.getByRole('button', { name: 'Pošalji komentar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Hvala na komentaru!' })).toBeVisible();
  await expect(page).toHaveURL(/\/poll\/end$/);
  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(card(page, 'Zadovoljstvo radnim okruženjem')).toHaveCount(0);
  expect(submissions).toEqual([200]);

  // Anonymous: there are no personal answers to review, only the poll's totals, and not for one respondent.
  await page.goto(`/archive/${pollId}/questions`);
  const results = page.getByRole('region', { name: 'Rezultati ankete' });
  await expect(results).toContainText('Rezultati se prikazuju kad anketu ispuni najmanje 5 osoba.');
  await expect(page.getByRole('region', { name: 'Vaši odgovori' })).toHaveCount(0);
  await expect(results.getByRole('listitem')).toHaveCount(0);

  // The summer-party poll has four respondents in the demo history (two chose 19 June, one each the
  // others); this answer is the fifth, which shows the totals.
  await page.goto('/');
  await card(page, 'Termin ljetnog druženja').getByRole('link', { name: 'Pregledaj' }).click();
  await page.getByRole('link', { name: 'Odgovori na pitanja' }).click();
  await option(page, 'Koji vam termin najviše odgovara?', 'Subota, 20. lipnja').click();
  await option(page, 'Koliko vam je važno zajedničko druženje?', '5').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hvala na sudjelovanju' })).toBeVisible();
  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(/\/$/);

  await openArchive(page);
  await card(page, 'Termin ljetnog druženja').getByRole('link', { name: 'Pregledaj' }).click();
  await page.getByRole('link', { name: 'Pregledaj odgovore' }).click();
  const totals = page.getByRole('region', { name: 'Rezultati ankete' });
  await expect(totals).toContainText('Anketu je ispunilo 5 osoba.');
  // The answer rows, not the question's item around them, which holds every answer's text.
  const row = (answer: string) =>
    totals.getByRole('listitem').filter({ hasNotText: 'Koji vam termin' }).filter({ hasText: answer });
  await expect(row('Petak, 19. lipnja')).toContainText('2 (40 %)');
  await expect(row('Subota, 20. lipnja')).toContainText('2 (40 %)');
  await expect(row('Petak, 26. lipnja')).toContainText('1 (20 %)');
  expect(await seriousViolations(page)).toEqual([]);
});

type Api = {
  get: (path: string) => Promise<unknown>;
  post: (path: string, data: unknown) => Promise<unknown>;
};

/** The end-user API as `email`, over the page's own request context. */
async function apiAs(page: Page, email: string): Promise<Api> {
  const signIn = await page.request.post('/api/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  const { token } = ((await signIn.json()) as { payload: { token: string } }).payload;
  const headers = { Authorization: `Bearer ${token}` };
  const payload = async (response: Awaited<ReturnType<Page['request']['get']>>, what: string) => {
    expect(response.status(), what).toBe(200);
    return ((await response.json()) as { payload: unknown }).payload;
  };
  return {
    get: async (path) => payload(await page.request.get(`/api${path}`, { headers }), path),
    post: async (path, data) => payload(await page.request.post(`/api${path}`, { headers, data }), path),
  };
}

type ListedItem = { id: number; name: string };
type FormQuestion = { id: number; type: string; answers: { id: number }[] };

test('the archive: latest first, three a page, pager, filters kept across a reload, and clearing them', async ({
  page,
}, testInfo) => {
  const api = await apiAs(page, 'arhiva@demo.hr');
  const { content } = (await api.get('/mobile/content/list/new?limit=100')) as { content: ListedItem[] };
  const idOf = (name: string) => {
    const found = content.find((item) => item.name === name);
    if (!found) throw new Error(`${name} is not in the feed of arhiva@demo.hr`);
    return found.id;
  };
  const answerFirstOptions = async (name: string) => {
    const contentId = idOf(name);
    const { questions } = (await api.get(`/mobile/content/${contentId}/questions`)) as { questions: FormQuestion[] };
    await api.post(`/mobile/content/${contentId}/form/attempt`, {
      questionAnswers: questions.map((q) =>
        q.type === 'TEXT'
          ? { questionId: q.id, text: 'Bez posebnih zahtjeva.' }
          : { questionId: q.id, answers: [q.answers[0]?.id] },
      ),
    });
  };
  // Finished one after another, so the archive lists them in the reverse order.
  await api.post('/mobile/content/mark-finished', { contentId: idOf('Dobrodošli u Kanal') });
  await answerFirstOptions('Termin ljetnog druženja');
  await api.post('/mobile/content/mark-finished', { contentId: idOf('Proljetna akcija partnera: 20 % popusta') });
  await api.post('/mobile/content/mark-finished', { contentId: idOf('Obavite periodični liječnički pregled') });
  await answerFirstOptions('Prijava na tečaj prve pomoći');

  await logIn(page, 'arhiva@demo.hr');
  await openArchive(page);
  const finished = page.getByRole('region', { name: 'Završeno' }).getByRole('article');
  const titles = finished.getByRole('heading');
  await expect(titles).toHaveText([
    'Prijava na tečaj prve pomoći',
    'Obavite periodični liječnički pregled',
    'Proljetna akcija partnera: 20 % popusta',
  ]);
  expect(await datesUnderLabels(page)).toEqual([true, true, true]);
  const pager = page.getByRole('navigation', { name: 'Stranice arhive' });
  await expect(pager.getByRole('button', { name: 'Stranica 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: /^Stranica \d+$/ })).toHaveCount(2);
  await expect(pager.getByRole('button', { name: 'Prethodna stranica' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Sljedeća stranica' }).click();
  await expect(titles).toHaveText(['Termin ljetnog druženja', 'Dobrodošli u Kanal']);
  await expect(pager.getByRole('button', { name: 'Stranica 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Sljedeća stranica' })).toBeDisabled();

  // The page survives a reload.
  await page.reload();
  await expect(titles).toHaveText(['Termin ljetnog druženja', 'Dobrodošli u Kanal']);

  if (testInfo.project.name === 'phone') {
    const toggle = page.getByRole('button', { name: 'Filtri' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  const filters = page.getByRole('region', { name: 'Filtri' });
  // Only what occurs among the finished items is offered: no 'Ljudski resursi' (the unanswered poll's).
  const categories = filters.getByRole('group', { name: 'Kategorija' });
  await expect(categories.getByRole('checkbox', { name: 'Pogodnosti' })).toBeVisible();
  await expect(categories.getByRole('checkbox', { name: 'Ljudski resursi' })).toHaveCount(0);
  await expect(filters.getByRole('group', { name: 'Vremensko razdoblje' }).getByRole('checkbox')).toHaveCount(1);
  await expect(filters.getByRole('group', { name: 'Vrsta sadržaja' }).getByRole('checkbox')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);

  // A filter starts again at the first page: this month's period matches all five, and page 1 shows.
  const month = filters.getByRole('group', { name: 'Vremensko razdoblje' }).getByRole('checkbox');
  await month.check();
  await expect(titles).toHaveText([
    'Prijava na tečaj prve pomoći',
    'Obavite periodični liječnički pregled',
    'Proljetna akcija partnera: 20 % popusta',
  ]);
  await expect(pager.getByRole('button', { name: 'Stranica 1' })).toHaveAttribute('aria-current', 'page');
  await month.uncheck();
  await filters.getByRole('group', { name: 'Vrsta sadržaja' }).getByRole('checkbox', { name: 'Informacija' }).check();
  await expect(titles).toHaveText(['Proljetna akcija partnera: 20 % popusta', 'Dobrodošli u Kanal']);
  // One page needs no pager.
  await expect(pager).toHaveCount(0);
  await categories.getByRole('checkbox', { name: 'Pogodnosti' }).check();
  await expect(titles).toHaveText(['Proljetna akcija partnera: 20 % popusta']);

  await page.reload();
  if (testInfo.project.name === 'phone') {
    await expect(page.getByRole('button', { name: 'Filtri (2)' })).toBeVisible();
    await page.getByRole('button', { name: 'Filtri (2)' }).click();
  }
  await expect(titles).toHaveText(['Proljetna akcija partnera: 20 % popusta']);
  await expect(categories.getByRole('checkbox', { name: 'Pogodnosti' })).toBeChecked();

  await filters.getByRole('button', { name: 'Očisti filtre' }).click();
  await expect(titles).toHaveCount(3);
  await expect(pager.getByRole('button', { name: /^Stranica \d+$/ })).toHaveCount(2);
});

test('offline: home opens from what was last loaded, with a banner; a poll answered offline is sent once when the connection returns', async ({
  page,
  context,
}) => {
  // Installable: the page names the product's manifest, whose icons are there.
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Kanal', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).status()).toBe(200);

  await logIn(page, 'mreza@demo.hr');
  // Signed in, the app installs as the person's organisation's: its name, its logo first.
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveAttribute('href', '/api/auth/manifest.webmanifest');
  await expect(link).toHaveAttribute('crossorigin', 'use-credentials');
  const branded = await (await page.request.get('/api/auth/manifest.webmanifest')).json();
  expect(branded).toMatchObject({ name: 'Demo d.o.o.', short_name: 'Demo d.o.o.', start_url: '/' });
  expect(branded.icons).toHaveLength(manifest.icons.length + 1);
  for (const icon of branded.icons as { src: string }[]) expect((await page.request.get(icon.src)).status()).toBe(200);

  // The first visit installs the service worker; from the next load on, it keeps what the screens read.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const poll = 'Termin ljetnog druženja';
  await expect(card(page, poll)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Niste povezani s internetom. Prikazujemo ono što je zadnje učitano.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Bok, Mira!' })).toBeVisible();
  await expect(card(page, poll)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Opened with a connection, answered without one.
  await context.setOffline(false);
  await expect(page.getByText(/^Niste povezani s internetom/)).toHaveCount(0);
  await card(page, poll).getByRole('link', { name: 'Pregledaj' }).click();
  await page.getByRole('link', { name: 'Odgovori na pitanja' }).click();
  await expect(progress(page, 1, 2)).toBeVisible();
  await context.setOffline(true);
  const submissions: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && /\/form\/attempt$/.test(new URL(response.url()).pathname))
      submissions.push(response.status());
  });
  await option(page, 'Koji vam termin najviše odgovara?', 'Subota, 20. lipnja').click();
  await expect(progress(page, 2, 2)).toBeVisible();
  await option(page, 'Koliko vam je važno zajedničko druženje?', '4').click();
  await expect(page).toHaveURL(/\/poll\/end$/);
  await page.getByRole('button', { name: 'U redu' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/^Nema veze s internetom: odgovori su spremljeni/)).toBeVisible();
  expect(submissions).toEqual([]);

  // Back online: sent once, and the poll leaves home.
  await context.setOffline(false);
  await expect.poll(() => submissions).toEqual([200]);
  await expect(card(page, poll)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bok, Mira!' })).toBeVisible();
  expect(submissions).toEqual([200]);
});
