import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { type FakeRequest, fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const ana = { ...me, phone: '091 111 2222', avatar: null };

function openProfile(routes = {}) {
  authStore.signIn({ token: 'tok', userId: 7 }, true);
  const api = fakeApi({
    'GET /auth/me': () => ok(ana),
    'GET /notifications': () => ok({ count: 0, unread: 0, items: [] }),
    'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
    'GET /mobile/users/notification-settings': () =>
      ok({ email: { content: true, reminder: true }, push: { content: true, reminder: true } }),
    ...routes,
  });
  return { api, ...renderApp('/profile') };
}

const section = (name: string) => screen.findByRole('region', { name });

describe('profile editing', () => {
  it('is reached from the profile panel', async () => {
    authStore.signIn({ token: 'tok', userId: 7 }, true);
    fakeApi({
      'GET /auth/me': () => ok(ana),
      'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
    });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    await user.click(await screen.findByRole('link', { name: 'Moj profil i obavijesti' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moj profil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('checks the name and the phone before sending, with the reasons beside the fields', async () => {
    const { api, user } = openProfile();
    const details = await section('Osobni podaci');
    const name = within(details).getByLabelText('Ime i prezime');
    expect(name).toHaveValue('Ana Anić');
    await user.clear(name);
    await user.clear(within(details).getByLabelText('Telefon'));
    await user.type(within(details).getByLabelText('Telefon'), 'zovi me');
    await user.click(within(details).getByRole('button', { name: 'Spremi' }));
    expect(await within(details).findByText('Obavezno')).toBeInTheDocument();
    expect(within(details).getByText('Neispravan broj telefona')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('saves a changed name and clears the phone, each through its own call', async () => {
    let current = ana;
    const { api, user } = openProfile({
      'GET /auth/me': () => ok(current),
      'POST /mobile/users/names': (request: FakeRequest) => {
        current = { ...current, name: (request.body as { name: string }).name };
        return ok(current);
      },
      'POST /mobile/users/phone': (request: FakeRequest) => {
        current = { ...current, phone: (request.body as { phone: null }).phone as never };
        return ok(current);
      },
    });
    const details = await section('Osobni podaci');
    const name = within(details).getByLabelText('Ime i prezime');
    await user.clear(name);
    await user.type(name, 'Ana Horvat');
    await user.clear(within(details).getByLabelText('Telefon'));
    await user.click(within(details).getByRole('button', { name: 'Spremi' }));
    expect(await within(details).findByText('Podaci su spremljeni.')).toBeInTheDocument();
    expect(api.find('POST', '/mobile/users/names')?.body).toEqual({ name: 'Ana Horvat' });
    expect(api.find('POST', '/mobile/users/phone')?.body).toEqual({ phone: null });
  });

  it('asks for a new e-mail address with the password, and says the change waits for the mailed link', async () => {
    const { api, user } = openProfile({
      'POST /mobile/users/email': (request: FakeRequest) =>
        (request.body as { password: string }).password === 'kriva-lozinka'
          ? fail(400, 'InvalidPassword', 'Netočna lozinka. Pokušajte ponovno')
          : ok(ana),
    });
    const email = await section('E-mail adresa');
    expect(within(email).getByText('Sadašnja adresa: ana@example.com')).toBeInTheDocument();
    await user.click(within(email).getByRole('button', { name: 'Pošalji poveznicu za potvrdu' }));
    expect(await within(email).findAllByText('Obavezno')).toHaveLength(2);
    await user.type(within(email).getByLabelText('Nova e-mail adresa'), 'nije adresa');
    await user.click(within(email).getByRole('button', { name: 'Pošalji poveznicu za potvrdu' }));
    expect(await within(email).findByText('Neispravna e-mail adresa')).toBeInTheDocument();
    expect(api.find('POST', '/mobile/users/email')).toBeUndefined();

    const address = within(email).getByLabelText('Nova e-mail adresa');
    await user.clear(address);
    await user.type(address, 'ana.nova@example.com');
    await user.type(within(email).getByLabelText('Vaša lozinka'), 'kriva-lozinka');
    await user.click(within(email).getByRole('button', { name: 'Pošalji poveznicu za potvrdu' }));
    expect(await within(email).findByText('Netočna lozinka. Pokušajte ponovno')).toBeInTheDocument();
    expect(within(email).getByLabelText('Vaša lozinka')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(email).getByLabelText('Vaša lozinka'));
    await user.type(within(email).getByLabelText('Vaša lozinka'), 'prava-lozinka');
    await user.click(within(email).getByRole('button', { name: 'Pošalji poveznicu za potvrdu' }));
    expect(await within(email).findByRole('status')).toHaveTextContent(
      'Poslali smo poveznicu na ana.nova@example.com. Adresa se mijenja tek kad je otvorite',
    );
    expect(api.calls.filter((call) => call.path === '/mobile/users/email').at(-1)?.body).toEqual({
      email: 'ana.nova@example.com',
      password: 'prava-lozinka',
    });
    // Nothing changed yet.
    expect(within(email).getByText('Sadašnja adresa: ana@example.com')).toBeInTheDocument();
  });

  it('uploads a new picture', async () => {
    const { api, user } = openProfile({ 'POST /mobile/users/avatar': () => ok({ id: 'f-1' }) });
    const avatar = await section('Profilna slika');
    const file = new File(['png'], 'ja.png', { type: 'image/png' });
    await user.upload(within(avatar).getByLabelText('Odaberi novu sliku'), file);
    expect(await within(avatar).findByText('Slika je spremljena.')).toBeInTheDocument();
    expect(api.find('POST', '/mobile/users/avatar')).toBeDefined();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(await section('Personal details')).toBeInTheDocument();
    expect(screen.getByLabelText('New e-mail address')).toBeInTheDocument();
  });
});

describe('confirming a new e-mail address', () => {
  it('changes it only on the button (a mail scanner opening the link confirms nothing), signed out', async () => {
    const api = fakeApi({ 'POST /mobile/users/email/confirm/1_tok': () => ok({ done: true }) });
    const { user } = renderApp('/confirm-email/1_tok');
    const confirm = await screen.findByRole('button', { name: 'Potvrdi novu adresu' });
    expect(api.calls).toHaveLength(0);
    await user.click(confirm);
    expect(await screen.findByRole('status')).toHaveTextContent('Vaša je e-mail adresa promijenjena.');
  });

  it('says when the link no longer works', async () => {
    fakeApi({ 'POST /mobile/users/email/confirm/1_old': () => fail(404, 'NotFound', 'Not found') });
    const { user } = renderApp('/confirm-email/1_old');
    await user.click(await screen.findByRole('button', { name: 'Potvrdi novu adresu' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Ova poveznica više ne vrijedi'));
  });
});
