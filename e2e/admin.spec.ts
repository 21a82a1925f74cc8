import { expect, type Page, test } from '@playwright/test';
import { anotherBrowser, card, logIn, seriousViolations, submitLogin } from './support/journey';
import { mailedLink } from './support/mail';

// Two browsers through a whole journey: 22 s on a quiet machine, past a minute at a load of 13 on 2 cores.
test.describe.configure({ timeout: 120_000 });

/** The console's navigation: a sidebar on a desktop, a menu behind a button on a phone. */
async function openConsoleSection(page: Page, name: string) {
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Otvori izbornik' }).click();
  await page.getByRole('navigation', { name: 'Administracija' }).getByRole('link', { name }).click();
}

/** The first-time set-up at the login screen: the activation code, then a password. */
async function setUpWithCode(page: Page, username: string, code: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail ili korisničko ime').fill(username);
  await page.getByRole('button', { name: 'Prijava' }).click();
  await page.getByLabel('Aktivacijski kôd').fill(code);
  await page.getByLabel('Nova lozinka', { exact: true }).fill(password);
  await page.getByLabel('Potvrda lozinke', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Postavi lozinku' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bok, / })).toBeVisible();
}

test('an admin adds a person: welcome mail, first password, the items for everyone, then Prodaja’s, then shut out', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, 'admin@demo.hr');
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('link', { name: 'Administracija' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  await openConsoleSection(page, 'Osobe');
  await expect(page.getByRole('heading', { level: 1, name: 'Osobe' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Nova osoba' }).click();
  await page.getByRole('button', { name: 'Dodaj osobu' }).click();
  await expect(page.getByText('Unesite e-mail ili korisničko ime')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Ime i prezime').fill('Nika Novak');
  await page.getByLabel('E-mail').fill('nika@demo.hr');
  await page.getByRole('button', { name: 'Dodaj osobu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nika Novak' })).toBeVisible();
  await expect(page.getByText('Pozvan', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The welcome mail's link sets the first password.
  const nika = await anotherBrowser(browser, page, baseURL);
  await nika.goto(await mailedLink(baseURL ?? '', 'nika@demo.hr', 'welcome'));
  await expect(nika.getByRole('heading', { name: 'Dobro došli u Kanal' })).toBeVisible();
  await nika.getByLabel('Lozinka', { exact: true }).fill('nikina-lozinka');
  await nika.getByLabel('Potvrda lozinke').fill('nikina-lozinka');
  await nika.getByRole('button', { name: 'Spremi lozinku' }).click();
  await nika.getByRole('link', { name: 'Na prijavu' }).click();
  await submitLogin(nika, 'nika@demo.hr', 'nikina-lozinka');
  await expect(nika.getByRole('heading', { level: 1, name: 'Bok, Nika!' })).toBeVisible();
  await expect(card(nika, 'Dobrodošli u Kanal')).toBeVisible();
  await expect(card(nika, 'Upoznajte novu liniju proizvoda')).toHaveCount(0);

  // Into Prodaja: its items arrive at once.
  await page.reload();
  await expect(page.getByText('Aktivan', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Prodaja' }).check();
  await page.getByRole('button', { name: 'Spremi promjene' }).click();
  await expect(page.getByText('Promjene su spremljene.')).toBeVisible();
  await nika.reload();
  await expect(card(nika, 'Upoznajte novu liniju proizvoda')).toBeVisible();

  // Deactivated: the open session is refused at the next step, and sign-in says why.
  await page.getByRole('button', { name: 'Deaktiviraj' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deaktivirati osobu Nika Novak?' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Deaktiviraj' }).click();
  await expect(page.getByText('Osoba je deaktivirana.')).toBeVisible();
  await expect(page.getByText('Deaktiviran', { exact: true })).toBeVisible();
  await card(nika, 'Dobrodošli u Kanal').getByRole('link').first().click();
  // The item's screen loads its code, then asks for the item, and only that refusal signs her out: on a
  // busy machine that chain can outlast the default wait (it did once in CI).
  await expect(nika).toHaveURL(/\/login$/, { timeout: 30_000 });
  await submitLogin(nika, 'nika@demo.hr', 'nikina-lozinka');
  await expect(nika.getByText('Vaš je račun deaktiviran.', { exact: false })).toBeVisible();
});

test('an import shows the bad row’s problem, the fixed file imports, and its three people can sign in', async ({
  page,
}) => {
  await logIn(page, 'admin@demo.hr');
  await page.goto('/admin/users');
  await openConsoleSection(page, 'Uvoz osoba');
  await expect(page.getByRole('heading', { level: 1, name: 'Uvoz osoba' })).toBeVisible();

  const header = 'Ime i prezime;E-mail;Korisničko ime;Telefon;Uloga;Grupe';
  const rows = (third: string) =>
    [header, 'Lana Lukić;;lana.lukic;;USER;Prodaja', 'Filip Filić;;filip.filic;;USER;', third].join('\n');
  const file = page.getByLabel('Odaberi datoteku s osobama');
  await file.setInputFiles({
    name: 'osobe.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows(';;;;USER;Nepoznata')),
  });
  const problems = page.getByRole('table', { name: 'Problemi po retcima' });
  // Row 4 of the sheet (the header is row 1), with every problem it has.
  const badRow = problems.getByRole('row').filter({ hasText: 'Nema grupe „Nepoznata”' });
  await expect(badRow.getByRole('cell').first()).toHaveText(/4$/);
  await expect(badRow).toContainText('Ime i prezime: Obavezno');
  await expect(page.getByRole('button', { name: 'Uvezi' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await file.setInputFiles({
    name: 'osobe-ispravljeno.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows('Mia Mikić;;mia.mikic;;USER;Skladište')),
  });
  await expect(page.getByText('3 retka, bez problema. Datoteku možete uvesti.')).toBeVisible();
  await page.getByRole('button', { name: 'Uvezi' }).click();
  // The confirmation is brief (4 s): looked for as it comes, not after the codes are read.
  await expect(page.getByText('Uvoz je završen.')).toBeVisible();
  const sheet = page.getByRole('dialog', { name: 'Aktivacijski kodovi' });
  await expect(sheet).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const codes = new Map<string, string>();
  for (const username of ['lana.lukic', 'filip.filic', 'mia.mikic']) {
    const cell = sheet.getByRole('row').filter({ hasText: username }).getByRole('cell').last();
    codes.set(username, ((await cell.textContent()) ?? '').trim());
    // On one line, on a desktop and on a phone: broken at its dashes, a code reads as two.
    const lines = await cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  }
  await sheet.getByRole('button', { name: 'Gotovo' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('definition').first()).toHaveText('3');

  for (const [username, code] of codes) {
    const person = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
    const tab = await person?.newPage();
    if (!tab) throw new Error('no second browser context');
    await setUpWithCode(tab, username, code, `${username}-lozinka`);
    await person?.close();
  }

  // The page's select-all box can be ticked on a phone too, where it stands alone above the cards.
  await page.goto('/admin/users');
  const everyone = page.getByRole('checkbox', { name: 'Odaberi sve na ovoj stranici' });
  await everyone.check();
  await expect(everyone).toBeChecked();
  await expect(page.getByRole('table').getByRole('checkbox').nth(1)).toBeChecked();
});

test('a SUPERADMIN creates an organisation whose first admin signs in to an empty, working console', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, 'super@demo.hr');
  await page.goto('/admin/tenants');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizacije' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Nova organizacija' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Naziv organizacije').fill('Pekara Klas d.o.o.');
  await page.getByLabel('Ime i prezime').fill('Klara Klasić');
  await page.getByLabel('E-mail').fill('klara@klas.hr');
  await page.getByRole('button', { name: 'Dodaj organizaciju' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pekara Klas d.o.o.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The bakery's colours: its yellow is too light to read, so the darker shade offered is taken.
  const primary = page.getByRole('textbox', { name: 'Glavna boja', exact: true });
  await primary.fill('#f2c200');
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await expect(primary).toHaveAccessibleDescription(/^Presvijetla boja: .* 1,5:1, .* 4,5:1/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Koristi tamniju #/ }).click();
  const bakeryColor = await primary.inputValue();
  expect(bakeryColor).toMatch(/^#[0-9a-f]{6}$/);
  await page.getByRole('textbox', { name: 'Boja naglaska (neobavezno)', exact: true }).fill('#c2410c');
  await page.getByRole('button', { name: 'Spremi boje' }).click();
  await expect(page.getByText('Boje su spremljene.')).toBeVisible();

  const klara = await anotherBrowser(browser, page, baseURL);
  await klara.goto(await mailedLink(baseURL ?? '', 'klara@klas.hr', 'welcome'));
  await klara.getByLabel('Lozinka', { exact: true }).fill('klasina-lozinka');
  await klara.getByLabel('Potvrda lozinke').fill('klasina-lozinka');
  await klara.getByRole('button', { name: 'Spremi lozinku' }).click();
  await klara.getByRole('link', { name: 'Na prijavu' }).click();
  await submitLogin(klara, 'klara@klas.hr', 'klasina-lozinka');
  await expect(klara.getByRole('heading', { level: 1, name: 'Bok, Klara!' })).toBeVisible();
  // Her app is drawn in the bakery's colours, and reads as well as in the product's.
  const drawn = (name: string) =>
    klara.evaluate((property) => getComputedStyle(document.documentElement).getPropertyValue(property), name);
  await expect.poll(() => drawn('--color-primary')).toBe(bakeryColor);
  expect(await drawn('--color-accent')).toBe('#c2410c');
  expect(await seriousViolations(klara)).toEqual([]);
  await klara.goto('/admin');
  // An empty organisation's dashboard says so rather than drawing empty charts.
  await expect(klara.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  await expect(klara.getByText('Još nema aktivnih sadržaja.')).toBeVisible();
  await expect(klara.getByText('Organizacija još nema grupa.')).toBeVisible();
  expect(await seriousViolations(klara)).toEqual([]);
  await openConsoleSection(klara, 'Osobe');
  await expect(klara.getByRole('link', { name: 'Klara Klasić' })).toBeVisible();
  await openConsoleSection(klara, 'Grupe');
  await expect(klara.getByText('Još nema nijedne grupe')).toBeVisible();
  expect(await seriousViolations(klara)).toEqual([]);
  // Her console is her organisation's: no organisations of the provider's.
  await expect(klara.getByRole('link', { name: 'Organizacije' })).toHaveCount(0);
});

test('every console screen reads well to axe and works by keyboard', async ({ page }) => {
  await logIn(page, 'admin@demo.hr');
  for (const [path, title] of [
    ['/admin/groups', 'Grupe'],
    ['/admin/sso', 'Jedinstvena prijava'],
    ['/admin/scim', 'Sinkronizacija imenika'],
    // Last: the keyboard part below starts from its link to the people list.
    ['/admin/exports', 'Izvoz'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.getByRole('link', { name: 'Otvori popis osoba' }).click();
  await page.getByRole('link', { name: 'Ana Anić' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Anić' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Anić' })).toBeFocused();

  await page.goto('/admin/groups');
  await page.getByRole('link', { name: 'Prodaja' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prodaja' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A dialog by keyboard: opened, focus inside, Escape closes it and gives focus back.
  const add = page.getByRole('button', { name: 'Dodaj osobe' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Dodaj osobe u grupu' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
});

test('a SUPERADMIN takes a promotion off an organisation and sends it again; its people see it go and come back', async ({
  page,
  browser,
  baseURL,
}) => {
  const PROMOTION = 'Proljetna akcija partnera: 20 % popusta';
  const petra = await anotherBrowser(browser, page, baseURL);
  await logIn(petra, 'petra@druga.hr');
  // The seed sent the provider's promotion to Druga firma: its copy is on Petra's home.
  await expect(card(petra, PROMOTION)).toBeVisible();

  await logIn(page, 'super@demo.hr');
  await page.goto('/admin');
  // The console opens on the dashboard: the menu is opened once it has (a navigation closes it).
  await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
  await openConsoleSection(page, 'Promocije');
  await expect(page.getByRole('heading', { level: 1, name: 'Promocije' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const row = page.getByRole('row', { name: new RegExp(PROMOTION) });
  await expect(row).toContainText('Druga firma d.o.o.');
  await row.getByRole('link', { name: PROMOTION }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROMOTION })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Makni Druga firma d.o.o.' }).click();
  await page.getByRole('button', { name: 'Spremi i pošalji' }).click();
  await expect(page.getByText('Promocija sada ide u 0 organizacija.')).toBeVisible();
  await petra.reload();
  await expect(petra.getByRole('heading', { level: 1, name: /^Bok, / })).toBeVisible();
  await expect(card(petra, PROMOTION)).toHaveCount(0);

  await page.getByRole('checkbox', { name: /Druga firma d\.o\.o\./ }).check();
  await page.getByRole('button', { name: 'Spremi i pošalji' }).click();
  await expect(page.getByText('Promocija sada ide u 1 organizaciju.')).toBeVisible();
  await petra.reload();
  await expect(card(petra, PROMOTION)).toBeVisible();
  await petra.context().close();
});
