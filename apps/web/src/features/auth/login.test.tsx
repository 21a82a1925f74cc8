import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe('login', () => {
  it("shows the product's mark and a short welcome above the form", async () => {
    renderApp('/login');
    expect(await screen.findByText('Kanal')).toBeInTheDocument();
    expect(
      screen.getByText('Sve što vam šalje vaša organizacija, na jednom mjestu: novosti, edukacije, ankete i zadaci.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Prijava' })).toBeInTheDocument();
  });

  it('asks for the password when the identifier has one, signs in and returns to the requested page', async () => {
    const api = fakeApi({
      'POST /auth/has-password': () => ok({ hasPassword: true }),
      'POST /auth/signin': () => ok({ token: 'tok-1', userId: 7 }),
      'GET /auth/me': () => ok(me),
    });
    const { user, router } = renderApp('/archive');

    // Not signed in: the protected page sends the user to /login.
    const identifier = await screen.findByLabelText('E-mail ili korisničko ime');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByLabelText('Lozinka')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zaboravili ste lozinku?' })).toHaveAttribute('href', '/forgot-password');

    await user.type(identifier, '  ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    const password = await screen.findByLabelText('Lozinka');
    expect(api.find('POST', '/auth/has-password')?.body).toEqual({ identifier: 'ana@example.com' });
    expect(screen.queryByLabelText('Potvrda lozinke')).not.toBeInTheDocument();

    await user.type(password, 'correct horse');
    await user.click(screen.getByLabelText('Zapamti me'));
    await user.click(screen.getByRole('button', { name: 'Prijava' }));

    expect(await screen.findByRole('heading', { name: 'Arhiva' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/archive');
    const signIn = api.find('POST', '/auth/signin');
    expect(signIn?.body).toMatchObject({
      email: 'ana@example.com',
      password: 'correct horse',
      rememberMe: true,
      application: 'web',
      device: navigator.userAgent,
    });
    expect(signIn?.headers.get('Accept-Language')).toBe('hr');
    expect(api.find('GET', '/auth/me')?.headers.get('Authorization')).toBe('Bearer tok-1');
    // 'Remember me' keeps the session beyond the tab.
    expect(JSON.parse(localStorage.getItem('kanal.auth') ?? 'null')).toEqual({ token: 'tok-1', userId: 7 });
  });

  it('sends an e-mail account a set-up link, asking for no password here', async () => {
    const api = fakeApi({
      'POST /auth/has-password': () => ok({ hasPassword: false, activation: 'link' }),
      'POST /auth/setup-password': () => ok({ status: 'confirmationSent' }),
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('E-mail ili korisničko ime'), 'novi@example.com');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));

    // The password is chosen on the mailed link's page, by whoever reads the mailbox.
    const send = await screen.findByRole('button', { name: 'Pošalji poveznicu' });
    expect(screen.getByText(/Poslat ćemo poveznicu na e-mail adresu vašeg računa/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova lozinka')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Potvrda lozinke')).not.toBeInTheDocument();
    await user.click(send);

    expect(await screen.findByRole('status')).toHaveTextContent(/Poslali smo poveznicu na e-mail adresu vašeg računa/);
    const body = api.find('POST', '/auth/setup-password')?.body;
    expect(body).toMatchObject({ email: 'novi@example.com', application: 'web' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('activationCode');
    expect(authStore.get()).toBeNull();
  });

  it('asks a username-only account for its activation code beside the new password, and signs it in', async () => {
    const api = fakeApi({
      'POST /auth/has-password': () => ok({ hasPassword: false, activation: 'code' }),
      'POST /auth/setup-password': ({ body }) =>
        (body as { activationCode: string }).activationCode === 'ABCD-EFGH-JKMN'
          ? ok({ status: 'signedIn', token: 'tok-2', userId: 8 })
          : fail(400, 'ActivationCodeInvalid', 'Aktivacijski kôd nije ispravan ili je istekao.'),
      'GET /auth/me': () => ok(me),
    });
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail ili korisničko ime'), 'ivan');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));

    const code = await screen.findByLabelText('Aktivacijski kôd');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByText(/Upišite aktivacijski kôd koji ste dobili od administratora/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nova lozinka'), 'skladiste-2026');
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'skladiste-2026');
    await user.click(screen.getByRole('button', { name: 'Postavi lozinku' }));
    expect(await screen.findByText('Obavezno')).toBeInTheDocument();
    expect(api.find('POST', '/auth/setup-password')).toBeUndefined();

    await user.type(code, 'WRONG-CODE');
    await user.click(screen.getByRole('button', { name: 'Postavi lozinku' }));
    expect(await screen.findByText('Aktivacijski kôd nije ispravan ili je istekao.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, 'ABCD-EFGH-JKMN');
    await user.click(screen.getByRole('button', { name: 'Postavi lozinku' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.get()).toEqual({ token: 'tok-2', userId: 8 });
  });

  it('goes back to the first step when the identifier is edited', async () => {
    fakeApi({ 'POST /auth/has-password': () => ok({ hasPassword: true }) });
    const { user } = renderApp('/login');
    const identifier = await screen.findByLabelText('E-mail ili korisničko ime');
    await user.type(identifier, 'ana');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    await screen.findByLabelText('Lozinka');
    await user.type(identifier, 'x');
    await waitFor(() => expect(screen.queryByLabelText('Lozinka')).not.toBeInTheDocument());
  });

  it("shows the server's message in red when the password is wrong", async () => {
    fakeApi({
      'POST /auth/has-password': () => ok({ hasPassword: true }),
      'POST /auth/signin': () => fail(401, 'WrongCredentials', 'Pogrešan e-mail ili lozinka'),
    });
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail ili korisničko ime'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    await user.type(await screen.findByLabelText('Lozinka'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Pogrešan e-mail ili lozinka');
    expect(alert).toHaveClass('error-text');
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.get()).toBeNull();
  });

  it('requires the identifier and the password, in Croatian', async () => {
    const api = fakeApi({ 'POST /auth/has-password': () => ok({ hasPassword: true }) });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Prijava' }));
    expect(await screen.findByText('Obavezno')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail ili korisničko ime')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('E-mail ili korisničko ime'), 'ana');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    await screen.findByLabelText('Lozinka');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    expect(await screen.findByText('Obavezno')).toBeInTheDocument();
  });

  it('holds a password shorter than 8 characters back, asking the server nothing', async () => {
    const api = fakeApi({ 'POST /auth/has-password': () => ok({ hasPassword: true }) });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail ili korisničko ime'), 'ana');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    const password = await screen.findByLabelText('Lozinka');
    await user.type(password, 'kratka');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));

    expect(await screen.findByText('Minimalna dužina je 8 znakova')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(api.find('POST', '/auth/signin')).toBeUndefined();
  });
});
