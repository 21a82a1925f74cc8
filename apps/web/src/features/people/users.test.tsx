import type { ActivityItem } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeAdminUser, signInAs } from '@/console/test/console-fixtures';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const DEPARTMENTS = ['Prodaja', 'Prodaja, sjever', null] as const;
const people = Array.from({ length: 45 }, (_, i) =>
  makeAdminUser(i + 1, {
    name: `Osoba ${String(i + 1).padStart(2, '0')}`,
    department: DEPARTMENTS[i % 3] ?? null,
    location: i % 2 === 0 ? 'Zagreb' : null,
  }),
);
const attributeValues = {
  departments: [
    { value: 'Prodaja', count: 15 },
    { value: 'Prodaja, sjever', count: 15 },
  ],
  locations: [{ value: 'Zagreb', count: 23 }],
  jobTitles: [],
};

type Routes = Parameters<typeof fakeApi>[0];

function openUsers(role: 'ADMIN' | 'ANALYST' | 'USER', path = '/admin/users', routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({
    ...routes,
    'GET /auth/me': () => ok(who),
    'GET /group/tenant': () => ok([{ id: 3, name: 'Prodaja' }]),
    'GET /user/attributes': routes['GET /user/attributes'] ?? (() => ok(attributeValues)),
    'GET /user':
      routes['GET /user'] ??
      ((request) => {
        const { offset = '0', limit = '20', q, manager } = query(request);
        const matching = people.filter(
          (p) => (!q || p.name.includes(q)) && (!manager || p.manager?.id === Number(manager)),
        );
        return ok({ count: matching.length, items: matching.slice(Number(offset), Number(offset) + Number(limit)) });
      }),
  });
  return { ...renderApp(path), api };
}

