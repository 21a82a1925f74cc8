import type { CreatedScimToken, Role, ScimToken } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/console/test/console-fixtures';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

const SECRET = `1_${'s'.repeat(43)}`;

function makeToken(id: number, overrides: Partial<ScimToken> = {}): ScimToken {
  return {
    id,
    name: 'Microsoft Entra ID',
    createdAt: new Date(2026, 10, 2, 9, 30).toISOString(),
    createdBy: 'Ana Anić',
    createdByProvider: false,
    lastUsedAt: new Date(2026, 10, 20, 14, 5).toISOString(),
    revokedAt: null,
    ...overrides,
  };
}

const query = (call: FakeRequest) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);

/**
 * The console at `path` as `role` of Tvrtka d.o.o., with the organisation's tokens answered and changed like
 * the API would: an issued token joins the list (without its secret), a revoked one is marked.
 */
function openConsole(path: string, { role = 'ADMIN', tokens = [] as ScimToken[], routes = {} as Routes } = {}) {
  const who = signInAs(role as Role);
  let current = tokens;
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /tenant': () => ok({ count: 0, items: [] }),
    'GET /scim-token': () => ok({ count: current.length, items: current }),
    'POST /scim-token': (request) => {
      const { name } = request.body as { name: string };
      const created: CreatedScimToken = { ...makeToken(9, { name, lastUsedAt: null }), token: SECRET };
      const { token: _, ...listed } = created;
      current = [listed, ...current];
      return ok(created);
    },
    'DELETE /scim-token/5': () => {
      current = current.map((token) =>
        token.id === 5 ? { ...token, revokedAt: new Date(2026, 10, 21, 8, 0).toISOString() } : token,
      );
      return ok({ done: true });
    },
    ...routes,
  });
  return { ...renderApp(path), api };
}

