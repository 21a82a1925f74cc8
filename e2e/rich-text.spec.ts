import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { anotherBrowser, card, logIn, logInInEnglish, publishToPerson, seriousViolations } from './support/journey';

// Two people in their own browsers through a whole journey, past a minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

const ASSETS = path.join(process.cwd(), 'apps/server/seed-assets/content');
const PASTE = path.join(process.cwd(), 'apps/web/src/test/paste');
/** The journey's own person (e2e/support/fixtures.mjs), whom its item is sent to. */
const PERSON = 'Tea Tekst';

/** Pastes HTML at the caret as the browser's clipboard would hand it to the editor. */
async function paste(page: Page, html: string) {
  await page.getByRole('textbox', { name: 'Tekst', exact: true }).evaluate((element, markup) => {
    const data = new DataTransfer();
    data.setData('text/html', markup);
    data.setData('text/plain', element.textContent ?? '');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** Resolves once the page has drawn the next frame, and so has run what was waiting for it. */
const afterNextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

const HOSTILE = [
  '<p>Napad<script>window.__xss = 1</script></p>',
  '<img src="x" onerror="window.__xss = 2">',
  '<p><a href="javascript:window.__xss = 3">klik</a></p>',
  '<svg onload="window.__xss = 4"><circle r="5"></circle></svg>',
  '<p style="background:url(javascript:window.__xss=5)" onclick="window.__xss = 6">kraj napada</p>',
].join('');

test('a creator formats a text, pastes from Google Docs and hostile markup, and a member reads it formatted in English', async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  // Each project (desktop, phone) its own item: both run against one organisation.
  const name = `Pravila skladišta (${test.info().project.name})`;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await logIn(page, 'creator@demo.hr');
  await page.goto('/admin/content/new');
  await page.getByRole('button', { name: /^Informacija/ }).click();
  await page.getByLabel('Naziv', { exact: true }).fill(name);
  // The item's picture, which its text will show.
  await page.getByLabel('Odaberi datoteke').setInputFiles(path.join(ASSETS, 'warehouse.webp'));
  await expect(page.getByText('Datoteka warehouse.webp je prenesena.')).toBeAttached();

  // Typed: a heading, a list with a bold word, and a link set through its panel.
  const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
  await text.click();
  await page.getByLabel('Vrsta odlomka').selectOption({ label: 'Naslov' });
  await text.pressSequentially('Najvažnije promjene');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Popis s oznakama' }).click();
  await expect(page.getByRole('button', { name: 'Popis s oznakama' })).toHaveAttribute('aria-pressed', 'true');
  await text.pressSequentially('Roba se zaprima samo uz otpremnicu');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Podebljano' }).click();
  await text.pressSequentially('Prolazi');
  await page.getByRole('button', { name: 'Podebljano' }).click();
  await text.pressSequentially(' moraju biti slobodni');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await text.pressSequentially('Pravilnik');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Poveznica' }).click();
  await page.getByLabel('Adresa poveznice').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Postavi poveznicu' }).click();
  await expect(page.getByText('Upišite web-adresu (https://…) ili e-adresu (mailto:…).')).toBeVisible();
  await page.getByLabel('Adresa poveznice').fill('kanal.hr/pravilnik');
  await page.getByRole('button', { name: 'Postavi poveznicu' }).click();
  await expect(page.getByRole('button', { name: 'Poveznica' })).toHaveAttribute('aria-expanded', 'false');
  // The editor takes its focus back, with the linked word selected, a frame later (Tiptap's focus command).
  await afterNextFrame(page);
  await expect(text.getByRole('link', { name: 'Pravilnik' })).toHaveAttribute('href', 'https://kanal.hr/pravilnik');

  // The item's picture, then a table of its own with the table's tools.
  await text.press('End');
  // ProseMirror learns of the moved caret from the browser's selectionchange, after the key: on a phone it
  // takes Enter from the change to the page, so an Enter before that replaced the word still selected.
  await afterNextFrame(page);
  await page.keyboard.press('Enter');
  await expect(text.getByRole('link', { name: 'Pravilnik' }), 'the linked word kept past the new line').toBeVisible();
  await page.getByRole('button', { name: 'Umetni sliku iz medija' }).click();
  await page.getByRole('button', { name: 'Umetni „warehouse”' }).click();
  await page.getByRole('button', { name: 'Umetni tablicu' }).click();
  await expect(page.getByRole('toolbar', { name: 'Uređivanje tablice' })).toBeVisible();
  await text.pressSequentially('Smjena');
  await page.keyboard.press('Tab');
  await text.pressSequentially('Vrijeme');
  expect(await seriousViolations(page)).toEqual([]);

  // Pasted after it: a Google Docs document, and markup meant to run a script.
  await page.keyboard.press('ControlOrMeta+End');
  await paste(page, await readFile(path.join(PASTE, 'google-docs.html'), 'utf8'));
  await expect(text.getByRole('heading', { level: 2, name: 'Godišnji odmor' })).toBeVisible();
  await paste(page, HOSTILE);
  await expect(text.getByText('kraj napada')).toBeVisible();
  // (The editor's own tables carry a style for their columns' widths; the published text carries none.)
  expect(await text.locator('script, svg, [onerror], [onclick], a[href^="javascript"]').count()).toBe(0);

  // Scrolled down a long text, its tools stay in sight below the console's own sticky bar, not under it.
  const barBottom = async () => {
    const bar = await page.locator('.console__bar').boundingBox();
    return (bar?.y ?? 0) + (bar?.height ?? 0);
  };
  const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
  const tools = page.getByRole('toolbar', { name: 'Oblikovanje teksta' });
  await page.evaluate((by) => window.scrollBy(0, by), (await top(text)) - (await barBottom()) + 200);
  await expect.poll(async () => (await top(text)) < (await barBottom())).toBe(true);
  expect(await top(tools)).toBeGreaterThanOrEqual((await barBottom()) - 1);

  await expect(text.getByRole('link', { name: 'Pravilnik' }), 'the linked word kept until publishing').toBeAttached();
  await publishToPerson(page, name, PERSON);

  // The member, in English, reads the text as it was formatted, and nothing of the attack runs.
  const member = await anotherBrowser(browser, page, baseURL);
  member.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await logInInEnglish(member, 'tekst@demo.hr');
  await card(member, name).getByRole('link', { name: 'Review' }).click();
  // A phone opens an announcement at its materials; a wider screen shows its intro first.
  if (!isMobile) await member.getByRole('link', { name: 'Start' }).click();
  const shown = member.getByRole('region', { name: 'Text' });
  await expect(shown.getByRole('heading', { level: 2, name: 'Najvažnije promjene' })).toBeVisible();
  await expect(shown.getByRole('listitem').filter({ hasText: 'Prolazi moraju biti slobodni' })).toBeVisible();
  await expect(shown.locator('strong', { hasText: 'Prolazi' })).toBeVisible();
  await expect(shown.getByRole('link', { name: 'Pravilnik' })).toHaveAttribute('href', 'https://kanal.hr/pravilnik');
  await expect(shown.getByRole('img', { name: 'warehouse' })).toBeVisible();
  expect(
    await shown.getByRole('img', { name: 'warehouse' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(shown.getByRole('columnheader', { name: 'Smjena' })).toBeVisible();
  // Google Docs' headings a level down, its list and its table, without its fonts and colours.
  await expect(shown.getByRole('heading', { level: 2, name: 'Godišnji odmor' })).toBeVisible();
  await expect(shown.getByRole('heading', { level: 3, name: 'Kako' })).toBeVisible();
  // Its bold and italic words stay so; the rest is not bold for the <b> Google Docs wraps a copy in.
  await expect(shown.locator('strong', { hasText: 'Zahtjeve' })).toHaveText('Zahtjeve');
  await expect(shown.locator('em', { hasText: 'Predajte ga voditelju' })).toBeVisible();
  await expect(shown.getByRole('heading', { level: 2, name: 'Godišnji odmor' }).locator('strong')).toHaveCount(0);
  await expect(shown.getByRole('listitem').filter({ hasText: 'Predajte ga voditelju' })).toBeVisible();
  await expect(shown.getByRole('cell', { name: '31. 3.' })).toBeVisible();
  await expect(shown.getByText('kraj napada')).toBeVisible();
  expect(await shown.locator('script, svg, iframe, [onerror], [onclick], [style], [class]').count()).toBe(0);
  expect(await member.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await seriousViolations(member)).toEqual([]);
});
