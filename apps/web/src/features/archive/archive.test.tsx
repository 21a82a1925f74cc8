import type { ArchiveItem, FilterOptions } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeItem, stubViewport } from '@/test/content-fixtures';
import { type FakeRequest, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

const finishedAt = new Date(2026, 10, 3, 10, 0).toISOString();
function archived(id: number, overrides: Partial<ArchiveItem> = {}): ArchiveItem {
  return {
    ...makeItem({ id, name: `Završeno ${id}`, contentInteractions: [{ viewedAt: finishedAt, finishedAt }] }),
    lastAttempt: null,
    ...overrides,
  };
}

const attempt = (finalMark: number, correct: number, total: number) => ({
  id: 1,
  finalMark,
  correct,
  total,
  createdAt: new Date(2026, 10, 5).toISOString(),
});

// Seven finished items: three pages.
const finished = [
  archived(1, { lastAttempt: attempt(0.9, 9, 10) }),
  archived(2, { type: 'POLL', lastAttempt: null }),
  archived(3, { lastAttempt: attempt(0.2, 1, 5) }),
  ...[4, 5, 6, 7].map((id) => archived(id, { type: 'INFORMATION' })),
];
const retry = archived(20, {
  name: 'Zaštita na radu',
  contentInteractions: [{ viewedAt: finishedAt, finishedAt: null }],
  lastAttempt: attempt(0.5, 1, 2),
});

const options: FilterOptions = {
  contentTypes: [
    { label: 'Education', value: 'EDUCATION' },
    { label: 'Poll', value: 'POLL' },
  ],
  creators: [{ label: 'Marko Marić', value: '3' }],
  categories: [{ label: 'Sigurnost', value: 'Sigurnost' }],
  periods: [{ label: '2026-11', value: '2026-11' }],
};

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);

function openArchive(list = finished) {
  signedIn();
  const api = fakeApi({
    'GET /auth/me': () => ok(me),
    'GET /mobile/content/list/finished': (request) => {
      const { offset = '0', contentTypes } = query(request);
      const matching = contentTypes ? list.filter((item) => contentTypes.split(',').includes(item.type)) : list;
      return ok({ count: matching.length, content: matching.slice(Number(offset), Number(offset) + 3) });
    },
    'GET /mobile/content/list/new-with-attempts': () => ok({ count: 1, content: [retry] }),
    'GET /mobile/content/list/filters': () => ok(options),
  });
  const finishedCalls = () => api.calls.filter((call) => call.path === '/mobile/content/list/finished').map(query);
  return { api, finishedCalls, ...renderApp('/archive') };
}