describe('the people table', () => {
  it('lists a page of people with their role and status, and pages through the rest by the URL', async () => {
    const { user, router, api } = openUsers('ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Osobe' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Osobe' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('1–20 od 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stranica 3' }));
    expect(await screen.findByText('41–45 od 45')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(query(api.calls.at(-1) as FakeRequest)).toMatchObject({ offset: '40', limit: '20', sort: 'name' });
  });

  it('opens the page the URL names, and a page past the end as the last one, in its place in the history', async () => {
    const { router } = openUsers('ADMIN', '/admin/users?page=2');
    expect(await screen.findByText('21–40 od 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stranica 2' })).toHaveAttribute('aria-current', 'page');

    await router.navigate('/admin/users?page=999');
    expect(await screen.findByText('41–45 od 45')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('is the 404 screen for someone without the console', async () => {
    openUsers('USER');
    expect(await screen.findByRole('heading', { name: 'Ovdje nema ničega: 404!' })).toBeInTheDocument();
  });
});

describe('searching and filtering people', () => {
  it('keeps the search, the filters and the sort in the URL and sends them to the API', async () => {
    const { user, router, api } = openUsers('ADMIN');
    await screen.findByRole('table', { name: 'Osobe' });
    const search = screen.getByRole('searchbox', { name: 'Pretraži osobe' });
    await user.type(search, 'Osoba 4{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Osoba+4'));
    // The list follows the search in the URL; the person typing stays in the box.
    expect(search).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Uloga' }), 'Administrator');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grupa' }), 'Prodaja');
    await user.click(screen.getByRole('button', { name: /^Dodano/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: 'Osoba 4',
        role: 'ADMIN',
        group: '3',
        sort: 'createdAt',
      }),
    );
    expect(query(api.calls.at(-1) as FakeRequest)).toMatchObject({
      q: 'Osoba 4',
      role: 'ADMIN',
      group: '3',
      sort: 'createdAt',
    });
    await user.click(screen.getByRole('button', { name: 'Poništi filtre' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=createdAt'));
  });

  it('says so when nobody matches, and offers the first steps when there is nobody at all', async () => {
    openUsers('ADMIN', '/admin/users?q=nitko', { 'GET /user': () => ok({ count: 0, items: [] }) });
    expect(await screen.findByText('Nijedna osoba ne odgovara pretrazi')).toBeInTheDocument();
  });
});

describe('people by their attributes', () => {
  it('shows department and location, and filters by the values in use, kept in the URL and sent to the API', async () => {
    const { user, router, api } = openUsers('ADMIN');
    const table = await screen.findByRole('table', { name: 'Osobe' });
    expect(within(table).getByRole('columnheader', { name: 'Odjel' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Lokacija' })).toBeInTheDocument();
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByText('Prodaja')).toBeInTheDocument();
    expect(within(first).getByText('Zagreb')).toBeInTheDocument();
    // Nobody has a job title yet: no filter for it.
    expect(screen.queryByRole('combobox', { name: 'Radno mjesto' })).not.toBeInTheDocument();

    const department = screen.getByRole('combobox', { name: 'Odjel' });
    await waitFor(() => expect(department).toBeEnabled());
    expect(within(department).getByRole('option', { name: 'Prodaja, sjever (15)' })).toBeInTheDocument();
    await user.selectOptions(department, 'Prodaja, sjever (15)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lokacija' }), 'Zagreb (23)');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        department: 'Prodaja, sjever',
        location: 'Zagreb',
      }),
    );
    // A value with a comma goes in quotes, so the API reads it as one.
    await waitFor(() =>
      expect(query(api.calls.at(-1) as FakeRequest)).toMatchObject({
        department: '"Prodaja, sjever"',
        location: 'Zagreb',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Poništi filtre' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps a value the URL names that nobody has any more, and says so when the values do not load', async () => {
    openUsers('ADMIN', '/admin/users?jobTitle=Skladi%C5%A1tar', {
      'GET /user/attributes': () => fail(500, 'Internal', 'x'),
    });
    const jobTitle = await screen.findByRole('combobox', { name: 'Radno mjesto' });
    expect(jobTitle).toHaveValue('Skladištar');
    expect(await screen.findAllByRole('option', { name: 'Vrijednosti filtara nisu se učitale.' })).not.toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Odjel' })).toBeDisabled();
  });

  it("lists a person's people from the URL, naming them, and takes the filter off", async () => {
    const boss = makeAdminUser(9, { name: 'Marko Marić' });
    const { user, router, api } = openUsers('ADMIN', '/admin/users?manager=9', { 'GET /user/9': () => ok(boss) });
    expect(await screen.findByText('Podređeni osobi Marko Marić')).toBeInTheDocument();
    expect(query(api.find('GET', '/user') as FakeRequest)).toMatchObject({ manager: '9' });
    await user.click(screen.getByRole('button', { name: 'Ukloni filtar: podređeni osobi Marko Marić' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Podređeni osobi Marko Marić')).not.toBeInTheDocument();
  });
});

describe('acting on selected people', () => {
  it('names the authors a delete refused, and keeps the dialog open', async () => {
    const reason = 'Nitko nije obrisan. Autori sadržaja ne mogu se obrisati, samo deaktivirati: Osoba 02';
    const { user } = openUsers('ADMIN', '/admin/users', {
      'POST /user/delete-by-ids': () => ({
        status: 409,
        body: {
          statusCode: 409,
          code: 'UserOwnsContent',
          message: 'x',
          field: 'ids',
          fields: [{ field: 'ids', message: reason }],
        },
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Odaberi: Osoba 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Odaberi: Osoba 02' }));
    await user.click(screen.getByRole('button', { name: 'Obriši' }));
    const dialog = await screen.findByRole('dialog', { name: 'Obrisati 2 osobe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Obriši' }));
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
  });

  it('deactivates the ticked people after asking, and clears the selection', async () => {
    const patched: number[] = [];
    const { user, api } = openUsers('ADMIN', '/admin/users', {
      'PATCH /user/1': () => {
        patched.push(1);
        return ok({ ...people[0], status: 'deactivated' });
      },
      'PATCH /user/2': () => {
        patched.push(2);
        return ok({ ...people[1], status: 'deactivated' });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Odaberi: Osoba 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Odaberi: Osoba 02' }));
    expect(screen.getByText('Odabrane su 2 stavke')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deaktiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivirati 2 osobe?' });
    expect(patched).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deaktiviraj' }));
    expect(await screen.findByText('Deaktivirane su 2 osobe.')).toBeInTheDocument();
    expect(patched.sort()).toEqual([1, 2]);
    expect(api.find('PATCH', '/user/1')?.body).toEqual({ active: false });
    expect(screen.queryByText('Odabrane su 2 stavke')).not.toBeInTheDocument();
  });

  it('sends reset links, saying the passwords keep working, and shows the new codes of username-only people', async () => {
    const { user, api } = openUsers('ADMIN', '/admin/users', {
      'POST /user/reset-password': () =>
        ok({ mailed: 1, codes: [{ id: 2, name: 'Osoba 02', username: 'osoba2', activationCode: 'K7P2QX' }] }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Odaberi sve na ovoj stranici' }));
    await user.click(screen.getByRole('button', { name: 'Pošalji poveznicu za lozinku' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('dok je ne iskoriste, prijavljuju se dosadašnjom');
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji poveznicu za lozinku' }));
    const sheet = await screen.findByRole('dialog', { name: 'Aktivacijski kodovi' });
    expect(within(sheet).getByText('K7P2QX')).toBeInTheDocument();
    expect(screen.getByText('Poveznica za novu lozinku poslana je 1 osobi.')).toBeInTheDocument();
    expect(api.find('POST', '/user/reset-password')?.body).toMatchObject({ mode: 'link' });
  });

  it('locks the chosen accounts, saying that they are signed out everywhere at once', async () => {
    const { user, api } = openUsers('ADMIN', '/admin/users', {
      'POST /user/reset-password': () => ok({ mailed: 2, codes: [] }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Odaberi: Osoba 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Odaberi: Osoba 02' }));
    await user.click(screen.getByRole('button', { name: 'Zaključaj račun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zaključati račune odabranih osoba (2)?' });
    expect(dialog).toHaveTextContent('Lozinke odmah prestaju vrijediti');
    await user.click(within(dialog).getByRole('button', { name: 'Zaključaj račun' }));
    expect(await screen.findByText('Zaključana su 2 računa.')).toBeInTheDocument();
    expect(api.find('POST', '/user/reset-password')?.body).toEqual({ ids: [1, 2], mode: 'lock' });
  });

  it('offers everyone the filter matches once the page is ticked, and reactivates them by the filter', async () => {
    const { user, api } = openUsers('ADMIN', '/admin/users?q=Osoba&status=deactivated', {
      'POST /user/bulk': () => ok({ changed: 3, codes: [] }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Odaberi: Osoba 01' }));
    // Part of a page: nothing beyond it is offered.
    expect(screen.queryByRole('button', { name: /koje odgovaraju filtru/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Odaberi sve na ovoj stranici' }));
    await user.click(screen.getByRole('button', { name: 'Odaberi svih 45 osoba koje odgovaraju filtru' }));
    expect(screen.getByText('Odabrano je svih 45 osoba koje odgovaraju filtru')).toBeInTheDocument();
    // The ids of a page mean nothing for all of them: only the actions the server takes by filter.
    expect(screen.queryByRole('button', { name: 'Obriši' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ponovno aktiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ponovno aktivirati sve koji odgovaraju filtru?' });
    expect(dialog).toHaveTextContent('Filtru odgovara 45 osoba.');
    await user.click(within(dialog).getByRole('button', { name: 'Ponovno aktiviraj' }));
    expect(await screen.findByText('Ponovno su aktivirane 3 osobe.')).toBeInTheDocument();
    expect(api.find('POST', '/user/bulk')?.body).toEqual({
      action: 'reactivate',
      filter: { q: 'Osoba', role: [], status: ['deactivated'], department: [], location: [], jobTitle: [] },
    });
    expect(screen.queryByText(/Odabrano je svih/)).not.toBeInTheDocument();
  });

  it("takes everyone matching out of the filter's group, and shows why the server refused too many", async () => {
    const refusal = 'Filtru odgovara 2500 osoba, a odjednom ih se može promijeniti najviše 2000: suzite filtar';
    const { user, api } = openUsers('ADMIN', '/admin/users?group=3', {
      'POST /user/bulk': () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'BodyParamsInvalid',
          message: 'x',
          field: 'filter',
          fields: [{ field: 'filter', message: refusal }],
        },
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Odaberi sve na ovoj stranici' }));
    await user.click(screen.getByRole('button', { name: 'Odaberi svih 45 osoba koje odgovaraju filtru' }));
    await user.click(screen.getByRole('button', { name: 'Odaberi samo ovu stranicu' }));
    expect(screen.getByText('Odabrano je 20 stavki')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Odaberi svih 45 osoba koje odgovaraju filtru' }));
    await user.click(screen.getByRole('button', { name: 'Ukloni iz grupe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ukloniti iz grupe sve koji odgovaraju filtru?' });
    expect(within(dialog).getByRole('combobox', { name: 'Grupa' })).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Ukloni iz grupe' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(api.find('POST', '/user/bulk')?.body).toEqual({
      action: 'removeFromGroup',
      filter: { role: [], status: [], group: 3, department: [], location: [], jobTitle: [] },
      groupId: 3,
    });
  });

  it('gives an analyst the table without selection or changes', async () => {
    openUsers('ANALYST');
    await screen.findByRole('table', { name: 'Osobe' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nova osoba' })).not.toBeInTheDocument();
  });
});

describe('adding a person', () => {
  it('creates one with an e-mail and opens their page; a taken e-mail is shown beside the field', async () => {
    let taken = true;
    const created = makeAdminUser(77, { name: 'Šime Čačić', email: 'sime@tvrtka.hr', status: 'invited' });
    const { user, router, api } = openUsers('ADMIN', '/admin/users/new', {
      'POST /user': () =>
        taken
          ? fail(409, 'EmailTaken', 'Ta je e-mail adresa već u upotrebi.')
          : ok({ user: created, activationCode: null }),
      'GET /user/77': () => ok(created),
      'GET /user/77/activity': () => ok({ count: 0, items: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Dodaj osobu' }));
    expect(await screen.findByText('Unesite e-mail ili korisničko ime')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ime i prezime'), 'Šime Čačić');
    await user.type(screen.getByLabelText('E-mail'), 'sime@tvrtka.hr');
    await user.click(screen.getByRole('checkbox', { name: 'Prodaja' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj osobu' }));
    expect(await screen.findByText('Ta je e-mail adresa već u upotrebi.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    taken = false;
    await user.click(screen.getByRole('button', { name: 'Dodaj osobu' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Šime Čačić' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users/77');
    expect(api.find('POST', '/user')?.body).toEqual({
      name: 'Šime Čačić',
      email: 'sime@tvrtka.hr',
      username: null,
      phone: null,
      role: 'USER',
      groupIds: [3],
      department: null,
      location: null,
      jobTitle: null,
      employeeNumber: null,
      managerId: null,
      startDate: null,
    });
  });

  it('shows a username-only person’s activation code once, before their page', async () => {
    const created = makeAdminUser(78, { name: 'Ivo Ivić', email: null, username: 'ivo', status: 'invited' });
    const { user, router } = openUsers('ADMIN', '/admin/users/new', {
      'POST /user': () => ok({ user: created, activationCode: 'AB12CD' }),
      'GET /user/78': () => ok(created),
      'GET /user/78/activity': () => ok({ count: 0, items: [] }),
    });
    await user.type(await screen.findByLabelText('Ime i prezime'), 'Ivo Ivić');
    await user.type(screen.getByLabelText('Korisničko ime'), 'ivo');
    await user.click(screen.getByRole('button', { name: 'Dodaj osobu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Aktivacijski kodovi' });
    expect(within(sheet).getByText('AB12CD')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Gotovo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/78'));
  });
});

describe('a person’s page', () => {
  const ana = makeAdminUser(5, { name: 'Ana Anić', groups: [{ id: 3, name: 'Prodaja' }] });
  const activity: ActivityItem[] = [
    {
      kind: 'attempt',
      at: new Date(2026, 10, 20, 14, 5).toISOString(),
      content: { id: 9, name: 'Sigurnost na radu', type: 'EDUCATION' },
      finalMark: 0.4,
      passed: false,
      text: null,
    },
    {
      kind: 'comment',
      at: new Date(2026, 10, 19, 8, 0).toISOString(),
      content: { id: 8, name: 'Novi cjenik', type: 'INFORMATION' },
      finalMark: null,
      passed: null,
      text: 'Hvala na informaciji!',
    },
  ];

  it('saves changed details, shows the timeline and deactivates after asking', async () => {
    const { user, api } = openUsers('ADMIN', '/admin/users/5', {
      'GET /user/5': () => ok(ana),
      'GET /user/5/activity': () => ok({ count: 2, items: activity }),
      'PATCH /user/5': (request) => ok({ ...ana, ...(request.body as object) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Anić' })).toBeInTheDocument();
    expect(await screen.findByText('Riješio/la: Sigurnost na radu')).toBeInTheDocument();
    expect(screen.getByText('Nije položeno, 40 %')).toBeInTheDocument();
    expect(screen.getByText('20.11.2026., 14:05')).toBeInTheDocument();
    expect(screen.getByText('Hvala na informaciji!')).toBeInTheDocument();

    const phone = screen.getByLabelText('Telefon');
    await user.type(phone, '+385 91 123 4567');
    await user.click(screen.getByRole('button', { name: 'Spremi promjene' }));
    expect(await screen.findByText('Promjene su spremljene.')).toBeInTheDocument();
    expect(api.find('PATCH', '/user/5')?.body).toMatchObject({ phone: '+385 91 123 4567', groupIds: [3] });

    await user.click(screen.getByRole('button', { name: 'Deaktiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivirati osobu Ana Anić?' });
    // One person, in the singular.
    expect(within(dialog).getByText(/^Osoba se odmah odjavljuje/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deaktiviraj' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toContainEqual({ active: false }),
    );
  });

  it('shows where they stand: job title, department, start date as DD.MM.YYYY., their manager and their people', async () => {
    const marko = makeAdminUser(9, { name: 'Marko Marić' });
    const worker = {
      ...ana,
      jobTitle: 'Referentica prodaje',
      department: 'Prodaja',
      location: null,
      employeeNumber: 'D-104',
      manager: { id: 9, name: 'Marko Marić' },
      startDate: '2022-03-01',
    };
    // Two people report to Ana: the list's count of them (GET /user?manager=5).
    const reporting = (request: FakeRequest) => ok({ count: query(request).manager === '5' ? 2 : 0, items: [] });
    const { user, router } = openUsers('ADMIN', '/admin/users/5', {
      'GET /user': reporting,
      'GET /user/5': () => ok(worker),
      'GET /user/9': () => ok(marko),
      'GET /user/9/activity': () => ok({ count: 0, items: [] }),
      'GET /user/5/activity': () => ok({ count: 0, items: [] }),
    });
    const facts = await screen.findByRole('region', { name: 'Zaposlenje' });
    expect(within(facts).getByText('Referentica prodaje')).toBeInTheDocument();
    expect(within(facts).getByText('01.03.2022.')).toBeInTheDocument();
    expect(within(facts).getByText('D-104')).toBeInTheDocument();
    expect(within(facts).queryByText('Lokacija')).not.toBeInTheDocument();
    await user.click(await within(facts).findByRole('link', { name: '2 podređene osobe' }));
    expect(router.state.location.search).toBe('?manager=5');
    expect(await screen.findByText('Podređeni osobi Ana Anić')).toBeInTheDocument();
    await router.navigate('/admin/users/5');
    await user.click(
      await within(await screen.findByRole('region', { name: 'Zaposlenje' })).findByRole('link', {
        name: 'Marko Marić',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Marko Marić' })).toBeInTheDocument();
  });

  it('edits their employment: a manager found by a search, a start date; a refusal shows beside the manager', async () => {
    const marko = makeAdminUser(9, { name: 'Marko Marić', jobTitle: 'Voditelj prodaje', email: 'marko@tvrtka.hr' });
    let refuse = true;
    const { user, api } = openUsers('ADMIN', '/admin/users/5', {
      'GET /user/5': () => ok(ana),
      'GET /user/5/activity': () => ok({ count: 0, items: [] }),
      'GET /user': (request) => {
        const { q } = query(request);
        const found = q ? [marko, ana].filter((p) => p.name.includes(q)) : [];
        return ok({ count: found.length, items: found });
      },
      'PATCH /user/5': (request) =>
        refuse
          ? {
              status: 400,
              body: {
                statusCode: 400,
                code: 'BodyParamsInvalid',
                message: 'x',
                field: 'managerId',
                fields: [{ field: 'managerId', message: 'Odabrana osoba već je podređena ovoj osobi' }],
              },
            }
          : ok({ ...ana, ...(request.body as object) }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Ana Anić' });
    const work = screen.getByRole('group', { name: 'Zaposlenje' });
    expect(within(work).getByText('Nadređeni nije odabran.')).toBeInTheDocument();
    await user.type(within(work).getByLabelText('Radno mjesto'), 'Referentica prodaje');
    await user.type(within(work).getByLabelText('Odjel'), 'Prodaja');
    const start = within(work).getByLabelText('Datum zaposlenja');
    expect(start).toHaveAttribute('type', 'date');
    await user.type(start, '2022-03-01');
    await user.type(within(work).getByRole('searchbox', { name: 'Traži nadređenog' }), 'Ma{Enter}');
    // Ana herself is not offered as her own manager.
    const results = await within(work).findByRole('list', { name: 'Pronađene osobe' });
    expect(within(results).queryByText('Ana Anić')).not.toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: /^Marko Marić/ }));
    expect(within(work).getByRole('list', { name: 'Odabrani nadređeni' })).toHaveTextContent('Marko Marić');
    expect(within(work).queryByRole('list', { name: 'Pronađene osobe' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Spremi promjene' }));
    expect(await within(work).findByText('Odabrana osoba već je podređena ovoj osobi')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Spremi promjene' }));
    expect(await screen.findByText('Promjene su spremljene.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toMatchObject({
      jobTitle: 'Referentica prodaje',
      department: 'Prodaja',
      location: null,
      managerId: 9,
      startDate: '2022-03-01',
    });
    // Removing the chip takes the manager away.
    await user.click(within(work).getByRole('button', { name: 'Ukloni nadređenog: Marko Marić' }));
    expect(within(work).getByText('Nadređeni nije odabran.')).toBeInTheDocument();
  });

  it('answers an unknown id with a not-found message', async () => {
    openUsers('ADMIN', '/admin/users/999', { 'GET /user/999': () => fail(404, 'NotFound', 'Not found.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Traženo nije pronađeno.' })).toBeInTheDocument();
  });

  it('answers what is not an id with the same page, without asking the server', async () => {
    const { api } = openUsers('ADMIN', '/admin/users/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Traženo nije pronađeno.' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter((path) => path.startsWith('/user/'))).toEqual([]);
  });
});
