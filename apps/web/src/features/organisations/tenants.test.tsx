import type { AdminTenant } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeAdminUser, signInAs } from '@/console/test/console-fixtures';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const LOGO_ID = '0b8e5c1e-4f7a-4d8e-9a51-3f2d6c7b8a90';

function makeTenant(id: number, overrides: Partial<AdminTenant> = {}): AdminTenant {
  return {
    id,
    name: `Organizacija ${String(id).padStart(2, '0')}`,
    image: null,
    showPromoTag: false,
    primaryColor: null,
    accentColor: null,
    active: true,
    userCount: id * 3,
    createdAt: new Date(2026, 9, 1, 10, 0).toISOString(),
    ...overrides,
  };
}

// Tenant 1 is the SUPERADMIN's own (see signInAs); the others are the provider's customers.
const organisations = Array.from({ length: 25 }, (_, i) => makeTenant(i + 1));
organisations[2] = makeTenant(3, { image: LOGO_ID, active: false });

/** The console as a SUPERADMIN, whose tenant switcher lists the organisations too. */
function openConsole(path: string, routes: Routes = {}) {
  const who = signInAs('SUPERADMIN');
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /tenant': (request) => {
      const { offset = '0', limit = '20', q } = query(request);
      const matching = q ? organisations.filter((tenant) => tenant.name.includes(q)) : organisations;
      return ok({ count: matching.length, items: matching.slice(Number(offset), Number(offset) + Number(limit)) });
    },
    ...routes,
  });
  return { ...renderApp(path), api };
}

/** One organisation's page, answering its reads and changes like the API, so the page shows each change. */
function openTenant(tenant: AdminTenant, routes: Routes = {}) {
  let current = tenant;
  const change = (changes: Partial<AdminTenant>) => {
    current = { ...current, ...changes };
    return ok(current);
  };
  return openConsole(`/admin/tenants/${tenant.id}`, {
    [`GET /tenant/${tenant.id}`]: () => ok(current),
    [`PATCH /tenant/${tenant.id}`]: (request) => change(request.body as Partial<AdminTenant>),
    [`POST /tenant/${tenant.id}/deactivate`]: () => change({ active: false }),
    [`POST /tenant/${tenant.id}/activate`]: () => change({ active: true }),
    ...routes,
  });
}

