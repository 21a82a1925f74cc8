import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

describe('routing', () => {
  it('sends a visitor without a session to /login, remembering where they were going', async () => {
    const api = fakeApi({});
    const { router } = renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/change-password' } });
    // Spec point 6: no data call without a user id.
    expect(api.calls).toHaveLength(0);
  });

  it('shows the 404 text for unknown paths', async () => {
    fakeApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Ovdje nema ničega: 404!' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to home', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => ok(me) });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Bok, Ana!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('signed-in shell', () => {
  it('greets the user, shows the tenant and the empty home', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Bok, Ana!' })).toBeInTheDocument();
    expect(await screen.findByText('Trenutno nema aktivnosti')).toBeInTheDocument();
    // The logo beside the tenant's name, decorative there (alt="", so the name is read once).
    const brand = screen.getByRole('link', { name: 'Tvrtka d.o.o.' });
    expect(brand.querySelector('img')).toHaveAttribute('src', '/api/files/logo-1');
    expect(brand.querySelector('img')).toHaveAttribute('alt', '');
    // Asked for after the screen's own code and pictures: on a slow phone they have the connection first.
    expect(brand.querySelector('img')).toHaveAttribute('fetchpriority', 'low');
    expect(screen.getByRole('link', { name: 'Početna' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an error with a retry when the user cannot be loaded', async () => {
    signedIn();
    let calls = 0;
    fakeApi({
      'GET /auth/me': () => {
        calls += 1;
        return calls === 1 ? fail(500, 'SomethingWentWrong', 'Nešto je pošlo po krivu') : ok(me);
      },
    });
    const { user } = renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Vaši se podaci nisu učitali.');
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByRole('heading', { name: 'Bok, Ana!' })).toBeInTheDocument();
  });

  it('returns to /login when the session has expired (401)', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => fail(401, 'Unauthorized', 'Prijavite se za nastavak.') });
    const { router } = renderApp('/archive');
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.get()).toBeNull();
    expect(localStorage.getItem('kanal.auth')).toBeNull();
  });

  it('starts the archive again at its first page from the top bar, keeping the filters', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => ok(me) });
    localStorage.setItem('kanal.archive.page', '2');
    const filters = JSON.stringify({ contentTypes: ['POLL'], creators: [], categories: [], periods: [] });
    localStorage.setItem('kanal.archive.filters', filters);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Arhiva' }));
    expect(await screen.findByRole('heading', { name: 'Arhiva' })).toBeInTheDocument();
    expect(localStorage.getItem('kanal.archive.page')).toBe('0');
    expect(localStorage.getItem('kanal.archive.filters')).toBe(filters);
    expect(screen.getByRole('link', { name: 'Arhiva' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the profile panel, closes it on Escape and returns focus to its button', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => ok(me) });
    const { user } = renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'Profil' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Ana Anić' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByText('ana@example.com')).toBeInTheDocument();
    expect(panel).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(document.body.style.overflow).toBe('');

    await user.click(trigger);
    await user.click(screen.getByRole('heading', { name: 'Bok, Ana!' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to change password from the profile panel', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => ok(me) });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    await user.click(screen.getByRole('link', { name: 'Promijeni lozinku' }));
    expect(await screen.findByRole('heading', { name: 'Promjena lozinke' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logs out: ends the session on the server, forgets it and shows /login', async () => {
    signedIn();
    const api = fakeApi({ 'GET /auth/me': () => ok(me), 'GET /auth/signout': () => ok({ done: true }) });
    const { user, router, queryClient } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    await user.click(screen.getByRole('button', { name: 'Odjava' }));
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(api.find('GET', '/auth/signout')?.headers.get('Authorization')).toBe('Bearer tok');
    expect(authStore.get()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));
  });

  it("draws the app in the organisation's colours while its person is signed in, and in the product's after", async () => {
    signedIn();
    const branded = { ...me, tenant: { ...me.tenant, primaryColor: '#0a7d4b', accentColor: '#c2410c' } };
    fakeApi({ 'GET /auth/me': () => ok(branded), 'GET /auth/signout': () => ok({ done: true }) });
    const { user } = renderApp('/');
    const root = document.documentElement.style;
    await waitFor(() => expect(root.getPropertyValue('--color-primary')).toBe('#0a7d4b'));
    expect(root.getPropertyValue('--color-primary-hover')).toBe('#08643c');
    expect(root.getPropertyValue('--color-primary-soft')).toBe('#e7f2ed');
    expect(root.getPropertyValue('--color-accent')).toBe('#c2410c');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    await user.click(screen.getByRole('button', { name: 'Odjava' }));
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(root.getPropertyValue('--color-primary')).toBe('');
    expect(root.getPropertyValue('--color-accent')).toBe('');
  });
});
