import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const counts = [
  { type: 'INQUIRY', count: 1 },
  { type: 'EDUCATION', count: 4 },
  { type: 'POLL', count: 2 },
  { type: 'TASK', count: 0 },
];

function openPanel(userStats: unknown, contentStats = { finishedContent: 2, totalContent: 3 }) {
  authStore.signIn({ token: 'tok', userId: 7 }, true);
  fakeApi({
    'GET /auth/me': () => ok(me),
    'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
    'GET /mobile/users/stats': () => ok(userStats),
    'GET /mobile/content/info/stats': () => ok(contentStats),
    'GET /mobile/content/info/count': () => ok(counts),
  });
  const view = renderApp('/');
  return view;
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('profile statistics', () => {
  it('shows accuracy, points, rank, the activity bar and the per-type counts', async () => {
    const { user } = openPanel({ accuracy: 87.6, points: 120, rank: 3 });
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    const bar = await screen.findByRole('progressbar', { name: 'Aktivnost' });
    // 2 of 3 is 66.67 %: rounded.
    expect(bar).toHaveAttribute('aria-valuenow', '67');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '67 %, Završeno 2 od 3');
    expect(figure('Točnost')).toHaveTextContent('88 %');
    expect(figure('Bodovi')).toHaveTextContent('120');
    expect(figure('Rang')).toHaveTextContent('3.');

    const rows = within(screen.getByRole('dialog'))
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('profile-stats__type'))
      .map((li) => [
        li.querySelector('.profile-stats__type-name')?.textContent,
        li.querySelector('.profile-stats__type-count')?.textContent,
      ]);
    expect(rows).toEqual([
      ['Edukacija', '4'],
      ['Informacija', '0'],
      ['Anketa', '2'],
      ['Zadatak', '0'],
      ['Upit', '1'],
    ]);
    expect(document.querySelectorAll('.profile-stats__type svg')).toHaveLength(5);
  });

  it('hides the rank while there is none, and shows 0 % with nothing to do', async () => {
    const { user } = openPanel({ accuracy: 0, points: 0, rank: null }, { finishedContent: 0, totalContent: 0 });
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    expect(await screen.findByRole('progressbar', { name: 'Aktivnost' })).toHaveAttribute('aria-valuenow', '0');
    expect(figure('Točnost')).toHaveTextContent('0 %');
    expect(screen.queryByText('Rang')).not.toBeInTheDocument();
  });

  it('offers a retry when the statistics fail', async () => {
    authStore.signIn({ token: 'tok', userId: 7 }, true);
    let calls = 0;
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
      'GET /mobile/users/stats': () => {
        calls += 1;
        return calls === 1 ? fail(500, 'SomethingWentWrong', 'x') : ok({ accuracy: 50, points: 10, rank: 1 });
      },
      'GET /mobile/content/info/stats': () => ok({ finishedContent: 1, totalContent: 2 }),
      'GET /mobile/content/info/count': () => ok(counts),
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Statistika se nije učitala.');
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByRole('progressbar', { name: 'Aktivnost' })).toHaveAttribute('aria-valuenow', '50');
  });
});