/** A field marked invalid whose description starts with the reason. */
function expectRefused(field: HTMLElement, reason: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(new RegExp(`^${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

const pekara = makeTenant(5, { name: 'Pekara Klas', userCount: 12 });

describe('the organisations list', () => {
  it('lists a page of organisations with logo, head count, status and date, and searches by the URL', async () => {
    const { user, router, api } = openConsole('/admin/tenants');
    const table = await screen.findByRole('table', { name: 'Organizacije' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('1–20 od 25')).toBeInTheDocument();

    const third = within(table).getByRole('link', { name: 'Organizacija 03' }).closest('tr') as HTMLElement;
    expect(within(third).getByRole('link')).toHaveAttribute('href', '/admin/tenants/3');
    expect(third.querySelector('img')).toHaveAttribute('src', `/api/files/${LOGO_ID}?tenant=3`);
    expect(within(third).getByText('9')).toBeInTheDocument();
    expect(within(third).getByText('Deaktivirana')).toBeInTheDocument();
    expect(within(third).getByText('01.10.2026.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Pretraži organizacije' }), 'Organizacija 2{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Organizacija+2'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(7));
    expect(query(api.calls.at(-1) as FakeRequest)).toEqual({ q: 'Organizacija 2', limit: '20', offset: '0' });
  });

  it('says so when no organisation matches the search', async () => {
    openConsole('/admin/tenants?q=Nitko');
    expect(await screen.findByText('Nijedna organizacija ne odgovara pretrazi')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers another try when the list does not load', async () => {
    let down = true;
    const { user } = openConsole('/admin/tenants', {
      'GET /tenant': () =>
        down ? fail(500, 'SomethingWentWrong', 'Nešto je pošlo po krivu') : ok({ count: 0, items: [] }),
    });
    expect(await screen.findByText('Organizacije se nisu učitale.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByText('Još nema nijedne organizacije')).toBeInTheDocument();
  });
});

describe('adding an organisation', () => {
  const created = makeTenant(30, { name: 'Nova Firma d.o.o.', showPromoTag: true, userCount: 1 });
  const admin = makeAdminUser(90, { name: 'Ivo Ivić', email: 'ivo@firma.hr', role: 'ADMIN', status: 'invited' });

  it('creates it with its first administrator and opens its page', async () => {
    const { user, router, api } = openConsole('/admin/tenants', {
      'POST /tenant': () => ok({ tenant: created, admin }),
      'GET /tenant/30': () => ok(created),
    });
    await user.click(await screen.findByRole('link', { name: 'Nova organizacija' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova organizacija' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dodaj organizaciju' }));
    // Wait for the count itself: findAll… would return as soon as the first error is on the page.
    await waitFor(() => expect(screen.getAllByText('Obavezno')).toHaveLength(3));
    expect(api.find('POST', '/tenant')).toBeUndefined();

    await user.type(screen.getByLabelText('Naziv organizacije'), '  Nova Firma d.o.o. ');
    await user.click(screen.getByRole('checkbox', { name: 'Prikaži oznaku Promo' }));
    await user.type(screen.getByLabelText('Ime i prezime'), 'Ivo Ivić');
    await user.type(screen.getByLabelText('E-mail'), 'Ivo@Firma.hr');
    await user.click(screen.getByRole('button', { name: 'Dodaj organizaciju' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Firma d.o.o.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/tenants/30');
    expect(
      screen.getByText(
        'Dodana je organizacija Nova Firma d.o.o., a njezinu je administratoru poslan e-mail dobrodošlice.',
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/tenant')?.body).toEqual({
      name: 'Nova Firma d.o.o.',
      showPromoTag: true,
      admin: { name: 'Ivo Ivić', email: 'ivo@firma.hr' },
    });
  });

  it('shows an e-mail that another account already has beside the administrator’s e-mail', async () => {
    const { user, router } = openConsole('/admin/tenants/new', {
      'POST /tenant': () => fail(409, 'EmailTaken', 'Ta je e-mail adresa već u upotrebi.'),
    });
    await user.type(await screen.findByLabelText('Naziv organizacije'), 'Nova Firma d.o.o.');
    await user.type(screen.getByLabelText('Ime i prezime'), 'Ivo Ivić');
    await user.type(screen.getByLabelText('E-mail'), 'ivo@firma.hr');
    await user.click(screen.getByRole('button', { name: 'Dodaj organizaciju' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Ta je e-mail adresa već u upotrebi.');
    expect(email).toHaveFocus();
    expect(router.state.location.pathname).toBe('/admin/tenants/new');
  });
});

describe('an organisation’s page', () => {
  it('saves its name and Promo tag, and uploads and removes its logo', async () => {
    const { user, api } = openTenant(pekara, {
      'POST /files': () =>
        ok({ id: LOGO_ID, name: 'logo.png', mime: 'image/png', size: 3, url: `/api/files/${LOGO_ID}` }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pekara Klas' })).toBeInTheDocument();
    expect(screen.getByText('Dodana 01.10.2026. · 12 osoba')).toBeInTheDocument();

    const name = screen.getByLabelText('Naziv organizacije');
    await user.clear(name);
    await user.type(name, 'Pekara Klas d.o.o.');
    await user.click(screen.getByRole('checkbox', { name: 'Prikaži oznaku Promo' }));
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pekara Klas d.o.o.' })).toBeInTheDocument();
    expect(screen.getByText('Promjene su spremljene.')).toBeInTheDocument();

    expect(screen.getByText('Organizacija još nema logotip.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Učitaj novi logotip'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Trenutni logotip' })).toHaveAttribute(
      'src',
      `/api/files/${LOGO_ID}?tenant=5`,
    );
    expect(api.find('POST', '/files')?.url).toBe('/api/files?tenant=5');

    await user.click(screen.getByRole('button', { name: 'Ukloni logotip' }));
    expect(await screen.findByText('Organizacija još nema logotip.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Pekara Klas d.o.o.', showPromoTag: true },
      { image: LOGO_ID },
      { image: null },
    ]);
  });

  it('measures its colours as they are typed, offers a darker shade for one too light, and saves them', async () => {
    const { user, api } = openTenant(pekara);
    const primary = await screen.findByRole('textbox', { name: 'Glavna boja' });
    expect(primary).toHaveAccessibleDescription('Bez vlastite boje: koristi se boja proizvoda.');

    await user.type(primary, '#F2C200');
    expectRefused(
      primary,
      'Presvijetla boja: na pozadinama aplikacije postiže kontrast od samo 1,5:1, a tekst u njoj treba barem 4,5:1',
    );
    const darker = screen.getByRole('button', { name: /^Koristi tamniju #[0-9a-f]{6}$/ });
    const offered = darker.textContent?.match(/#[0-9a-f]{6}/)?.[0] ?? '';
    // A colour too light is not sent: the field says why and keeps the focus.
    await user.click(screen.getByRole('button', { name: 'Spremi boje' }));
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(primary).toHaveFocus();

    await user.click(darker);
    expect(primary).toHaveValue(offered);
    expect(primary).toHaveAccessibleDescription(/^Kontrast 4,\d:1: čitljivo\.$/);
    const accent = screen.getByRole('textbox', { name: 'Boja naglaska (neobavezno)' });
    await user.type(accent, 'c2410c');
    await user.click(screen.getByRole('button', { name: 'Spremi boje' }));
    expectRefused(accent, 'Upišite boju u obliku #rrggbb, na primjer #1d5fa8');
    await user.clear(accent);
    await user.type(accent, '#c2410c');
    await user.click(screen.getByRole('button', { name: 'Spremi boje' }));
    expect(await screen.findByText('Boje su spremljene.')).toBeInTheDocument();
    expect(api.find('PATCH', '/tenant/5')?.body).toEqual({ primaryColor: offered, accentColor: '#c2410c' });
  });

  it('shows the server’s refusal of a colour beside its field', async () => {
    const refusal = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'BodyParamsInvalid',
        message: 'Neispravna vrijednost polja „accentColor”: Presvijetla boja',
        requestId: 'req-test',
        field: 'accentColor',
        fields: [{ field: 'accentColor', message: 'Presvijetla boja: drugi administrator promijenio je glavnu boju' }],
      },
    };
    const { user } = openTenant(makeTenant(6, { primaryColor: '#0a7d4b', accentColor: '#c2410c' }), {
      'PATCH /tenant/6': () => refusal,
    });
    const accent = await screen.findByRole('textbox', { name: 'Boja naglaska (neobavezno)' });
    expect(accent).toHaveValue('#c2410c');
    await user.click(screen.getByRole('button', { name: 'Spremi boje' }));
    await waitFor(() => expectRefused(accent, 'Presvijetla boja: drugi administrator promijenio je glavnu boju'));
    expect(accent).toHaveFocus();
    // Back to the product's colours: the field empties and says so.
    await user.click(screen.getAllByRole('button', { name: 'Koristi boju proizvoda' })[1] as HTMLElement);
    expect(accent).toHaveValue('');
    expect(accent).not.toHaveAttribute('aria-invalid');
    expect(accent).toHaveAccessibleDescription('Bez vlastite boje: koristi se boja proizvoda.');
  });

  it('deactivates it only after asking, then offers to activate it again', async () => {
    const { user, api } = openTenant(pekara);
    await user.click(await screen.findByRole('button', { name: 'Deaktiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivirati organizaciju Pekara Klas?' });
    expect(within(dialog).getByText(/Sve njezine osobe odmah se odjavljuju/)).toBeInTheDocument();
    expect(api.find('POST', '/tenant/5/deactivate')).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Deaktiviraj' }));
    expect(await screen.findByText('Organizacija je deaktivirana, a njezine su osobe odjavljene.')).toBeInTheDocument();
    expect(api.find('POST', '/tenant/5/deactivate')).toBeDefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Deaktivirana')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aktiviraj' }));
    expect(await screen.findByText('Organizacija je aktivirana.')).toBeInTheDocument();
    expect(api.find('POST', '/tenant/5/activate')).toBeDefined();
  });

  it('deletes it only once its exact name is typed back, and sends that name', async () => {
    // The console works in this organisation (the tenant switcher's choice) until it is gone.
    localStorage.setItem('kanal.console.tenant.7', '5');
    let renamedMeanwhile = true;
    let deleted = false;
    const { user, router, api } = openTenant(pekara, {
      'GET /tenant/5': () => (deleted ? fail(404, 'NotFound', 'Traženo nije pronađeno.') : ok(pekara)),
      'DELETE /tenant/5': () => {
        if (renamedMeanwhile) {
          return {
            status: 400,
            body: {
              statusCode: 400,
              code: 'BodyParamsInvalid',
              message: 'Neispravna vrijednost polja „name”: Upišite točan naziv organizacije',
              field: 'name',
              requestId: 'req-test',
            },
          };
        }
        deleted = true;
        return ok({ done: true });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Obriši organizaciju' }));
    const dialog = await screen.findByRole('dialog', { name: 'Obrisati organizaciju Pekara Klas?' });
    const confirm = within(dialog).getByRole('button', { name: 'Obriši organizaciju' });
    const typed = within(dialog).getByLabelText('Upišite naziv organizacije za potvrdu');
    expect(confirm).toBeDisabled();

    await user.type(typed, 'pekara klas');
    expect(confirm).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, ' Pekara Klas ');
    expect(confirm).toBeEnabled();

    // The server checks the name again (say it was renamed in the meantime): its answer shows beside the field.
    await user.click(confirm);
    await waitFor(() => expect(typed).toHaveAccessibleDescription(/Upišite točan naziv organizacije/));
    expect(router.state.location.pathname).toBe('/admin/tenants/5');

    renamedMeanwhile = false;
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tenants'));
    expect(screen.getByText('Organizacija Pekara Klas je obrisana.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Organizacije' })).toBeInTheDocument();
    // The console no longer works in it: the layout went back to one's own organisation.
    await waitFor(() => expect(localStorage.getItem('kanal.console.tenant.7')).toBe('1'));
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { name: 'Pekara Klas' },
      { name: 'Pekara Klas' },
    ]);
  });

  it('offers neither deactivation nor deletion of the SUPERADMIN’s own organisation', async () => {
    openTenant(makeTenant(1, { name: 'Tvrtka d.o.o.' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tvrtka d.o.o.' })).toBeInTheDocument();
    expect(screen.getByText(/Ovo je vaša organizacija/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deaktiviraj' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Obriši organizaciju' })).not.toBeInTheDocument();
  });

  it('answers what is not an id with the same page, without asking the server', async () => {
    const { api } = openConsole('/admin/tenants/1.5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organizacija nije pronađena' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter((path) => path.startsWith('/tenant/'))).toEqual([]);
  });

  it('answers an unknown id with a not-found message and a way back', async () => {
    openConsole('/admin/tenants/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organizacija nije pronađena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na popis organizacija' })).toHaveAttribute(
      'href',
      '/admin/tenants',
    );
  });
});
