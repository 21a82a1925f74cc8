import type { IdentityProvider, Role } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/console/test/console-fixtures';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

const REDIRECT_URI = 'https://kanal.example/api/auth/sso/callback';
const POST_LOGOUT_REDIRECT_URI = 'https://kanal.example/login';
const groups = [
  { id: 3, name: 'Prodaja' },
  { id: 4, name: 'Skladište' },
];

function makeProvider(id: number, overrides: Partial<IdentityProvider> = {}): IdentityProvider {
  return {
    id,
    name: 'Firma Entra',
    issuer: 'https://login.microsoftonline.com/firma/v2.0',
    clientId: 'kanal-client',
    domains: ['firma.hr'],
    groupsClaim: 'groups',
    groups: [{ value: 'sales', groupId: 3 }],
    attributeClaims: { department: null, location: null, jobTitle: null, employeeNumber: null, startDate: null },
    createPeople: true,
    passwordsAllowed: false,
    enabled: true,
    redirectUri: REDIRECT_URI,
    postLogoutRedirectUri: POST_LOGOUT_REDIRECT_URI,
    createdAt: new Date(2026, 10, 2, 9, 30).toISOString(),
    updatedAt: new Date(2026, 10, 20, 14, 5).toISOString(),
    ...overrides,
  };
}

/**
 * The console at `path` as `role` of Tvrtka d.o.o., with the organisation's providers answered and changed
 * like the API would, so each screen shows what a change left.
 */
function openConsole(
  path: string,
  { role = 'ADMIN', providers = [] as IdentityProvider[], routes = {} as Routes } = {},
) {
  const who = signInAs(role as Role);
  let current = providers;
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /tenant': () => ok({ count: 0, items: [] }),
    'GET /identity-provider': () => ok(current),
    'GET /group/tenant': () => ok(groups),
    'DELETE /identity-provider/5': () => {
      current = current.filter((provider) => provider.id !== 5);
      return ok({ done: true });
    },
    'PATCH /identity-provider/5': (request) => {
      const { clientSecret: _, ...changes } = request.body as Partial<IdentityProvider> & { clientSecret?: string };
      current = current.map((provider) => (provider.id === 5 ? { ...provider, ...changes } : provider));
      return ok(current.find((provider) => provider.id === 5));
    },
    ...routes,
  });
  return { ...renderApp(path), api, add: (provider: IdentityProvider) => (current = [...current, provider]) };
}

const bodies = (api: { calls: FakeRequest[] }, method: string) =>
  api.calls.filter((call) => call.method === method).map((call) => call.body);

