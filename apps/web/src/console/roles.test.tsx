import type { Role, StaffContentRow } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { makeStaffContent, signInAs } from './test/console-fixtures';

type Routes = Parameters<typeof fakeApi>[0];

const at = new Date(2026, 10, 20, 9, 15).toISOString();
const row = (id: number, creator: { id: number; name: string }): StaffContentRow => ({
  id,
  type: 'INFORMATION',
  configuration: 'COMMUNICATION',
  status: 'published',
  name: `Obavijest ${id}`,
  category: 'Novosti',
  image: null,
  publishAt: at,
  updatedAt: at,
  creator,
  counts: { audience: 40, viewed: 12, finished: 9 },
  delivering: false,
  task: null,
});

function openConsole(role: Role, path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /tenant': () =>
      ok({
        count: 2,
        items: [
          { id: 1, name: 'Tvrtka d.o.o.' },
          { id: 2, name: 'Druga firma d.o.o.' },
        ],
      }),
    ...routes,
  });
  return { ...renderApp(path), api };
}

describe('a console screen the role may not use', () => {
  it.each([
    ['ADMIN', '/admin/tenants'],
    ['ADMIN', '/admin/tenants/new'],
    ['ADMIN', '/admin/system'],
    ['ADMIN', '/admin/promotions'],
    ['CREATOR', '/admin/dashboard'],
    ['CREATOR', '/admin/exports'],
    ['CREATOR', '/admin/users'],
    ['CREATOR', '/admin/users/new'],
    ['ANALYST', '/admin/users/new'],
    ['ANALYST', '/admin/content/new'],
  ] as const)(
    '%s at %s shows the one "not available" page, with the way home, and calls nothing for it',
    async (role, path) => {
      const { api } = openConsole(role, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Nije dostupno za vašu ulogu' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Na početak administracije' })).toHaveAttribute('href', '/admin');
      // Only who is signed in was asked: the screen's own calls would be refused.
      expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /auth/me']);
    },
  );

  it('shows a creator the statistics of their own items only, and no link to another author’s', async () => {
    const other = { id: 99, name: 'Iva Ivić' };
    const { router } = openConsole('CREATOR', '/admin/content', {
      'GET /content': () => ok({ count: 2, items: [row(1, { id: 7, name: 'Ana Anić' }), row(2, other)] }),
      'GET /content/2': () => ok(makeStaffContent(2, { creator: other, editable: false })),
    });
    const table = await screen.findByRole('table');
    const mine = within(table).getByRole('link', { name: 'Obavijest 1' }).closest('tr') as HTMLElement;
    const theirs = within(table).getByRole('link', { name: 'Obavijest 2' }).closest('tr') as HTMLElement;
    expect(within(mine).getByRole('link', { name: /Statistika, Obavijest 1$/ })).toHaveAttribute(
      'href',
      '/admin/content/1/statistics',
    );
    expect(within(theirs).queryByRole('link', { name: /Statistika/ })).not.toBeInTheDocument();

    await router.navigate('/admin/content/2/statistics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nije dostupno za vašu ulogu' })).toBeInTheDocument();
  });

  it.each(['answers', 'comments'])('shows a creator no %s of another author’s item', async (screenName) => {
    const other = { id: 99, name: 'Iva Ivić' };
    const { api } = openConsole('CREATOR', `/admin/content/2/${screenName}`, {
      'GET /content/2': () => ok(makeStaffContent(2, { creator: other, editable: false })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nije dostupno za vašu ulogu' })).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /auth/me', 'GET /content/2']);
  });
});

describe('an item an analyst reads', () => {
  it('shows the editor read-only: no field to type in, no save, no image to change', async () => {
    openConsole('ANALYST', '/admin/content/5', {
      'GET /content/5': () => ok(makeStaffContent(5, { image: 'cover-5', editable: false })),
      'GET /content/info/categories': () => ok(['Sigurnost']),
      'GET /group': () => ok({ count: 0, items: [] }),
      'GET /audience/people': () => ok({ count: 40, items: [] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zaštita na radu' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Naziv/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Spremi/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ukloni sliku' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Kopiraj|Arhiviraj|Obriši/ })).not.toBeInTheDocument();
  });
});

describe('the console navigation', () => {
  it.each([
    [
      'SUPERADMIN',
      [
        'Nadzorna ploča',
        'Sadržaj',
        'Komentari',
        'Na pregledu',
        'Banka pitanja',
        'Osobe',
        'Grupe',
        'Uvoz osoba',
        'Izvoz',
        'Jedinstvena prijava',
        'Sinkronizacija imenika',
        'Organizacije',
        'Promocije',
        'Sustav',
      ],
    ],
    [
      'ADMIN',
      [
        'Nadzorna ploča',
        'Sadržaj',
        'Komentari',
        'Na pregledu',
        'Banka pitanja',
        'Osobe',
        'Grupe',
        'Uvoz osoba',
        'Izvoz',
        'Jedinstvena prijava',
        'Sinkronizacija imenika',
      ],
    ],
    ['ANALYST', ['Nadzorna ploča', 'Sadržaj', 'Komentari', 'Osobe', 'Grupe', 'Izvoz']],
    ['CREATOR', ['Sadržaj', 'Komentari', 'Na pregledu', 'Banka pitanja']],
  ] as const)('offers a %s the screens it may use', async (role, links) => {
    openConsole(role, '/admin/content', { 'GET /content': () => ok({ count: 0, items: [] }) });
    const nav = await screen.findByRole('navigation', { name: 'Administracija' });
    expect(
      within(within(nav).getAllByRole('list')[0] as HTMLElement)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(links);
  });
});

describe('the console header', () => {
  it('shows who is signed in, with their role, and signs them out', async () => {
    const { user, router, api } = openConsole('ANALYST', '/admin/content', {
      'GET /content': () => ok({ count: 0, items: [] }),
      'GET /auth/signout': () => ok({ done: true }),
    });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Ana Anić')).toBeInTheDocument();
    expect(within(header).getByText('Analitičar')).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Odjava' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.find('GET', '/auth/signout')).toBeDefined();
  });
});

describe('switching organisation', () => {
  it('keeps the screen: the same list in the other organisation, also from an object of the old one', async () => {
    const { user, router, api } = openConsole('SUPERADMIN', '/admin/groups/5', {
      'GET /group/5': () => ok({ id: 5, name: 'Skladište', userCount: 0, createdAt: at }),
      'GET /group/5/users': () => ok({ count: 0, items: [] }),
      'GET /group': () => ok({ count: 0, items: [] }),
      'GET /tenant/2': () => ok({ id: 2, name: 'Druga firma d.o.o.' }),
    });
    const switcher = await screen.findByRole('combobox', { name: 'Organizacija' });
    await waitFor(() => expect(switcher).toBeEnabled());
    await user.selectOptions(switcher, '2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/groups'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/group' && call.url.includes('tenant=2'))).toBe(true),
    );
  });
});