describe('archive', () => {
  it('shows attempted education above the first page, scores with their colour, and pages through', async () => {
    const { user, finishedCalls } = openArchive();
    const attempted = await screen.findByRole('region', { name: 'Započeto, još nije položeno' });
    expect(within(attempted).getByRole('heading', { name: 'Zaštita na radu' })).toBeInTheDocument();
    expect(within(attempted).getByText('Zadnji pokušaj 05.11.2026.')).toBeInTheDocument();

    const done = screen.getByRole('region', { name: 'Završeno' });
    const first = within(done).getByRole('article', { name: 'Završeno 1' });
    expect(within(first).getByText('Edukacija')).toBeInTheDocument();
    expect(within(first).getByText('Završeno 03.11.2026.')).toBeInTheDocument();
    expect(within(first).getByText('90 %')).toBeInTheDocument();
    expect(within(first).getByText('9 / 10 točno')).toBeInTheDocument();
    expect(first.querySelector('.progress__bar')).toHaveClass('score__bar--high');
    expect(within(done).getByRole('article', { name: 'Završeno 3' }).querySelector('.progress__bar')).toHaveClass(
      'score__bar--low',
    );
    // A poll has no mark to show.
    expect(within(done).getByRole('article', { name: 'Završeno 2' }).querySelector('.score')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Pregledaj' })).toHaveAttribute('href', '/archive/1');
    expect(finishedCalls()[0]).toEqual({ limit: '3', offset: '0' });

    const pager = screen.getByRole('navigation', { name: 'Stranice arhive' });
    expect(within(pager).getByRole('button', { name: 'Stranica 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Prethodna stranica' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Stranica 3' }));

    expect(await screen.findByRole('article', { name: 'Završeno 7' })).toBeInTheDocument();
    expect(finishedCalls().at(-1)).toEqual({ limit: '3', offset: '6' });
    expect(screen.queryByRole('region', { name: 'Započeto, još nije položeno' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Sljedeća stranica' })).toBeDisabled();
    expect(localStorage.getItem('kanal.archive.page')).toBe('2');
  });

  it('sends the chosen filters comma-separated, starts again at page 0 and keeps them for the next visit', async () => {
    localStorage.setItem('kanal.archive.page', '1');
    const first = openArchive();
    const panel = await screen.findByRole('region', { name: 'Filtri' });
    const types = within(panel).getByRole('group', { name: 'Vrsta sadržaja' });
    await first.user.click(await within(types).findByRole('checkbox', { name: 'Edukacija' }));
    await first.user.click(within(types).getByRole('checkbox', { name: 'Anketa' }));
    const periods = within(panel).getByRole('group', { name: 'Vremensko razdoblje' });
    await first.user.click(within(periods).getByRole('checkbox', { name: 'studeni 2026.' }));
    expect(within(panel).getByRole('group', { name: 'Pošiljatelj' })).toHaveTextContent('Marko Marić');
    expect(within(panel).getByRole('group', { name: 'Kategorija' })).toHaveTextContent('Sigurnost');

    await waitFor(() =>
      expect(first.finishedCalls().at(-1)).toEqual({
        limit: '3',
        offset: '0',
        contentTypes: 'EDUCATION,POLL',
        periods: '2026-11',
      }),
    );
    expect(localStorage.getItem('kanal.archive.page')).toBe('0');
    expect(JSON.parse(localStorage.getItem('kanal.archive.filters') ?? 'null')).toEqual({
      contentTypes: ['EDUCATION', 'POLL'],
      creators: [],
      categories: [],
      periods: ['2026-11'],
    });
    // Attempted education is not finished content: filters leave it out.
    expect(screen.queryByRole('region', { name: 'Započeto, još nije položeno' })).not.toBeInTheDocument();
    first.unmount();

    const second = openArchive();
    expect(await screen.findByRole('checkbox', { name: 'Anketa' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Edukacija' })).toBeChecked();
    expect(second.finishedCalls()[0]).toMatchObject({ contentTypes: 'EDUCATION,POLL', periods: '2026-11' });

    await second.user.click(screen.getByRole('button', { name: 'Očisti filtre' }));
    await waitFor(() => expect(second.finishedCalls().at(-1)).toEqual({ limit: '3', offset: '0' }));
  });

  it('keeps the filter panel behind a toggle on a phone', async () => {
    stubViewport(true);
    const { user } = openArchive();
    const toggle = await screen.findByRole('button', { name: 'Filtri' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Filtri' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filtri' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Anketa' }));
    expect(screen.getByRole('button', { name: 'Filtri (1)' })).toBeInTheDocument();
  });

  it('says when nothing is finished yet', async () => {
    signedIn();
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/finished': () => ok({ count: 0, content: [] }),
      'GET /mobile/content/list/new-with-attempts': () => ok({ count: 0, content: [] }),
      'GET /mobile/content/list/filters': () => ok({ contentTypes: [], creators: [], categories: [], periods: [] }),
    });
    renderApp('/archive');
    expect(await screen.findByText('Ovdje će se pojaviti sadržaji koje ste završili.')).toBeInTheDocument();
    // What to do about it, and the way there.
    expect(screen.getByText(/^Pročitajte, riješite ili odgovorite na nešto s početne stranice/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Na početnu' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Stranice arhive' })).not.toBeInTheDocument();
  });
});