describe('the directory sync screen', () => {
  it('lists each token with its state, when and by whom it was issued, and its last use', async () => {
    openConsole('/admin/scim', {
      tokens: [
        makeToken(5),
        makeToken(6, { name: 'Okta', createdBy: null, createdByProvider: true, lastUsedAt: null }),
        makeToken(7, {
          name: 'Stari Entra',
          createdBy: null,
          revokedAt: new Date(2026, 10, 10, 12, 0).toISOString(),
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Tokeni' });
    const entra = within(table).getByRole('row', { name: /Microsoft Entra ID/ });
    expect(within(entra).getByText('Aktivan')).toBeInTheDocument();
    expect(within(entra).getByText('02.11.2026., 09:30')).toBeInTheDocument();
    expect(within(entra).getByText('Ana Anić')).toBeInTheDocument();
    expect(within(entra).getByText('20.11.2026., 14:05')).toBeInTheDocument();
    expect(within(entra).getByRole('button', { name: 'Opozovi token Microsoft Entra ID' })).toBeInTheDocument();

    const okta = within(table).getByRole('row', { name: /Okta/ });
    expect(within(okta).getByText('Administrator pružatelja usluge')).toBeInTheDocument();
    expect(within(okta).getByText('Nikad')).toBeInTheDocument();

    const old = within(table).getByRole('row', { name: /Stari Entra/ });
    expect(within(old).getByText('Opozvan')).toBeInTheDocument();
    expect(within(old).getByText('10.11.2026.')).toBeInTheDocument();
    expect(within(old).getByText('Obrisana osoba')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the SCIM address of this server to paste into the directory, and copies it', async () => {
    const { user } = openConsole('/admin/scim', { tokens: [makeToken(5)] });
    const address = await screen.findByRole('group', { name: 'Adresa za SCIM' });
    const url = `${window.location.origin}/scim/v2`;
    expect(within(address).getByText(url)).toBeInTheDocument();
    await user.click(within(address).getByRole('button', { name: 'Kopiraj adresu' }));
    expect(await within(address).findByText('Kopirano.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('shows placeholders while the tokens load', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    openConsole('/admin/scim', {
      routes: { 'GET /scim-token': () => new Promise((resolve) => (answer = resolve)) },
    });
    expect(await screen.findByRole('status', { name: 'Učitavanje…' })).toBeInTheDocument();
    answer(ok({ count: 1, items: [makeToken(5)] }));
    expect(await screen.findByRole('table', { name: 'Tokeni' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Učitavanje…' })).not.toBeInTheDocument();
  });

  it('explains what to do when there is no token yet, and offers to issue one', async () => {
    const { user } = openConsole('/admin/scim');
    expect(await screen.findByText('Još nema nijednog tokena')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const issue = screen.getAllByRole('button', { name: 'Izdaj token' });
    expect(issue).toHaveLength(2);
    await user.click(issue[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Novi token za sinkronizaciju imenika' })).toBeInTheDocument();
  });

  it('offers another try when the tokens do not load', async () => {
    let down = true;
    const { user } = openConsole('/admin/scim', {
      routes: {
        'GET /scim-token': () =>
          down ? fail(500, 'SomethingWentWrong', 'Nešto je pošlo po krivu') : ok({ count: 0, items: [] }),
      },
    });
    expect(await screen.findByText('Tokeni se nisu učitali.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByText('Još nema nijednog tokena')).toBeInTheDocument();
  });

  it('pages through many tokens', async () => {
    const many = Array.from({ length: 25 }, (_, i) => makeToken(100 + i, { name: `Token ${i + 1}` }));
    const { user, api } = openConsole('/admin/scim', {
      routes: {
        'GET /scim-token': (request) => {
          const { offset = '0', limit = '20' } = query(request);
          return ok({ count: many.length, items: many.slice(Number(offset), Number(offset) + Number(limit)) });
        },
      },
    });
    expect(await screen.findByText('1–20 od 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stranica 2' }));
    expect(await screen.findByRole('row', { name: /Token 25/ })).toBeInTheDocument();
    expect(query(api.calls.filter((c) => c.path === '/scim-token').at(-1) as FakeRequest)).toMatchObject({
      limit: '20',
      offset: '20',
    });
  });

  it('lists the tokens of the organisation a SUPERADMIN works in', async () => {
    localStorage.setItem('kanal.console.tenant.7', '2');
    const { api } = openConsole('/admin/scim', {
      role: 'SUPERADMIN',
      tokens: [makeToken(5)],
      routes: { 'GET /tenant/2': () => ok({ id: 2, name: 'Druga firma d.o.o.' }) },
    });
    expect(await screen.findByRole('table', { name: 'Tokeni' })).toBeInTheDocument();
    expect(api.find('GET', '/scim-token')?.url).toBe('/api/scim-token?tenant=2&limit=20&offset=0');
  });
});

describe('issuing a token', () => {
  it('checks the name first, then shows the token once with a warning and a way to copy it', async () => {
    const { user, api } = openConsole('/admin/scim', { tokens: [makeToken(5)] });
    await user.click(await screen.findByRole('button', { name: 'Izdaj token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi token za sinkronizaciju imenika' });
    const name = within(dialog).getByLabelText('Naziv');
    await waitFor(() => expect(name).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Izdaj token' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/^Obavezno/));
    expect(api.find('POST', '/scim-token')).toBeUndefined();

    await user.type(name, 'Okta');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj token' }));
    const shown = await screen.findByRole('dialog', { name: 'Token „Okta” je izdan' });
    expect(api.find('POST', '/scim-token')?.body).toEqual({ name: 'Okta' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    const copy = within(shown).getByRole('button', { name: 'Kopiraj token' });
    await waitFor(() => expect(copy).toHaveFocus());
    expect(copy).toHaveAccessibleDescription(/^Kopirajte token sada\. Više se neće prikazati/);
    await user.click(copy);
    expect(await within(shown).findByText('Kopirano.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Gotovo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Listed now, and the secret nowhere on the page.
    const table = screen.getByRole('table', { name: 'Tokeni' });
    expect(await within(table).findByRole('row', { name: /Okta/ })).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('shows a name a live token already has at the name, and keeps the dialog', async () => {
    const { user } = openConsole('/admin/scim', {
      tokens: [makeToken(5)],
      routes: {
        'POST /scim-token': () => ({
          status: 409,
          body: {
            statusCode: 409,
            code: 'ScimTokenNameTaken',
            message: 'Već postoji aktivan token za sinkronizaciju imenika s tim nazivom',
            field: 'name',
            fields: [{ field: 'name', message: 'Već postoji aktivan token za sinkronizaciju imenika s tim nazivom' }],
            requestId: 'req-test',
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Izdaj token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi token za sinkronizaciju imenika' });
    const name = within(dialog).getByLabelText('Naziv');
    await user.type(name, 'Microsoft Entra ID');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj token' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(/^Već postoji aktivan token/);
    expect(name).toHaveFocus();
  });

  it('says how many live tokens an organisation may have when it has them all', async () => {
    const { user } = openConsole('/admin/scim', {
      tokens: [makeToken(5)],
      routes: {
        'POST /scim-token': () => fail(409, 'ScimTokenLimitReached', 'Organizacija već ima 20 aktivnih tokena.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Izdaj token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi token za sinkronizaciju imenika' });
    await user.type(within(dialog).getByLabelText('Naziv'), 'Još jedan');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Organizacija već ima 20 aktivnih tokena za sinkronizaciju imenika.',
    );
  });
});

describe('revoking a token', () => {
  it('asks first, then marks it revoked', async () => {
    const { user, api } = openConsole('/admin/scim', { tokens: [makeToken(5), makeToken(6, { name: 'Okta' })] });
    const revoke = await screen.findByRole('button', { name: 'Opozovi token Microsoft Entra ID' });
    await user.click(revoke);
    let dialog = await screen.findByRole('dialog', { name: 'Opozvati token „Microsoft Entra ID”?' });
    expect(within(dialog).getByText(/bit će odbijen već pri sljedećem pozivu/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Odustani' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('DELETE', '/scim-token/5')).toBeUndefined();

    await user.click(revoke);
    dialog = await screen.findByRole('dialog', { name: 'Opozvati token „Microsoft Entra ID”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Opozovi token' }));
    expect(await screen.findByText('Token „Microsoft Entra ID” je opozvan.')).toBeInTheDocument();
    expect(api.find('DELETE', '/scim-token/5')).toBeDefined();
    const row = screen.getByRole('row', { name: /Microsoft Entra ID/ });
    expect(await within(row).findByText('Opozvan')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('who manages directory sync', () => {
  it('offers an ADMIN the link to it', async () => {
    openConsole('/admin/scim');
    const nav = await screen.findByRole('navigation', { name: 'Administracija' });
    expect(within(nav).getByRole('link', { name: 'Sinkronizacija imenika' })).toHaveAttribute('href', '/admin/scim');
  });

  it.each(['ANALYST', 'CREATOR'] as const)(
    'shows the %s role no link, and the "not available" page at its address, without asking for tokens',
    async (role) => {
      const { api } = openConsole('/admin/scim', { role, tokens: [makeToken(5)] });
      expect(await screen.findByRole('heading', { level: 1, name: 'Nije dostupno za vašu ulogu' })).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Administracija' });
      expect(within(nav).queryByRole('link', { name: 'Sinkronizacija imenika' })).not.toBeInTheDocument();
      expect(api.find('GET', '/scim-token')).toBeUndefined();
    },
  );
});
