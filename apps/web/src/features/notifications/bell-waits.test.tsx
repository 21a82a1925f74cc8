import { screen } from '@testing-library/preact';
import { expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

// The page still loading its first screen, for as long as the test runs.
vi.mock('@/lib/browser/first-screen-settled', () => ({
  firstScreenSettled: new Promise(() => undefined),
  useFirstScreenSettled: () => false,
}));

it('asks for the notices only once the first screen is in, or at once when the bell is opened', async () => {
  authStore.signIn({ token: 'tok', userId: 7 }, true);
  const api = fakeApi({
    'GET /auth/me': () => ok(me),
    'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
    'GET /notifications': () => ok({ count: 0, unread: 0, items: [] }),
  });
  const { user } = renderApp('/');
  expect(await screen.findByText('Trenutno nema aktivnosti')).toBeInTheDocument();
  expect(api.find('GET', '/notifications')).toBeUndefined();

  await user.click(screen.getByRole('button', { name: 'Obavijesti' }));
  expect(await screen.findByText('Ovdje će se pojaviti obavijesti o novim sadržajima i rokovima.')).toBeInTheDocument();
  expect(api.calls.filter((call) => call.path === '/notifications')).toHaveLength(1);
});
