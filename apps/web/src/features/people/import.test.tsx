import { IMPORT_MAX_BYTES, type ImportChange, type ImportProblem, type ImportRowOutcome } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/console/test/console-fixtures';
import { savedDownloads } from '@/test/downloads';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const csv = (text = 'Ime i prezime;E-mail\nAna Anić;ana@tvrtka.hr') =>
  new File([text], 'ljudi.csv', { type: 'text/csv' });

function openConsole(role: 'ADMIN' | 'ANALYST', path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({ 'GET /auth/me': () => ok(who), ...routes });
  return { ...renderApp(path), api };
}

const outcomeOf = (
  row: number,
  name: string,
  outcome: ImportRowOutcome['outcome'],
  changes: ImportChange[] = [],
): ImportRowOutcome => ({ row, name, outcome, changes, reason: null });

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
            outcomeOf(2, 'Ana Anić', 'new'),
            outcomeOf(3, 'Pero Perić', 'new'),
            outcomeOf(4, 'Iva Ivić', 'updated', [{ column: 'phone', from: null, to: '+385 91 123 4567' }]),
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
    expect(screen.getByRole('button', { name: 'Nove osobe (2)', pressed: true })).toBeInTheDocument();

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

  it('previews who is new, who is updated with what changes, and who stays as they are, a page at a time', async () => {
    const fresh = Array.from({ length: 51 }, (_, i) => outcomeOf(i + 4, `Nova Osoba ${i + 1}`, 'new'));
    const { user } = openConsole('ADMIN', '/admin/import', {
      'POST /import/template/check': () =>
        ok({
          rows: 53,
          problems: [],
          warnings: [],
          outcomes: [
            outcomeOf(2, 'Vesna Vidić-Horvat', 'updated', [
              { column: 'name', from: 'Vesna Vidić', to: 'Vesna Vidić-Horvat' },
              { column: 'role', from: 'USER', to: 'CREATOR' },
              { column: 'groups', from: 'Ured', to: null },
            ]),
            outcomeOf(3, 'Tomo Tomić', 'unchanged'),
            ...fresh,
          ],
        }),
    });
    await user.upload(await screen.findByLabelText('Odaberi datoteku s osobama'), csv());
    const preview = await screen.findByRole('region', { name: 'Što će se promijeniti' });
    const chips = within(preview).getByRole('list', { name: 'Prikaži retke' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Nove osobe (51)', 'Ažuriranja (1)', 'Bez promjena (1)']);
    // The first page of the new people, then the second.
    const newPeople = within(preview).getByRole('table', { name: 'Nove osobe' });
    expect(within(newPeople).getAllByRole('row')).toHaveLength(1 + 50);
    expect(within(newPeople).getAllByRole('row')[1]).toHaveTextContent('4Nova Osoba 1');
    await user.click(within(preview).getByRole('button', { name: 'Stranica 2' }));
    const rest = within(preview).getByRole('table', { name: 'Nove osobe' });
    expect(
      within(rest)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['54Nova Osoba 51']);

    await user.click(within(chips).getByRole('button', { name: 'Ažuriranja (1)' }));
    expect(within(chips).getByRole('button', { name: 'Ažuriranja (1)' })).toHaveAttribute('aria-pressed', 'true');
    const updated = within(preview).getByRole('table', { name: 'Osobe koje se ažuriraju' });
    const [, vesna] = within(updated).getAllByRole('row');
    expect(vesna).toHaveTextContent(
      '2Vesna Vidić-HorvatIme i prezime: Vesna Vidić → Vesna Vidić-HorvatUloga: Korisnik → Autor sadržajaGrupe: Ured → (prazno)',
    );
    expect(within(preview).queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Bez promjena (1)' }));
    const unchanged = within(preview).getByRole('table', { name: 'Osobe bez promjena' });
    expect(
      within(unchanged)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Redak', 'Ime i prezime']);
    expect(within(unchanged).getAllByRole('row')[1]).toHaveTextContent('3Tomo Tomić');
  });

  it('names the attribute columns in the changes and the problems: department, manager, start date', async () => {
    const problems: ImportProblem[] = [
      {
        row: 4,
        column: 'manager',
        code: 'unknownManager',
        message: 'Nema osobe „nitko@firma.hr” ni u organizaciji ni u tablici',
      },
      { row: 5, column: 'startDate', code: 'invalidDate', message: 'Neispravan datum' },
    ];
    const outcomes = [
      outcomeOf(2, 'Ana Anić', 'updated', [
        { column: 'department', from: 'Prodaja', to: 'Nabava' },
        { column: 'jobTitle', from: null, to: 'Referentica nabave' },
        { column: 'manager', from: 'Marko Marić', to: 'Vesna Vidić' },
        { column: 'startDate', from: null, to: '01.03.2024.' },
      ]),
    ];
    // The file with problems first; fixed, the preview of what it changes.
    let fixed = false;
    const { user } = openConsole('ADMIN', '/admin/import', {
      'POST /import/template/check': () =>
        ok(
          fixed ? { rows: 1, problems: [], warnings: [], outcomes } : { rows: 4, problems, warnings: [], outcomes: [] },
        ),
    });
    const input = await screen.findByLabelText('Odaberi datoteku s osobama');
    await user.upload(input, csv());
    const table = await screen.findByRole('table', { name: 'Problemi po retcima' });
    const [, manager, start] = within(table).getAllByRole('row');
    expect(manager).toHaveTextContent('Nadređeni: Nema osobe „nitko@firma.hr” ni u organizaciji ni u tablici');
    expect(start).toHaveTextContent('Datum zaposlenja: Neispravan datum');

    fixed = true;
    await user.upload(input, csv());
    const preview = await screen.findByRole('region', { name: 'Što će se promijeniti' });
    await user.click(within(preview).getByRole('button', { name: 'Ažuriranja (1)' }));
    const updated = within(preview).getByRole('table', { name: 'Osobe koje se ažuriraju' });
    expect(within(updated).getAllByRole('row')[1]).toHaveTextContent(
      '2Ana AnićOdjel: Prodaja → NabavaRadno mjesto: (prazno) → Referentica nabaveNadređeni: Marko Marić → Vesna VidićDatum zaposlenja: (prazno) → 01.03.2024.',
    );
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
            outcomeOf(2, 'Ana Anić', 'unchanged'),
            { ...outcomeOf(3, 'Sanja Kovačević', 'skipped'), reason: { code: 'personNotChangeable', message: reason } },
            outcomeOf(4, '=Iva Ivić', 'unchanged'),
          ],
        }),
    });
    await user.upload(await screen.findByLabelText('Odaberi datoteku s osobama'), csv());
    expect(await screen.findByText('3 retka, bez problema. Datoteku možete uvesti.')).toBeInTheDocument();
    // The preview opens on the first kind the file has.
    expect(screen.getByRole('button', { name: 'Bez promjena (2)', pressed: true })).toBeInTheDocument();
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
  const saved = savedDownloads();

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