describe('the identity providers list', () => {
  it('lists each provider with its issuer, domains, state and last change, opening its page', async () => {
    const { user, router } = openConsole('/admin/sso', {
      providers: [
        makeProvider(5, { domains: ['firma.hr', 'firma.com'] }),
        makeProvider(6, { name: 'Google', issuer: 'https://accounts.google.com', domains: [], enabled: false }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Jedinstvena prijava' });
    const entra = within(table).getByRole('row', { name: /Firma Entra/ });
    expect(within(entra).getByText('https://login.microsoftonline.com/firma/v2.0')).toBeInTheDocument();
    expect(within(entra).getByText('firma.hr, firma.com')).toBeInTheDocument();
    expect(within(entra).getByText('Uključen')).toBeInTheDocument();
    expect(within(entra).getByText('20.11.2026., 14:05')).toBeInTheDocument();
    const google = within(table).getByRole('row', { name: /Google/ });
    expect(within(google).getByText('Nema domena')).toBeInTheDocument();
    expect(within(google).getByText('Isključen')).toBeInTheDocument();

    await user.click(within(entra).getByRole('link', { name: 'Firma Entra' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Firma Entra' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sso/5');
  });

  it('shows placeholders while the list loads', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    openConsole('/admin/sso', {
      routes: { 'GET /identity-provider': () => new Promise((resolve) => (answer = resolve)) },
    });
    expect(await screen.findByRole('status', { name: 'Učitavanje…' })).toBeInTheDocument();
    answer(ok([makeProvider(5)]));
    expect(await screen.findByRole('table', { name: 'Jedinstvena prijava' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Učitavanje…' })).not.toBeInTheDocument();
  });

  it('explains single sign-on when there is no provider yet, and offers to add one', async () => {
    const { user, router } = openConsole('/admin/sso');
    expect(await screen.findByText('Još nema nijednog pružatelja prijave')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const add = screen.getAllByRole('link', { name: 'Dodaj pružatelja' });
    expect(add).toHaveLength(2);
    await user.click(add[1] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Novi pružatelj prijave' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sso/new');
  });

  it('offers another try when the list does not load', async () => {
    let down = true;
    const { user } = openConsole('/admin/sso', {
      routes: {
        'GET /identity-provider': () => (down ? fail(500, 'SomethingWentWrong', 'Nešto je pošlo po krivu') : ok([])),
      },
    });
    expect(await screen.findByText('Pružatelji prijave nisu se učitali.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByText('Još nema nijednog pružatelja prijave')).toBeInTheDocument();
  });

  it('lists the providers of the organisation a SUPERADMIN works in', async () => {
    localStorage.setItem('kanal.console.tenant.7', '2');
    const { api } = openConsole('/admin/sso', {
      role: 'SUPERADMIN',
      providers: [makeProvider(5)],
      routes: { 'GET /tenant/2': () => ok({ id: 2, name: 'Druga firma d.o.o.' }) },
    });
    expect(await screen.findByRole('table', { name: 'Jedinstvena prijava' })).toBeInTheDocument();
    expect(api.find('GET', '/identity-provider')?.url).toBe('/api/identity-provider?tenant=2');
  });
});

describe('adding a provider', () => {
  it('checks the required fields and the domains before sending, then adds it and opens its page', async () => {
    const created = makeProvider(9, { name: 'Okta', issuer: 'https://firma.okta.com', clientId: 'okta-kanal' });
    const { user, router, api, add } = openConsole('/admin/sso/new', {
      routes: {
        'POST /identity-provider': () => {
          add(created);
          return ok(created);
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Novi pružatelj prijave' })).toBeInTheDocument();
    // The address to register at the provider is there before anything is typed.
    const redirect = screen.getByRole('group', { name: 'Povratna adresa (redirect URI)' });
    expect(within(redirect).getByText(`${window.location.origin}/api/auth/sso/callback`)).toBeInTheDocument();
    const afterSignOut = screen.getByRole('group', { name: 'Adresa nakon odjave (post-logout redirect URI)' });
    expect(within(afterSignOut).getByText(`${window.location.origin}/login`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dodaj pružatelja' }));
    await waitFor(() => expect(screen.getAllByText('Obavezno')).toHaveLength(3));
    expect(screen.getByLabelText('Tajni ključ klijenta (client secret)')).toHaveAccessibleDescription(/^Obavezno/);
    expect(screen.getByLabelText('Adresa izdavatelja (issuer)')).toHaveAccessibleDescription(
      /^Upišite web adresu koja počinje s https:\/\//,
    );
    expect(api.find('POST', '/identity-provider')).toBeUndefined();

    await user.type(screen.getByLabelText('Naziv'), 'Okta');
    await user.type(screen.getByLabelText('Adresa izdavatelja (issuer)'), 'https://firma.okta.com');
    await user.type(screen.getByLabelText('ID klijenta (client ID)'), 'okta-kanal');
    await user.type(screen.getByLabelText('Tajni ključ klijenta (client secret)'), 'tajna-123');

    const domain = screen.getByLabelText('E-mail domene');
    await user.type(domain, 'firma{Enter}');
    expect(domain).toHaveAccessibleDescription(/^Upišite domenu, npr\. firma\.hr/);
    await user.clear(domain);
    await user.type(domain, ' Firma.HR {Enter}');
    await user.type(domain, 'firma.com');
    await user.click(screen.getByRole('button', { name: 'Dodaj domenu' }));
    const chosen = screen.getByRole('list', { name: 'Domene pružatelja' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['firma.hr', 'firma.com']);
    await user.click(within(chosen).getByRole('button', { name: 'Ukloni domenu firma.com' }));
    // Typed but not added: it goes with the rest.
    await user.type(domain, 'firma.eu');

    await user.type(screen.getByLabelText('Naziv tvrdnje s grupama (claim)'), 'groups');
    await user.click(screen.getByRole('button', { name: 'Poveži grupu' }));
    await user.click(screen.getByRole('button', { name: 'Poveži grupu' }));
    const values = screen.getAllByLabelText('Vrijednost u tvrdnji');
    await user.type(values[0] as HTMLElement, 'sales');
    await user.type(values[1] as HTMLElement, 'sales');
    await user.selectOptions(screen.getAllByLabelText('Grupa')[1] as HTMLElement, 'Skladište');
    await user.click(screen.getByRole('checkbox', { name: 'Otvori račun pri prvoj prijavi' }));

    // A claim value maps to one group: the repeat is refused where it is.
    await user.click(screen.getByRole('button', { name: 'Dodaj pružatelja' }));
    await waitFor(() => expect(values[1]).toHaveAccessibleDescription('Već je na popisu'));
    expect(api.find('POST', '/identity-provider')).toBeUndefined();
    await user.clear(values[1] as HTMLElement);
    await user.type(values[1] as HTMLElement, 'warehouse');

    await user.click(screen.getByRole('button', { name: 'Dodaj pružatelja' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Okta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sso/9');
    expect(screen.getByText('Pružatelj Okta je dodan.')).toBeInTheDocument();
    expect(bodies(api, 'POST')).toEqual([
      {
        name: 'Okta',
        issuer: 'https://firma.okta.com',
        clientId: 'okta-kanal',
        clientSecret: 'tajna-123',
        domains: ['firma.hr', 'firma.eu'],
        groupsClaim: 'groups',
        groups: [
          { value: 'sales', groupId: 3 },
          { value: 'warehouse', groupId: 4 },
        ],
        attributeClaims: { department: null, location: null, jobTitle: null, employeeNumber: null, startDate: null },
        createPeople: true,
        passwordsAllowed: true,
        enabled: true,
      },
    ]);
  });

  it('shows a domain another provider holds at the domains, and keeps the page', async () => {
    const { user, router } = openConsole('/admin/sso/new', {
      routes: {
        'POST /identity-provider': () => ({
          status: 409,
          body: {
            statusCode: 409,
            code: 'SsoDomainTaken',
            message: 'Domena „firma.hr” već pripada jednom pružatelju prijave',
            field: 'domains',
            fields: [{ field: 'domains', message: 'Već pripada jednom pružatelju prijave: firma.hr' }],
            requestId: 'req-test',
          },
        }),
      },
    });
    await user.type(await screen.findByLabelText('Naziv'), 'Entra');
    await user.type(screen.getByLabelText('Adresa izdavatelja (issuer)'), 'https://login.microsoftonline.com/x/v2.0');
    await user.type(screen.getByLabelText('ID klijenta (client ID)'), 'kanal');
    await user.type(screen.getByLabelText('Tajni ključ klijenta (client secret)'), 'tajna');
    await user.type(screen.getByLabelText('E-mail domene'), 'firma.hr{Enter}');
    await user.click(screen.getByRole('button', { name: 'Dodaj pružatelja' }));

    const domain = screen.getByLabelText('E-mail domene');
    await waitFor(() => expect(domain).toHaveAttribute('aria-invalid', 'true'));
    expect(domain).toHaveAccessibleDescription(/^Već pripada jednom pružatelju prijave: firma\.hr/);
    expect(domain).toHaveFocus();
    expect(router.state.location.pathname).toBe('/admin/sso/new');

    // Taking the domain out answers the refusal.
    await user.click(screen.getByRole('button', { name: 'Ukloni domenu firma.hr' }));
    expect(domain).not.toHaveAttribute('aria-invalid');
  });
});

describe('a provider’s page', () => {
  it('shows its settings and keeps the stored secret when the field is left empty', async () => {
    const { user, api } = openConsole('/admin/sso/5', { providers: [makeProvider(5)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Firma Entra' })).toBeInTheDocument();
    expect(screen.getByText('Dodan 02.11.2026., 09:30 · promijenjen 20.11.2026., 14:05')).toBeInTheDocument();
    expect(screen.getByLabelText('ID klijenta (client ID)')).toHaveValue('kanal-client');
    const secret = screen.getByLabelText('Tajni ključ klijenta (client secret)');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(within(screen.getByRole('list', { name: 'Domene pružatelja' })).getByText('firma.hr')).toBeInTheDocument();
    expect(await screen.findByLabelText('Vrijednost u tvrdnji')).toHaveValue('sales');
    expect(screen.getByLabelText('Grupa')).toHaveValue('3');
    expect(screen.getByRole('checkbox', { name: 'Prijava lozinkom ostaje dopuštena' })).not.toBeChecked();

    const name = screen.getByLabelText('Naziv');
    await user.clear(name);
    await user.type(name, 'Entra ID');
    await user.click(screen.getByRole('checkbox', { name: 'Pružatelj je uključen' }));
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Promjene su spremljene.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Entra ID' })).toBeInTheDocument();
    expect(screen.getByText('Isključen')).toBeInTheDocument();

    await user.type(secret, 'nova-tajna');
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    await waitFor(() => expect(bodies(api, 'PATCH')).toHaveLength(2));
    // Saved, the new secret leaves the field: it is stored, never shown.
    await waitFor(() => expect(secret).toHaveValue(''));

    const [kept, replaced] = bodies(api, 'PATCH') as Record<string, unknown>[];
    expect(kept).toMatchObject({ name: 'Entra ID', enabled: false, domains: ['firma.hr'] });
    expect(kept).not.toHaveProperty('clientSecret');
    expect(replaced).toMatchObject({ name: 'Entra ID', clientSecret: 'nova-tajna' });
  });

  it('shows which claims carry the person attributes, checks their names, and saves the whole mapping', async () => {
    const { user, api } = openConsole('/admin/sso/5', {
      providers: [
        makeProvider(5, {
          attributeClaims: {
            department: 'department',
            location: null,
            jobTitle: 'jobTitle',
            employeeNumber: null,
            startDate: null,
          },
        }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Podaci o zaposlenju iz tvrdnji (claims)' });
    expect(within(section).getByText(/Nadređeni se ne preuzima iz tvrdnji/)).toBeInTheDocument();
    const department = within(section).getByLabelText('Tvrdnja s odjelom');
    const location = within(section).getByLabelText('Tvrdnja s lokacijom');
    const jobTitle = within(section).getByLabelText('Tvrdnja s radnim mjestom');
    const employeeNumber = within(section).getByLabelText('Tvrdnja s brojem zaposlenika');
    const startDate = within(section).getByLabelText('Tvrdnja s datumom zaposlenja');
    expect(department).toHaveValue('department');
    expect(jobTitle).toHaveValue('jobTitle');
    expect(location).toHaveValue('');
    expect(location).toHaveAccessibleDescription(/^Npr\. officeLocation, city ili address\.locality/);

    // A name with a space is no claim's, and one over 100 characters is too long: both stop the save.
    await user.type(location, 'ured osobe');
    await user.type(employeeNumber, `https://firma.hr/${'x'.repeat(90)}`);
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    await waitFor(() => expect(location).toHaveAttribute('aria-invalid', 'true'));
    expect(location).toHaveAccessibleDescription(/^Upišite naziv tvrdnje: slova, brojke i znakovi/);
    expect(employeeNumber).toHaveAccessibleDescription(/^Najviše 100 znakova/);
    expect(api.find('PATCH', '/identity-provider/5')).toBeUndefined();

    await user.clear(location);
    await user.type(location, 'address.locality');
    await user.clear(employeeNumber);
    await user.type(employeeNumber, 'employeeId');
    await user.clear(jobTitle);
    await user.type(startDate, ' hireDate ');
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Promjene su spremljene.')).toBeInTheDocument();
    expect(bodies(api, 'PATCH')).toEqual([
      expect.objectContaining({
        attributeClaims: {
          department: 'department',
          location: 'address.locality',
          // Emptied: no longer mapped.
          jobTitle: null,
          employeeNumber: 'employeeId',
          startDate: 'hireDate',
        },
      }),
    ]);
    // The saved mapping is what the page shows.
    expect(startDate).toHaveValue('hireDate');
    expect(jobTitle).toHaveValue('');
  });

  it('shows a claim name the server refuses at its field', async () => {
    const { user } = openConsole('/admin/sso/5', {
      providers: [makeProvider(5)],
      routes: {
        'PATCH /identity-provider/5': () => ({
          status: 400,
          body: {
            statusCode: 400,
            code: 'BodyParamsInvalid',
            message: 'Neispravan unos',
            field: 'attributeClaims.department',
            fields: [{ field: 'attributeClaims.department', message: 'Najviše 100 znakova' }],
            requestId: 'req-test',
          },
        }),
      },
    });
    const department = await screen.findByLabelText('Tvrdnja s odjelom');
    await user.type(department, 'department');
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    await waitFor(() => expect(department).toHaveAttribute('aria-invalid', 'true'));
    expect(department).toHaveAccessibleDescription(/^Najviše 100 znakova/);
    expect(department).toHaveFocus();
  });

  it('copies the redirect URI the server names, to register at the provider', async () => {
    const { user } = openConsole('/admin/sso/5', { providers: [makeProvider(5)] });
    const redirect = await screen.findByRole('group', { name: 'Povratna adresa (redirect URI)' });
    expect(within(redirect).getByText(REDIRECT_URI)).toBeInTheDocument();
    await user.click(within(redirect).getByRole('button', { name: 'Kopiraj adresu' }));
    expect(await within(redirect).findByText('Kopirano.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(REDIRECT_URI);
  });

  it('copies the post-logout redirect URI too, where the provider sends people back after signing them out', async () => {
    const { user } = openConsole('/admin/sso/5', { providers: [makeProvider(5)] });
    const afterSignOut = await screen.findByRole('group', { name: 'Adresa nakon odjave (post-logout redirect URI)' });
    expect(within(afterSignOut).getByText(POST_LOGOUT_REDIRECT_URI)).toBeInTheDocument();
    await user.click(within(afterSignOut).getByRole('button', { name: 'Kopiraj adresu' }));
    expect(await within(afterSignOut).findByText('Kopirano.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(POST_LOGOUT_REDIRECT_URI);
  });

  it('deletes it only after asking, then lists the rest', async () => {
    const { user, router, api } = openConsole('/admin/sso/5', {
      providers: [makeProvider(5), makeProvider(6, { name: 'Google' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Obriši pružatelja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Obrisati pružatelja Firma Entra?' });
    expect(within(dialog).getByText(/Osobe zadržavaju račune/)).toBeInTheDocument();
    expect(api.find('DELETE', '/identity-provider/5')).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Obriši pružatelja' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sso'));
    expect(screen.getByText('Pružatelj Firma Entra je obrisan.')).toBeInTheDocument();
    expect(api.find('DELETE', '/identity-provider/5')).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Jedinstvena prijava' });
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Firma Entra' })).not.toBeInTheDocument());
    expect(within(table).getByRole('link', { name: 'Google' })).toBeInTheDocument();
  });

  it('answers an unknown provider with a not-found message and a way back', async () => {
    openConsole('/admin/sso/999', { providers: [makeProvider(5)] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pružatelj prijave nije pronađen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na popis' })).toHaveAttribute('href', '/admin/sso');
  });
});

describe('who manages single sign-on', () => {
  it('offers an ADMIN the link to it', async () => {
    openConsole('/admin/sso');
    const nav = await screen.findByRole('navigation', { name: 'Administracija' });
    expect(within(nav).getByRole('link', { name: 'Jedinstvena prijava' })).toHaveAttribute('href', '/admin/sso');
  });

  it.each(['ANALYST', 'CREATOR'] as const)(
    'shows the %s role no link, and the "not available" page at its address, without asking for providers',
    async (role) => {
      const { api } = openConsole('/admin/sso', { role, providers: [makeProvider(5)] });
      expect(await screen.findByRole('heading', { level: 1, name: 'Nije dostupno za vašu ulogu' })).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Administracija' });
      expect(within(nav).queryByRole('link', { name: 'Jedinstvena prijava' })).not.toBeInTheDocument();
      expect(api.find('GET', '/identity-provider')).toBeUndefined();
    },
  );
});
