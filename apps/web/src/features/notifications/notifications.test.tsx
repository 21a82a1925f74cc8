import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { type FakeRequest, fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const notice = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  kind: 'published',
  contentId: 100 + id,
  contentType: 'INFORMATION',
  title: `Vijest ${id}`,
  createdAt: '2026-11-20T09:30:00Z',
  readAt: null,
  ...over,
});

function signedIn(routes: Parameters<typeof fakeApi>[0]) {
  authStore.signIn({ token: 'tok', userId: 7 }, true);
  return fakeApi({
    'GET /auth/me': () => ok(me),
    'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
    ...routes,
  });
}

describe('the bell', () => {
  it('counts the unread, lists the notices with the unread marked, and opening one reads it and goes to it', async () => {
    const api = signedIn({
      'GET /notifications': () =>
        ok({
          count: 2,
          unread: 1,
          items: [
            notice(2, { kind: 'reminder', contentType: 'TASK', title: 'Predaj izvješće' }),
            notice(1, { readAt: '2026-11-20T10:00:00Z' }),
          ],
        }),
      'POST /notifications/2/read': () => ok({ done: true }),
      'GET /mobile/content/102': () => fail(404, 'NotFound', 'Nije pronađeno.'),
    });
    const { user, router } = renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Obavijesti: 1 nepročitana' });
    expect(bell).toHaveTextContent('1');

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Obavijesti' });
    const entries = within(panel).getAllByRole('button', { name: /Vijest|izvješće/ });
    expect(entries.map((e) => e.textContent)).toEqual([
      'Nepročitano:Predaj izvješćePodsjetnik na rok · 20.11.2026., 09:30',
      'Vijest 1Novo · 20.11.2026., 09:30',
    ]);

    await user.click(entries[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/102'));
    expect(api.find('POST', '/notifications/2/read')).toBeDefined();
    expect(screen.queryByRole('dialog', { name: 'Obavijesti' })).not.toBeInTheDocument();
  });

  it('shows older notices on asking, says when there are none, and offers a retry when they fail', async () => {
    let failNext = true;
    const api = signedIn({
      'GET /notifications': (request: FakeRequest) => {
        if (failNext) {
          failNext = false;
          return fail(500, 'SomethingWentWrong', 'x');
        }
        const limit = Number(new URL(request.url, 'http://x').searchParams.get('limit'));
        return ok({
          count: 12,
          unread: 0,
          items: Array.from({ length: Math.min(limit, 12) }, (_, i) =>
            notice(12 - i, { readAt: '2026-11-21T08:00:00Z' }),
          ),
        });
      },
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Obavijesti' }));
    await user.click(await screen.findByRole('button', { name: 'Pokušaj ponovno' }));
    const panel = await screen.findByRole('dialog', { name: 'Obavijesti' });
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: /^Vijest/ })).toHaveLength(10));
    await user.click(within(panel).getByRole('button', { name: 'Prikaži starije' }));
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: /^Vijest/ })).toHaveLength(12));
    expect(api.calls.some((c) => c.url.endsWith('/notifications?limit=20'))).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Prikaži starije' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    signedIn({ 'GET /notifications': () => ok({ count: 0, unread: 0, items: [] }) });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Obavijesti' }));
    expect(
      await screen.findByText('Ovdje će se pojaviti obavijesti o novim sadržajima i rokovima.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Postavke obavijesti' })).toHaveAttribute('href', '/profile');
  });
});

describe('notification settings', () => {
  it('shows what the person takes on each channel and saves the change', async () => {
    const api = signedIn({
      'GET /notifications': () => ok({ count: 0, unread: 0, items: [] }),
      'GET /mobile/users/notification-settings': () =>
        ok({ email: { content: true, reminder: true }, push: { content: true, reminder: false } }),
      'PUT /mobile/users/notification-settings': (request: FakeRequest) => ok(request.body),
    });
    // A section of the profile screen.
    const { user } = renderApp('/profile');
    const settings = await screen.findByRole('region', { name: 'Postavke obavijesti' });
    const email = await screen.findByRole('group', { name: 'E-mail' });
    const push = screen.getByRole('group', { name: 'Push obavijesti' });
    // jsdom has no push: the screen says so instead of offering a switch that cannot work.
    expect(screen.getByRole('region', { name: 'Ovaj preglednik' })).toHaveTextContent(
      'Ovaj preglednik ne prima push obavijesti.',
    );
    expect(screen.queryByRole('button', { name: 'Uključi u ovom pregledniku' })).not.toBeInTheDocument();
    expect(within(push).getByRole('checkbox', { name: 'Podsjetnici prije roka' })).not.toBeChecked();

    await user.click(within(email).getByRole('checkbox', { name: 'Novi sadržaji i pozivi da ih završite' }));
    await user.click(within(settings).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Postavke obavijesti su spremljene.')).toBeInTheDocument();
    expect(api.find('PUT', '/mobile/users/notification-settings')?.body).toEqual({
      email: { content: false, reminder: true },
      push: { content: true, reminder: false },
    });
  });

  it('offers a retry when the settings fail to load', async () => {
    signedIn({
      'GET /notifications': () => ok({ count: 0, unread: 0, items: [] }),
      'GET /mobile/users/notification-settings': () => fail(500, 'SomethingWentWrong', 'x'),
    });
    renderApp('/profile');
    expect(await screen.findByText('Postavke obavijesti nisu se učitale.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pokušaj ponovno' })).toBeInTheDocument();
  });
});

it('tells the server the language the person switches to, for their notices', async () => {
  const api = signedIn({
    'GET /notifications': () => ok({ count: 0, unread: 0, items: [] }),
    'POST /mobile/users/language': () => ok({ done: true }),
  });
  const { user } = renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Profil' }));
  await user.click(await screen.findByRole('button', { name: 'English' }));
  await waitFor(() => expect(api.find('POST', '/mobile/users/language')?.body).toEqual({ language: 'en' }));
});

describe('an e-mail’s unsubscribe link', () => {
  it('turns that kind of e-mail off once the person confirms, without signing in', async () => {
    const api = fakeApi({
      'POST /notifications/unsubscribe': (request: FakeRequest) =>
        (request.body as { token: string }).token === '3.7.reminder.abc'
          ? ok({ topic: 'reminder' })
          : fail(404, 'NotFound', 'x'),
    });
    const { user } = renderApp('/unsubscribe/3.7.reminder.abc');
    expect(await screen.findByRole('heading', { name: 'Odjava od obavijesti e-mailom' })).toBeInTheDocument();
    // Nothing happens on opening: a mail scanner following the link unsubscribes no one.
    expect(api.find('POST', '/notifications/unsubscribe')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Više mi ih ne šalji e-mailom' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Više vam nećemo e-mailom slati podsjetnike prije roka.',
    );
  });

  it('says so when the link is not valid', async () => {
    fakeApi({ 'POST /notifications/unsubscribe': () => fail(404, 'NotFound', 'x') });
    const { user } = renderApp('/unsubscribe/kriva');
    await user.click(await screen.findByRole('button', { name: 'Više mi ih ne šalji e-mailom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ova poveznica nije ispravna.');
  });
});
