import { IMPORT_MAX_BYTES, type ImportProblem } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { signInAs } from './test/console-fixtures';

type Routes = Parameters<typeof fakeApi>[0];

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const csv = (text = 'Ime i prezime;E-mail\nAna Anić;ana@tvrtka.hr') =>
  new File([text], 'ljudi.csv', { type: 'text/csv' });

function openConsole(role: 'ADMIN' | 'ANALYST', path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({ 'GET /auth/me': () => ok(who), ...routes });
  return { ...renderApp(path), api };
}

const importCalls = (calls: FakeRequest[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/import/template');

describe('importing people', () => {
  it('lists each row’s problems together, in row order, and keeps Import disabled', async () => {
    const problems: ImportProblem[] = [
      { row: 7, column: 'email', code: 'invalidEmail', message: 'Neispravna e-mail adresa' },
      { row: 3, column: 'groups', code: 'unknownGroup', message: 'Nema grupe „Nabava”' },
      { row: 3, column: 'name', code: 'required', message: 'Obavezno' },
    ];
    const { user, api } = openConsole('ADMIN', '/admin/import', {
      'POST /import/template/check': () => ok({ rows: 12, problems, warnings: [], outcomes: [] }),
    });
    await user.upload(await screen.findByLabelText('Odaberi datoteku s osobama'), csv());

    expect(await screen.findByText('Neispravnih redaka: 2 (od ukupno 12).')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Problemi po retcima' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Ime i prezime: ObaveznoGrupe: Nema grupe „Nabava”');
    expect(second).toHaveTextContent('7E-mail: Neispravna e-mail adresa');
    expect(screen.getByText(/Ispravite ih u datoteci/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uvezi' })).toBeDisabled();
    expect(api.find('POST', '/import/template/check')).toBeDefined();
    expect(importCalls(api.calls)).toHaveLength(0);
  });

  it('imports a file that passed the check, shows the counts and the activation codes sheet', async () => {
    const { user, api } = openConsole('ADMIN', '/admin/import', {
      'POST /import/template/check': () =>
        ok({
          rows: 3,
          problems: [],
          warnings: [],
          outcomes: [
            { row: 2, outcome: 'new', reason: null },
            { row: 3, outcome: 'new', reason: null },
            { row: 4, outcome: 'updated', reason: null },
          ],
        }),
      'POST /import/template': () =>
        ok({
          created: 2,
          updated: 1,
          unchanged: 0,
          skipped: 0,
          codes: [{ name: 'Pero Perić', username: 'pero', activationCode: 'ZX81QP' }],
        }),
    });
    const importButton = await screen.findByRole('button', { name: 'Uvezi' });
    expect(importButton).toBeDisabled();
    await user.upload(screen.getByLabelText('Odaberi datoteku s osobama'), csv());
    expect(await screen.findByText('3 retka, bez problema. Datoteku možete uvesti.')).toBeInTheDocument();
    expect(screen.getByText(/Odabrano: ljudi\.csv/)).toBeInTheDocument();
    expect(screen.getByText('Novih osoba: 2, ažuriranih: 1, bez promjena: 0, preskočenih: 0.')).toBeInTheDocument();

    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);
    const sheet = await screen.findByRole('dialog', { name: 'Aktivacijski kodovi' });
    expect(within(sheet).getByText('ZX81QP')).toBeInTheDocument();
    expect(screen.getByText('Uvoz je završen.')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Gotovo' }));

    const counts = screen.getByText('Dodano').closest('dl') as HTMLElement;
    expect(counts).toHaveTextContent('Dodano2Ažurirano1Bez promjena0Preskočeno0');
    expect(importButton).toBeDisabled();
    expect(importCalls(api.calls)).toHaveLength(1);
  });

  it('shows the warnings and the rows it will skip, with why, and still lets the file be imported', async () => {
    const reason = 'Račun s ulogom SUPERADMIN mijenja samo SUPERADMIN, pa se ovaj redak preskače.';
    const warning = 'Počinje znakom „=”, koji tablični programi čitaju kao formulu. Spremit će se kao običan tekst.';
    const { user } = openConsole('ADMIN', '/admin/import', {
      'POST /import/template/check': () =>
        ok({
          rows: 3,
          problems: [],
          warnings: [{ row: 4, column: 'name', code: 'formulaLike', message: warning }],
          outcomes: [
            { row: 2, outcome: 'unchanged', reason: null },
            { row: 3, outcome: 'skipped', reason: { code: 'personNotChangeable', message: reason } },
            { row: 4, outcome: 'unchanged', reason: null },
          ],
        }),
    });
    await user.upload(await screen.findByLabelText('Odaberi datoteku s osobama'), csv());
    expect(await screen.findByText('3 retka, bez problema. Datoteku možete uvesti.')).toBeInTheDocument();
    expect(screen.getByText('Novih osoba: 0, ažuriranih: 0, bez promjena: 2, preskočenih: 1.')).toBeInTheDocument();
    const warnings = screen.getByRole('table', { name: 'Upozorenja po retcima' });
    expect(within(warnings).getAllByRole('row')[1]).toHaveTextContent(`4Ime i prezime: ${warning}`);
    const skipped = screen.getByRole('table', { name: 'Preskočeni retci' });
    expect(
      within(skipped)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Redak', 'Razlog']);
    expect(within(skipped).getAllByRole('row')[1]).toHaveTextContent(`3${reason}`);
    expect(screen.queryByRole('table', { name: 'Problemi po retcima' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Uvezi' })).toBeEnabled());
  });

  it('shows why the server refused the file itself, without the field’s code name', async () => {
    const reason = 'Datoteka nije tablica: pošaljite XLSX ili CSV';
    const { user } = openConsole('ADMIN', '/admin/import', {
      // As the API answers a refused field: the whole sentence, and the field's own reason.
      'POST /import/template/check': () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'BodyParamsInvalid',
          message: `Neispravna vrijednost polja „file”: ${reason}`,
          field: 'file',
          fields: [{ field: 'file', message: reason }],
          requestId: 'req-test',
        },
      }),
    });
    await user.upload(await screen.findByLabelText('Odaberi datoteku s osobama'), csv('\u0000'));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${reason}$`));
    expect(screen.getByRole('button', { name: 'Uvezi' })).toBeDisabled();
  });

  it('refuses a file over the size limit without uploading it', async () => {
    const { user, api } = openConsole('ADMIN', '/admin/import');
    const large = csv();
    Object.defineProperty(large, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await user.upload(await screen.findByLabelText('Odaberi datoteku s osobama'), large);
    expect(await screen.findByRole('alert')).toHaveTextContent('Datoteka je veća od 5 MB.');
    expect(api.find('POST', '/import/template/check')).toBeUndefined();
  });

  it('is not offered to an analyst', async () => {
    openConsole('ANALYST', '/admin/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nije dostupno za vašu ulogu' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Odaberi datoteku s osobama')).not.toBeInTheDocument();
  });
});

describe('downloading files', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  const saved: string[] = [];

  beforeEach(() => {
    saved.length = 0;
    // jsdom has no object URLs and cannot follow a download link: the file's name is what is checked.
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    // download() frees the object URL ten seconds after the click, which may be after this test.
    URL.revokeObjectURL = revokeObjectURL ?? (() => undefined);
    vi.restoreAllMocks();
  });

  it('exports everyone as CSV from the export screen', async () => {
    const { user, api } = openConsole('ANALYST', '/admin/exports', { 'GET /export/users': () => ok({}) });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi CSV' }));
    await waitFor(() => expect(saved).toEqual(['kanal-export.csv']));
    expect(query(api.find('GET', '/export/users') as FakeRequest)).toEqual({ format: 'csv' });
  });

  it('says so when an export fails', async () => {
    const { user } = openConsole('ADMIN', '/admin/exports', {
      'GET /export/users': () => fail(503, 'ServiceUnavailable', 'Service unavailable.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi XLSX' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('downloads everything the check found as a spreadsheet, from the file again', async () => {
    const problems: ImportProblem[] = [{ row: 3, column: 'name', code: 'required', message: 'Obavezno' }];
    const { user, api } = openConsole('ADMIN', '/admin/import', {
      'POST /import/template/check': () => ok({ rows: 4, problems, warnings: [], outcomes: [] }),
      'POST /import/template/problems': () => ok({}),
    });
    await user.upload(await screen.findByLabelText('Odaberi datoteku s osobama'), csv());
    await user.click(await screen.findByRole('button', { name: 'Preuzmi sve nalaze provjere (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['kanal-import-problems.xlsx']));
    expect(api.find('POST', '/import/template/problems')).toBeDefined();
  });

  it('downloads the import template', async () => {
    const { user, api } = openConsole('ADMIN', '/admin/import', { 'GET /export/template': () => ok({}) });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi predložak' }));
    await waitFor(() => expect(saved).toEqual(['kanal-import.xlsx']));
    expect(api.find('GET', '/export/template')).toBeDefined();
  });
});
