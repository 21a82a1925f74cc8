import { screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { leaveFor } from '@/lib/browser/leave-for';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

// jsdom cannot leave the page: the redirect to the provider is caught where the app leaves.
vi.mock('@/lib/browser/leave-for', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('signing in through the organisation’s provider', () => {
  it('sends an address of a provider’s domain to the provider, with “remember me”', async () => {
    fakeApi({ 'POST /auth/has-password': () => ok({ hasPassword: true, sso: '/api/auth/sso/3/4' }) });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail ili korisničko ime'), 'ana@firma.hr');
    await user.click(screen.getByLabelText('Zapamti me'));
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    await vi.waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/api/auth/sso/3/4?remember=1'));
    // No password step: the provider asks for the company password.
    expect(screen.queryByLabelText('Lozinka')).not.toBeInTheDocument();
  });

  it('trades the ticket the provider’s sign-in left for a session, wipes it from the address and opens the app', async () => {
    window.history.replaceState(null, '', '/sso#ticket=1_ticket&remember=1');
    const api = fakeApi({
      'POST /auth/sso/ticket': () => ok({ token: 'tok-sso', userId: 7 }),
      'GET /auth/me': () => ok(me),
    });
    const { router } = renderApp('/sso');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/auth/sso/ticket')?.body).toEqual({ ticket: '1_ticket' });
    expect(window.location.hash).toBe('');
    expect(JSON.parse(localStorage.getItem('kanal.auth') ?? 'null')).toEqual({ token: 'tok-sso', userId: 7 });
  });

  it('says so when the ticket is no longer good, and leads back to the login', async () => {
    window.history.replaceState(null, '', '/sso#ticket=1_used');
    fakeApi({ 'POST /auth/sso/ticket': () => fail(400, 'TokenInvalid', 'Poveznica nije ispravna') });
    renderApp('/sso');
    expect(await screen.findByRole('alert')).toHaveTextContent('Prijava nije dovršena');
    expect(screen.getByRole('link', { name: 'Natrag na prijavu' })).toHaveAttribute('href', '/login');
    expect(authStore.get()).toBeNull();
  });

  it('explains a refusal by its reason, and an unknown reason as the provider’s failure', async () => {
    fakeApi({});
    const { unmount } = renderApp('/sso?error=unknownPerson');
    expect(await screen.findByRole('alert')).toHaveTextContent('nije povezan ni s jednom osobom');
    unmount();
    renderApp('/sso?error=somethingNew');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pružatelj prijave vaše organizacije trenutačno ne odgovara',
    );
  });

  it('offers an organisation’s providers on its sign-in link, and says when it has none', async () => {
    fakeApi({
      'GET /auth/sso/providers': (request) =>
        ok(
          new URL(request.url, 'http://x').searchParams.get('tenant') === '3'
            ? [{ name: 'Firma Entra', url: '/api/auth/sso/3/4' }]
            : [],
        ),
    });
    const { unmount } = renderApp('/sso?tenant=3');
    expect(await screen.findByRole('link', { name: 'Prijava: Firma Entra' })).toHaveAttribute(
      'href',
      '/api/auth/sso/3/4',
    );
    unmount();
    renderApp('/sso?tenant=9');
    expect(await screen.findByText(/nema uključenu prijavu preko svojeg pružatelja/)).toBeInTheDocument();
  });
});

describe('signing out of a session that came through the provider', () => {
  const signedIn = () => authStore.signIn({ token: 'tok-sso', userId: 7 }, true);
  const END_SESSION = 'https://idp.firma.hr/logout?client_id=kanal&post_logout_redirect_uri=x';

  it('forgets the session here first, then leaves for the provider’s end-session address', async () => {
    signedIn();
    vi.mocked(leaveFor).mockClear();
    let signedOutHere: boolean | undefined;
    vi.mocked(leaveFor).mockImplementationOnce(() => {
      signedOutHere = authStore.get() === null && localStorage.getItem('kanal.auth') === null;
    });
    const api = fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /auth/signout': () => ok({ done: true, endSessionUrl: END_SESSION }),
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    await user.click(screen.getByRole('button', { name: 'Odjava' }));
    await vi.waitFor(() => expect(leaveFor).toHaveBeenCalledWith(END_SESSION));
    expect(signedOutHere).toBe(true);
    expect(api.find('GET', '/auth/signout')?.headers.get('Authorization')).toBe('Bearer tok-sso');
  });

  it('stays in the app, at the login, when the answer names no address (a password’s session)', async () => {
    signedIn();
    vi.mocked(leaveFor).mockClear();
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /auth/signout': () => ok({ done: true }) });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    await user.click(screen.getByRole('button', { name: 'Odjava' }));
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.get()).toBeNull();
    expect(leaveFor).not.toHaveBeenCalled();
  });
});
