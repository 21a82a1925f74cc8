import type { AdminGroup } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeAdminUser, signInAs } from '@/console/test/console-fixtures';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const makeGroup = (id: number, name: string, memberCount = 0): AdminGroup => ({
  id,
  name,
  memberCount,
  createdAt: new Date(2026, 9, 14, 10, 0).toISOString(),
});
const groups = [makeGroup(3, 'Prodaja', 12), makeGroup(4, 'Skladište', 1)];

function openGroups(role: 'ADMIN' | 'ANALYST', path = '/admin/groups', routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /group': (request) => {
      const matching = groups.filter((group) => group.name.includes(query(request).q ?? ''));
      return ok({ count: matching.length, items: matching });
    },
    ...routes,
  });
  return { ...renderApp(path), api };
}

describe('the groups list', () => {
  it('lists the groups with their member counts, each linking to its page, and keeps the search in the URL', async () => {
    const { user, router, api } = openGroups('ADMIN');
    const table = await screen.findByRole('table', { name: 'Grupe' });
    const prodaja = within(table).getByRole('row', { name: /Prodaja/ });
    expect(within(prodaja).getByRole('link', { name: 'Prodaja' })).toHaveAttribute('href', '/admin/groups/3');
    expect(within(prodaja).getByText('12')).toBeInTheDocument();
    expect(within(prodaja).getByText('14.10.2026.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Pretraži grupe' }), 'Sklad{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Sklad'));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Prodaja' })).not.toBeInTheDocument());
    expect(query(api.calls.at(-1) as FakeRequest)).toMatchObject({ q: 'Sklad', offset: '0' });
  });

  it('explains what a group is for when there is none yet, and offers to create one', async () => {
    openGroups('ADMIN', '/admin/groups', { 'GET /group': () => ok({ count: 0, items: [] }) });
    expect(await screen.findByText('Još nema nijedne grupe')).toBeInTheDocument();
    expect(screen.getByText(/Grupe okupljaju osobe/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Nova grupa' })).toHaveLength(2);
  });

  it('creates a group and opens it; a taken name is shown beside the field', async () => {
    const nabava = makeGroup(9, 'Nabava');
    let taken = true;
    const { user, router, api } = openGroups('ADMIN', '/admin/groups', {
      'POST /group': () => (taken ? fail(409, 'GroupNameTaken', 'Grupa s tim nazivom već postoji') : ok(nabava)),
      'GET /group/9': () => ok(nabava),
      'GET /group/9/users': () => ok({ count: 0, items: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Nova grupa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova grupa' });
    const name = within(dialog).getByLabelText('Naziv grupe');
    await user.type(name, 'Nabava, Prodaja');
    await user.click(within(dialog).getByRole('button', { name: 'Napravi grupu' }));
    expect(await within(dialog).findByText('Naziv grupe ne smije sadržavati zarez')).toBeInTheDocument();
    expect(api.find('POST', '/group')).toBeUndefined();

    await user.clear(name);
    await user.type(name, 'Nabava');
    await user.click(within(dialog).getByRole('button', { name: 'Napravi grupu' }));
    expect(await within(dialog).findByText('Grupa s tim nazivom već postoji')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    taken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Napravi grupu' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nabava' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/groups/9');
    expect(screen.getByText('Grupa Nabava je napravljena.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toContainEqual({
      name: 'Nabava',
      userIds: [],
    });
  });

  it('renames a group, and deletes one after saying its members stay', async () => {
    const { user, api } = openGroups('ADMIN', '/admin/groups', {
      'PATCH /group/4': (request) => ok({ ...groups[1], ...(request.body as object) }),
      'DELETE /group/3': () => ok({ done: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Preimenuj grupu Skladište' }));
    const rename = await screen.findByRole('dialog', { name: 'Preimenuj grupu' });
    const name = within(rename).getByLabelText('Naziv grupe');
    expect(name).toHaveValue('Skladište');
    await user.clear(name);
    await user.type(name, 'Logistika');
    await user.click(within(rename).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Grupa je preimenovana.')).toBeInTheDocument();
    expect(api.find('PATCH', '/group/4')?.body).toEqual({ name: 'Logistika' });

    await user.click(screen.getByRole('button', { name: 'Obriši grupu Prodaja' }));
    const confirm = await screen.findByRole('dialog', { name: 'Obrisati grupu Prodaja?' });
    expect(within(confirm).getByText(/Članovi ostaju u organizaciji/)).toBeInTheDocument();
    expect(api.find('DELETE', '/group/3')).toBeUndefined();
    await user.click(within(confirm).getByRole('button', { name: 'Obriši grupu' }));
    expect(await screen.findByText('Grupa Prodaja je obrisana.')).toBeInTheDocument();
    expect(api.find('DELETE', '/group/3')).toBeDefined();
  });

  it('imports groups from a spreadsheet and says how many are new, or lists the rows with problems', async () => {
    let problems = true;
    const { user, api } = openGroups('ADMIN', '/admin/groups', {
      'POST /group/import': () =>
        ok(
          problems
            ? {
                created: 0,
                unchanged: 0,
                problems: [{ row: 4, column: 'name', code: 'duplicateInFile', message: 'Ponavlja se u retku 2' }],
              }
            : { created: 2, unchanged: 1, problems: [] },
        ),
    });
    const input = await screen.findByLabelText('Odaberi tablicu s grupama');
    await user.upload(input, new File(['Naziv grupe\nNabava\nProdaja\nNabava'], 'grupe.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Redak 4: Ponavlja se u retku 2')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Nijedna grupa nije napravljena');

    problems = false;
    await user.upload(input, new File(['Naziv grupe\nNabava\nLogistika'], 'grupe.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Novih grupa: 2. Već postojećih: 1.')).toBeInTheDocument();
    expect(screen.queryByText('Redak 4: Ponavlja se u retku 2')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/group/import')).toHaveLength(2);
  });

  it('gives an analyst the list without anything that changes it', async () => {
    openGroups('ANALYST');
    await screen.findByRole('table', { name: 'Grupe' });
    expect(screen.queryByRole('button', { name: 'Nova grupa' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Obriši/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Preimenuj/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Odaberi tablicu s grupama')).not.toBeInTheDocument();
  });
});

describe('a group’s page', () => {
  const prodaja = groups[0] as AdminGroup;
  const ana = makeAdminUser(5, { name: 'Ana Anić', groups: [{ id: 3, name: 'Prodaja' }] });
  const ivo = makeAdminUser(6, { name: 'Ivo Ivić', groups: [{ id: 3, name: 'Prodaja' }] });
  const mara = makeAdminUser(7, { name: 'Mara Marić' });
  const pero = makeAdminUser(8, { name: 'Pero Perić', username: 'pero', email: null });

  const openGroup = (role: 'ADMIN' | 'ANALYST', routes: Routes = {}) =>
    openGroups(role, '/admin/groups/3', {
      'GET /group/3': () => ok(prodaja),
      'GET /group/3/users': () => ok({ count: 2, items: [ana, ivo] }),
      'PATCH /group/3': () => ok(prodaja),
      ...routes,
    });

  it('lists the members and removes one at once', async () => {
    const { user, api } = openGroup('ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prodaja' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Putanja' })).toHaveTextContent('Grupe');
    const table = await screen.findByRole('table', { name: 'Članovi' });
    expect(within(table).getByRole('link', { name: 'Ana Anić' })).toHaveAttribute('href', '/admin/users/5');
    expect(within(table).getByRole('link', { name: 'Ivo Ivić' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Ukloni osobu Ana Anić iz grupe' }));
    expect(await screen.findByText('Ana Anić više nije u grupi.')).toBeInTheDocument();
    expect(api.find('PATCH', '/group/3')?.body).toEqual({ removeUserIds: [5] });
  });

  it('asks before removing several members at once', async () => {
    const { user, api } = openGroup('ADMIN');
    await user.click(await screen.findByRole('checkbox', { name: 'Odaberi sve na ovoj stranici' }));
    await user.click(screen.getByRole('button', { name: 'Ukloni iz grupe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ukloniti 2 osobe iz grupe?' });
    expect(api.find('PATCH', '/group/3')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Ukloni iz grupe' }));
    expect(await screen.findByText('Iz grupe su uklonjene 2 osobe.')).toBeInTheDocument();
    expect(api.find('PATCH', '/group/3')?.body).toEqual({ removeUserIds: [5, 6] });
  });

  it('adds the people ticked in the search dialog, offering only those not yet in the group', async () => {
    const { user, api } = openGroup('ADMIN', {
      // The API leaves out the group's members (ana and ivo) when asked with notInGroup.
      'GET /user': (request) => {
        const { q = '', notInGroup } = query(request);
        const offered = notInGroup === '3' ? [mara, pero] : [ana, ivo, mara, pero];
        const found = offered.filter((person) => person.name.includes(q));
        return ok({ count: found.length, items: found });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Dodaj osobe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj osobe u grupu' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Mara Marić/ }));
    expect(within(dialog).queryByRole('checkbox', { name: /Ana Anić/ })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Pretraži osobe' }), 'Pero{Enter}');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /Mara Marić/ })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('checkbox', { name: /Pero Perić/ }));
    expect(within(dialog).getByText('Odabrane su 2 osobe.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj u grupu' }));

    expect(await screen.findByText('U grupu su dodane 2 osobe.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Dodaj osobe u grupu' })).not.toBeInTheDocument();
    expect(api.find('PATCH', '/group/3')?.body).toEqual({ addUserIds: [7, 8] });
  });

  it('deletes the group after asking and goes back to the list', async () => {
    const { user, router } = openGroup('ADMIN', { 'DELETE /group/3': () => ok({ done: true }) });
    await user.click(await screen.findByRole('button', { name: 'Obriši grupu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Obriši grupu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/groups'));
    expect(await screen.findByText('Grupa Prodaja je obrisana.')).toBeInTheDocument();
  });

  it('shows an analyst the members without changes', async () => {
    openGroup('ANALYST');
    const table = await screen.findByRole('table', { name: 'Članovi' });
    expect(within(table).getByRole('link', { name: 'Ana Anić' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dodaj osobe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ukloni/ })).not.toBeInTheDocument();
  });

  it('answers an unknown group with a not-found message and a way back', async () => {
    openGroups('ADMIN', '/admin/groups/99', { 'GET /group/99': () => fail(404, 'NotFound', 'Not found.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Traženo nije pronađeno.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na grupe' })).toHaveAttribute('href', '/admin/groups');
  });

  it('answers what is not an id with the same page, without asking the server', async () => {
    const { api } = openGroups('ADMIN', '/admin/groups/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Traženo nije pronađeno.' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter((path) => path.startsWith('/group/'))).toEqual([]);
  });
});
