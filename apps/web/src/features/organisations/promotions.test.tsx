import type { AdminTenant, Promotion } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { type FakeRequest, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const at = new Date(2026, 10, 20, 9, 15).toISOString();

const makeTenant = (id: number, name: string): AdminTenant => ({
  id,
  name,
  image: null,
  showPromoTag: true,
  primaryColor: null,
  accentColor: null,
  active: true,
  userCount: id * 4,
  createdAt: at,
});

// Tenant 1 is the SUPERADMIN's own, the provider's (see signInAs).
const organisations = [
  makeTenant(1, 'Pružatelj d.o.o.'),
  makeTenant(2, 'Pekara Klas'),
  makeTenant(3, 'Mlin Rijeka'),
  makeTenant(4, 'Pekara Jug'),
];

const makePromotion = (id: number, overrides: Partial<Promotion> = {}): Promotion => ({
  id,
  name: `Akcija ${id}`,
  type: 'INFORMATION',
  status: 'published',
  publishAt: at,
  tenants: [],
  ...overrides,
});

function openConsole(path: string, routes: Routes = {}, role: 'SUPERADMIN' | 'ADMIN' = 'SUPERADMIN') {
  const who = signInAs(role);
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /tenant': (request) => {
      const { q } = query(request);
      const matching = q ? organisations.filter((tenant) => tenant.name.includes(q)) : organisations;
      return ok({ count: matching.length, items: matching });
    },
    'GET /content/info/categories': () => ok([]),
    'GET /group': () => ok({ count: 0, items: [] }),
    'GET /audience/people': () => ok({ count: 0, items: [] }),
    ...routes,
  });
  return { ...renderApp(path), api };
}

