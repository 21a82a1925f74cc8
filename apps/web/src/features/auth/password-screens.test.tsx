import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe('forgotten password', () => {
  it('sends the request and shows the success screen naming the identifier', async () => {
    const api = fakeApi({ 'POST /auth/forgot-password': () => ok({ done: true }) });
    const { user, router } = renderApp('/forgot-password');

    await user.click(await screen.findByRole('button', { name: 'Pošalji zahtjev' }));
    expect(await screen.findByText('Obavezno')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail ili korisničko ime'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Pošalji zahtjev' }));

    expect(await screen.findByRole('heading', { name: 'Zahtjev je poslan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password/success');
    expect(router.state.location.state).toEqual({ identifier: 'ana@example.com' });
    expect(screen.getByRole('status')).toHaveTextContent('ana@example.com');
    expect(api.find('POST', '/auth/forgot-password')?.body).toEqual({ identifier: 'ana@example.com' });

    await user.click(screen.getByRole('button', { name: 'Natrag na prijavu' }));
    expect(await screen.findByLabelText('E-mail ili korisničko ime')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('reset password link', () => {
  it('sets the new password and links to login', async () => {
    const api = fakeApi({ 'POST /auth/reset-password/abc123': () => ok({ done: true }) });
    const { user } = renderApp('/reset-password/abc123');
    await user.type(await screen.findByLabelText('Nova lozinka'), 'brand new pass');
    await user.type(screen.getByLabelText('Potvrda nove lozinke'), 'brand new pass');
    await user.click(screen.getByRole('button', { name: 'Spremi lozinku' }));
    expect(await screen.findByRole('link', { name: 'Na prijavu' })).toHaveAttribute('href', '/login');
    expect(api.find('POST', '/auth/reset-password/abc123')?.body).toEqual({ password: 'brand new pass' });
  });

  it("shows the server's message when the link has expired", async () => {
    fakeApi({
      'POST /auth/reset-password/old': () => fail(400, 'TokenInvalid', 'Poveznica je istekla ili je već iskorištena.'),
    });
    const { user } = renderApp('/reset-password/old');
    await user.type(await screen.findByLabelText('Nova lozinka'), 'brand new pass');
    await user.type(screen.getByLabelText('Potvrda nove lozinke'), 'brand new pass');
    await user.click(screen.getByRole('button', { name: 'Spremi lozinku' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Poveznica je istekla ili je već iskorištena.');
  });
});

describe('welcome link', () => {
  it('greets a new person, sets their first password through the reset call, and links to login', async () => {
    const api = fakeApi({ 'POST /auth/reset-password/welcome1': () => ok({ done: true }) });
    const { user } = renderApp('/welcome/welcome1');
    expect(await screen.findByRole('heading', { name: 'Dobro došli u Kanal' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Lozinka'), 'my first pass');
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'my first pass');
    await user.click(screen.getByRole('button', { name: 'Spremi lozinku' }));
    expect(await screen.findByRole('heading', { name: 'Sve je spremno' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Na prijavu' })).toHaveAttribute('href', '/login');
    expect(api.find('POST', '/auth/reset-password/welcome1')?.body).toEqual({ password: 'my first pass' });
  });
});

describe('activation link', () => {
  it('lets the person who opened the link choose the password, then signs in and goes home', async () => {
    const api = fakeApi({
      'POST /auth/signup/tok-a': () => ok({ token: 'sess-a', userId: 7 }),
      'GET /auth/me': () => ok(me),
    });
    const { user, router } = renderApp('/activate/tok-a');
    expect(await screen.findByRole('heading', { name: 'Postavljanje lozinke' })).toBeInTheDocument();
    expect(api.find('POST', '/auth/signup/tok-a')).toBeUndefined();
    await user.type(screen.getByLabelText('Lozinka'), 'kratka');
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'kratka');
    await user.click(screen.getByRole('button', { name: 'Spremi i prijavi se' }));
    expect(await screen.findAllByText('Minimalna dužina je 8 znakova')).not.toHaveLength(0);
    expect(api.find('POST', '/auth/signup/tok-a')).toBeUndefined();

    await user.clear(screen.getByLabelText('Lozinka'));
    await user.clear(screen.getByLabelText('Potvrda lozinke'));
    await user.type(screen.getByLabelText('Lozinka'), 'moja lozinka 1');
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'moja lozinka 1');
    await user.click(screen.getByRole('button', { name: 'Spremi i prijavi se' }));
    expect(await screen.findByRole('heading', { name: 'Bok, Ana!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls.filter((c) => c.path === '/auth/signup/tok-a')).toHaveLength(1);
    expect(api.find('POST', '/auth/signup/tok-a')?.body).toMatchObject({
      password: 'moja lozinka 1',
      rememberMe: false,
      application: 'web',
    });
    expect(authStore.get()).toEqual({ token: 'sess-a', userId: 7 });
  });

  it('shows the error and a link to login when the link is used up', async () => {
    fakeApi({ 'POST /auth/signup/used': () => fail(400, 'TokenInvalid', 'Poveznica je istekla.') });
    const { user } = renderApp('/activate/used');
    await user.type(await screen.findByLabelText('Lozinka'), 'moja lozinka 1');
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'moja lozinka 1');
    await user.click(screen.getByRole('button', { name: 'Spremi i prijavi se' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Poveznica je istekla.');
    expect(screen.getByRole('link', { name: 'Na prijavu, po novu poveznicu' })).toHaveAttribute('href', '/login');
  });
});

describe('change password', () => {
  const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, false);

  async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Trenutna lozinka'), 'old password');
    await user.type(screen.getByLabelText('Nova lozinka'), 'new password 1');
    await user.type(screen.getByLabelText('Potvrda nove lozinke'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Promijeni lozinku' }));
  }

  it("says 'Nešto je pošlo po krivu' when the current password is wrong", async () => {
    signedIn();
    fakeApi({
      'GET /auth/me': () => ok(me),
      'POST /mobile/users/password': () =>
        fail(400, 'PasswordNotChanged', 'Unesena trenutna lozinka ne odgovara vašoj'),
    });
    const { user, router } = renderApp('/change-password');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nešto je pošlo po krivu');
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('changes the password, shows the success screen and leads home', async () => {
    signedIn();
    const api = fakeApi({ 'GET /auth/me': () => ok(me), 'POST /mobile/users/password': () => ok({ done: true }) });
    const { user, router } = renderApp('/change-password');
    await fillAndSubmit(user);
    expect(await screen.findByText('Lozinka je uspješno promijenjena')).toBeInTheDocument();
    expect(api.find('POST', '/mobile/users/password')?.body).toEqual({ old: 'old password', new: 'new password 1' });
    await user.click(screen.getByRole('button', { name: 'Na početnu' }));
    expect(await screen.findByRole('heading', { name: 'Bok, Ana!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('has a show/hide toggle on each field', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => ok(me) });
    const { user } = renderApp('/change-password');
    const old = await screen.findByLabelText('Trenutna lozinka');
    const toggles = screen.getAllByRole('button', { name: 'Prikaži lozinku' });
    expect(toggles).toHaveLength(3);
    expect(old).toHaveAttribute('type', 'password');
    await user.click(toggles[0] as HTMLElement);
    expect(old).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Sakrij lozinku' })).toHaveAttribute('aria-pressed', 'true');
  });
});
