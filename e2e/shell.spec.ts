import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn, seriousViolations } from './support/journey';

test('the language choice switches the login screen to English and is remembered', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByLabel('Email or username')).toBeVisible();
  // Remembered from the first paint: the switch says so, and the server answers in English too.
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByLabel('Email or username').fill('ana@demo.hr');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Password', { exact: true }).fill('not-her-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password' })).toBeVisible();
  await page.getByRole('button', { name: 'hrvatski' }).click();
  await expect(page.getByRole('heading', { name: 'Prijava' })).toBeVisible();
});

const ENGLISH_MONTH = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

test('English survives a reload when signed in: the requests, the switch and the archive periods', async ({
  page,
}, testInfo) => {
  // This journey's own account, with one finished item so that the archive has a month to name.
  const signin = await page.request.post('/api/auth/signin', {
    data: { email: 'jezik@demo.hr', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await signin.json()).payload.token}` };
  const feed = await (await page.request.get('/api/mobile/content/list/new', { headers })).json();
  const welcome = feed.payload.content.find((item: { name: string }) => item.name === 'Dobrodošli u Kanal');
  const finished = await page.request.post('/api/mobile/content/mark-finished', {
    headers,
    data: { contentId: welcome.id },
  });
  expect(finished.status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Email or username').fill('jezik@demo.hr');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Jasna!' })).toBeVisible();
  await page.getByRole('link', { name: 'Archive' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();

  const languages: string[] = [];
  // The app's own API calls (images are the browser's requests, in the browser's language).
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch') languages.push(request.headers()['accept-language'] ?? '');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
  const periods = page.getByRole('region', { name: 'Filters' }).getByRole('group', { name: 'Time period' });
  // Months as English names them ("November 2026"); Croatian would say "studeni 2026.".
  await expect(periods.getByRole('checkbox', { name: ENGLISH_MONTH }).first()).toBeVisible();
  await expect(periods.getByRole('checkbox', { name: /\d{4}\.$/ })).toHaveCount(0);
  expect(languages.length).toBeGreaterThan(0);
  expect(new Set(languages)).toEqual(new Set(['en']));

  await page.getByRole('button', { name: 'Profile' }).click();
  const panel = page.getByRole('dialog', { name: 'Jasna Jezik' });
  await expect(panel.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'hrvatski' })).toHaveAttribute('aria-pressed', 'false');
});

test('unknown paths show the 404 text, signed in or not', async ({ page }) => {
  await page.goto('/nema/ovoga');
  await expect(page.getByText('Ovdje nema ničega: 404!')).toBeVisible();
  // The page as served names one stylesheet, and its icon in itself: on a slow phone, fewer requests wait
  // for the six connections the first screen's scripts need.
  const served = await (await page.request.get('/')).text();
  expect(served.match(/rel="stylesheet"/g)).toHaveLength(1);
  expect(served).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg/);

  await logIn(page, 'ana@demo.hr');
  await page.goto('/ni/ovoga');
  await expect(page.getByText('Ovdje nema ničega: 404!')).toBeVisible();
});

test('top bar navigation and the profile panel', async ({ page }, testInfo) => {
  await logIn(page, 'ana@demo.hr');
  await expect(page.getByRole('heading', { name: 'Bok, Ana!' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Demo d.o.o.')).toBeVisible();

  await page.getByRole('link', { name: 'Arhiva' }).click();
  await expect(page).toHaveURL(/\/archive$/);
  expect(await page.evaluate(() => localStorage.getItem('kanal.archive.page'))).toBe('0');
  await page.getByRole('link', { name: 'Početna' }).click();
  await expect(page).toHaveURL(/\/$/);

  const trigger = page.getByRole('button', { name: 'Profil' });
  await trigger.click();
  const panel = page.getByRole('dialog', { name: 'Ana Anić' });
  await expect(panel.getByText('ana@demo.hr')).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

  const box = await panel.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no layout');
  if (testInfo.project.name === 'phone') {
    // Full screen on a phone.
    expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(box.height).toBeGreaterThanOrEqual(viewport.height - 80);
  } else {
    // A dropdown on a desktop.
    expect(box.width).toBeLessThan(viewport.width / 2);
  }
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  await trigger.click();
  await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Ana!' })).toBeVisible();
});

test('the login and home screens have no serious accessibility violations and work by keyboard', async ({ page }) => {
  await page.goto('/login');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('E-mail ili korisničko ime').focus();
  await page.keyboard.type('ana@demo.hr');
  await page.keyboard.press('Enter');
  const password = page.getByLabel('Lozinka', { exact: true });
  await expect(password).toBeVisible();
  await password.focus();
  await page.keyboard.type('Demo1234!');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Bok, Ana!' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the first screen's code and data are asked for with the page, by a script the CSP allows", async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  const preloaded = () =>
    page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  const APP_CHUNK = /\/assets\/app-[\w-]+\.js$/;

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Prijava' })).toBeVisible();
  const signedOut = await preloaded();
  expect(signedOut.some((href) => /\/assets\/login-/.test(href))).toBe(true);
  expect(signedOut.some((href) => APP_CHUNK.test(href))).toBe(false);

  await logIn(page, 'ana@demo.hr');
  // The signed-in home has had its data before the page is loaded again: what is asked next is the new page's.
  await expect(page.locator('article.content-card').first()).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch') asked.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bok, Ana!' })).toBeVisible();
  const signedIn = await preloaded();
  expect(signedIn.some((href) => APP_CHUNK.test(href))).toBe(true);
  expect(signedIn.some((href) => /\/assets\/login-/.test(href))).toBe(false);
  // The user and the feed went out with the page, and the app took those answers instead of asking again.
  const early = () =>
    page.evaluate(() =>
      Object.entries((window as { kanalEarly?: { responses: object } }).kanalEarly?.responses ?? {}).map(
        ([path, response]) => `${path} ${response === undefined ? 'taken' : 'waiting'}`,
      ),
    );
  await expect.poll(early).toEqual(['/auth/me taken', '/mobile/content/list/new?limit=50&offset=0 taken']);
  // The cards' first picture (the largest paint) was asked for from the feed's answer, as the card asks for it.
  const firstPicture = await page.locator('article.content-card img').first().getAttribute('src');
  expect(firstPicture).toMatch(/^\/api\/files\//);
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute('href', firstPicture ?? '');
  expect(asked.filter((path) => path === '/api/auth/me')).toHaveLength(1);
  expect(asked.filter((path) => path === '/api/mobile/content/list/new')).toHaveLength(1);

  // What the first screen does not show comes once it is in: the organisation's manifest, the bell's notices.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/api/auth/manifest.webmanifest');
  await expect.poll(() => asked.includes('/api/notifications')).toBe(true);

  // An item's materials: the first slide's picture is asked for from the material's answer, as the slide asks.
  const safety = page.getByRole('article', { name: 'Zaštita na radu: osnove' });
  const id = /\/content\/(\d+)/.exec((await safety.getByRole('link').getAttribute('href')) ?? '')?.[1];
  await page.goto(`/content/${id}`);
  const slide = page.locator('img.slide__media');
  await expect(slide).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute(
    'href',
    (await slide.getAttribute('src')) ?? 'the slide has no picture',
  );

  // The archive's own texts (a chunk per language) come with the page, not once its code has run.
  await page.goto('/archive');
  await expect(page.getByRole('heading', { level: 1, name: 'Arhiva' })).toBeVisible();
  expect((await preloaded()).filter((href) => /\/assets\/archive-[\w-]+\.js$/.test(href))).toHaveLength(1);
  expect(refused).toEqual([]);
});