describe('the promotions list', () => {
  it('lists each promotion with the organisations it goes to, and pages in the URL', async () => {
    const { user, router, api } = openConsole('/admin/promotions', {
      'GET /promotion': (request) => {
        const { offset } = query(request);
        const items =
          offset === '0'
            ? [
                makePromotion(7, {
                  tenants: [
                    { id: 2, name: 'Pekara Klas' },
                    { id: 3, name: 'Mlin Rijeka' },
                  ],
                }),
                makePromotion(6, { status: 'draft', type: 'EDUCATION' }),
              ]
            : [makePromotion(5)];
        return ok({ count: 21, items });
      },
    });
    const table = await screen.findByRole('table', { name: 'Promocije' });
    const sent = within(table).getByRole('row', { name: /Akcija 7/ });
    expect(within(sent).getByRole('link', { name: 'Akcija 7' })).toHaveAttribute('href', '/admin/promotions/7');
    expect(within(sent).getByText('Pekara Klas, Mlin Rijeka')).toBeInTheDocument();
    expect(within(sent).getByText('20.11.2026.')).toBeInTheDocument();
    const draft = within(table).getByRole('row', { name: /Akcija 6/ });
    expect(within(draft).getByText('Nije poslana nijednoj')).toBeInTheDocument();
    expect(within(draft).getByText('Skica')).toBeInTheDocument();
    expect(within(draft).getByText('Edukacija')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sljedeća stranica' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await within(table).findByText('Akcija 5')).toBeInTheDocument();
    expect(query(api.calls.at(-1) as FakeRequest)).toEqual({ limit: '20', offset: '20' });
  });

  it('says how to make the first one, and starts the editor on a promotion', async () => {
    const { user } = openConsole('/admin/promotions', { 'GET /promotion': () => ok({ count: 0, items: [] }) });
    expect(await screen.findByText('Još nema nijedne promocije')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Nova promocija' })[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: /Informacija/ }));
    expect(screen.getByRole('radio', { name: /Promocija za druge organizacije/ })).toBeChecked();
    // The path and the navigation agree: the editor of a new promotion is under Promotions.
    expect(screen.getByRole('navigation', { name: 'Putanja' })).toHaveTextContent('Promocije');
    expect(
      within(screen.getByRole('navigation', { name: 'Administracija' })).getByRole('link', { current: 'page' }),
    ).toHaveTextContent('Promocije');
  });
});

describe('choosing the organisations of a promotion', () => {
  it('adds and removes organisations, never the provider’s own, and sends the list as a whole', async () => {
    let current = makePromotion(7, { tenants: [{ id: 2, name: 'Pekara Klas' }] });
    const { user, api } = openConsole('/admin/promotions/7', {
      'GET /promotion/7': () => ok(current),
      'PATCH /promotion/7': (request) => {
        const ids = (request.body as { tenantIds: number[] }).tenantIds;
        current = { ...current, tenants: organisations.filter((tenant) => ids.includes(tenant.id)) };
        return ok(current);
      },
    });
    const chosen = await screen.findByRole('list', { name: 'Odabrane organizacije' });
    expect(within(chosen).getByText('Pekara Klas')).toBeInTheDocument();
    // The organisations to choose from are a request of their own, which may answer after the promotion's.
    const results = await screen.findByRole('group', { name: 'Organizacije' });
    expect(within(results).queryByText('Pružatelj d.o.o.')).not.toBeInTheDocument();
    expect(within(results).getByRole('checkbox', { name: /Pekara Klas/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Spremi i pošalji' })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Pretraži organizacije' }), 'Mlin{Enter}');
    await user.click(
      await within(screen.getByRole('group', { name: 'Organizacije' })).findByRole('checkbox', {
        name: /Mlin Rijeka/,
      }),
    );
    await user.click(within(chosen).getByRole('button', { name: 'Makni Pekara Klas' }));
    // Focus stays in the list: on the chip that took the removed one's place.
    expect(within(chosen).getByRole('button', { name: 'Makni Mlin Rijeka' })).toHaveFocus();
    expect(screen.getByText('Odabrana je 1 organizacija.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Spremi i pošalji' }));
    expect(await screen.findByText('Promocija sada ide u 1 organizaciju.')).toBeInTheDocument();
    expect(api.find('PATCH', '/promotion/7')?.body).toEqual({ tenantIds: [3] });
  });

  it('shows the server’s refusal and keeps the choice', async () => {
    const { user } = openConsole('/admin/promotions/7', {
      'GET /promotion/7': () => ok(makePromotion(7)),
      'PATCH /promotion/7': () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'BodyParamsInvalid',
          message: 'Neispravan podatak',
          field: 'tenantIds.0',
          fields: [{ field: 'tenantIds.0', message: 'Ta organizacija ne postoji' }],
          requestId: 'r',
        },
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: /Pekara Jug/ }));
    await user.click(screen.getByRole('button', { name: 'Spremi i pošalji' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pekara Jug: Ta organizacija ne postoji');
    expect(screen.getByRole('checkbox', { name: /Pekara Jug/ })).toBeChecked();
  });

  it('says when the promotion is not there', async () => {
    openConsole('/admin/promotions/70', {
      'GET /promotion/70': () => ({ status: 404, body: { statusCode: 404, code: 'NotFound', message: 'Ne postoji' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Promocija nije pronađena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na popis promocija' })).toHaveAttribute(
      'href',
      '/admin/promotions',
    );
  });
});

describe('a promotion in the editor', () => {
  it('keeps a promotion a promotion when it is edited', async () => {
    const item = makeStaffContent(9, {
      type: 'INFORMATION',
      configuration: 'PROMOTION',
      questions: [],
      settings: {
        timeRestriction: null,
        passingScore: null,
        comments: false,
        certificate: false,
        questionsPerAttempt: null,
      },
    });
    const { user, api } = openConsole('/admin/content/9', {
      'GET /content/9': () => ok(item),
      'PATCH /content/9': () => ok({ ...item, updatedAt: new Date().toISOString() }),
    });
    // What it is for was chosen when it was made: said, with the way to its organisations, not offered again.
    const link = await screen.findByRole('link', { name: 'Organizacije koje je dobivaju' });
    expect(link).toHaveAttribute('href', '/admin/promotions/9');
    expect(screen.queryByRole('radio', { name: /Promocija za druge organizacije/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Naziv'), '!');
    await user.click(screen.getByRole('button', { name: 'Spremi promjene' }));
    await waitFor(() => expect(api.find('PATCH', '/content/9')).toBeDefined());
    expect(api.find('PATCH', '/content/9')?.body).toMatchObject({ configuration: 'PROMOTION' });
  });

  it('publishes a promotion with nobody chosen at home, and says an audience here is optional', async () => {
    const made = makeStaffContent(40, { type: 'INFORMATION', configuration: 'PROMOTION', questions: [] });
    const { user, router, api } = openConsole('/admin/promotions/new', {
      'POST /content': () => ok(made),
      'GET /content/40': () => ok(made),
    });
    await user.click(await screen.findByRole('button', { name: /Informacija/ }));
    const audience = screen.getByRole('region', { name: 'Primatelji' });
    expect(within(audience).getByText(/Neobavezno za promociju/)).toBeInTheDocument();
    expect(within(audience).getByText(/Nitko u vašoj organizaciji/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Naziv'), 'Akcija partnera');
    await user.click(screen.getByRole('button', { name: 'Objavi' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/40'));
    expect(api.find('POST', '/content')?.body).toMatchObject({
      configuration: 'PROMOTION',
      audience: { everyone: false, groups: [], people: [] },
      publish: { mode: 'now' },
    });
  });

  it('offers the choice only to the provider’s SUPERADMIN', async () => {
    openConsole('/admin/content/new', {}, 'ADMIN');
    await screen.findByRole('button', { name: /Informacija/ }).then((button) => button.click());
    expect(await screen.findByLabelText('Naziv')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Promocija za druge organizacije/ })).not.toBeInTheDocument();
  });
});
