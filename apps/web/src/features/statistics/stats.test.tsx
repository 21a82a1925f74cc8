import type { AudienceMemberList, ContentResults, Overview, Role, TenantActivity } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { savedDownloads } from '@/test/downloads';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];
const query = (request: FakeRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '', 'http://localhost').searchParams);
const at = new Date(2026, 10, 25, 14, 5).toISOString();

const overview: Overview = {
  computedAt: at,
  people: 40,
  activeWeek: { value: 12, previous: 9 },
  activeMonth: { value: 30, previous: 30 },
  published: { value: 4, previous: 6 },
  completion: { value: 55, previous: 40 },
  averageMark: { value: 0.8, previous: null },
  byType: [{ type: 'EDUCATION', items: 2, audience: 80, finished: 44, percent: 55 }],
  overdue: {
    tasks: 1,
    people: 7,
    items: [{ id: 31, name: 'Inventura', deadline: at, audience: 20, unfinished: 7 }],
  },
};

const activity = (granularity: TenantActivity['granularity']): TenantActivity => ({
  granularity,
  periods: [
    { start: '2026-11-24', viewed: 3, finished: 2, attempts: 1, types: [] },
    { start: '2026-11-25', viewed: 5, finished: 4, attempts: 2, types: [] },
  ],
});

function openConsole(role: Role, path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /stats/dashboard/overview': () => ok(overview),
    'GET /content/info/activity': (request) => ok(activity(query(request).granularity as 'day')),
    'GET /tenant/info/groups': () =>
      ok({ computedAt: at, items: [{ id: 5, name: 'Prodaja', members: 8, received: 32, finished: 8, percent: 25 }] }),
    [`GET /tenant/top-five/${who.tenant.id}`]: () =>
      ok({
        people: [{ id: 3, name: 'Marko Marić', points: 30, rank: 1 }],
        items: [{ id: 9, name: 'Dobrodošli', type: 'INFORMATION', audience: 40, finished: 30, percent: 75 }],
      }),
    ...routes,
  });
  return { ...renderApp(path), api };
}

describe('the dashboard', () => {
  it('is where an admin’s console opens: the figures with their trend, the best and the overdue', async () => {
    const { router } = openConsole('ADMIN', '/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const figures = await screen.findByRole('list', { name: 'Brojke' });
    const week = within(figures).getByText('Aktivni u zadnjih 7 dana').closest('li') as HTMLElement;
    expect(week).toHaveTextContent('12');
    expect(week).toHaveTextContent('3 više nego u prethodnom razdoblju');
    const published = within(figures).getByText('Objavljeno u zadnjih 30 dana').closest('li') as HTMLElement;
    expect(published).toHaveTextContent('2 manje nego u prethodnom razdoblju');
    const completion = within(figures).getByText('Završenost objavljenog u 30 dana').closest('li') as HTMLElement;
    expect(completion).toHaveTextContent('55 %');
    expect(completion).toHaveTextContent('15 postotnih bodova više');
    expect(within(figures).getByText('Prosječna ocjena u 30 dana').closest('li')).toHaveTextContent(
      'Nema usporedbe s prethodnim razdobljem',
    );
    expect(screen.getByText('Stanje u 25.11.2026., 14:05')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Marko Marić' })).toHaveAttribute('href', '/admin/users/3');
    expect(screen.getByText('30 bodova')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dobrodošli' })).toHaveAttribute('href', '/admin/content/9/statistics');
    expect(screen.getByRole('link', { name: 'Inventura' })).toHaveAttribute('href', '/admin/content/31/statistics');
    expect(screen.getByText(/nije završilo 7 od 20/)).toBeInTheDocument();
    const groups = await screen.findByRole('table', { name: 'Grupe' });
    expect(within(groups).getByRole('row', { name: /Prodaja/ })).toHaveTextContent('25 %');
  });

  it('says "<1 %" of a share under one per cent, not 0', async () => {
    openConsole('ADMIN', '/admin/dashboard', {
      'GET /stats/dashboard/overview': () => ok({ ...overview, completion: { value: 0.4, previous: 0 } }),
      'GET /tenant/info/groups': () =>
        ok({
          computedAt: at,
          items: [{ id: 5, name: 'Prodaja', members: 300, received: 300, finished: 1, percent: 0.3 }],
        }),
    });
    const figures = await screen.findByRole('list', { name: 'Brojke' });
    const completion = within(figures).getByText('Završenost objavljenog u 30 dana').closest('li') as HTMLElement;
    expect(completion).toHaveTextContent('<1 %');
    expect(completion).toHaveTextContent('0,4 postotnih bodova više');
    const groups = await screen.findByRole('table', { name: 'Grupe' });
    expect(within(groups).getByRole('row', { name: /Prodaja/ })).toHaveTextContent('<1 %');
  });

  it('shows activity as a chart with its numbers as a table, by day, week or month', async () => {
    const { user, api } = openConsole('ANALYST', '/admin/dashboard');
    const chart = await screen.findByRole('img', { name: /otvaranja 8, završetaka 6, predaja 3/ });
    expect(chart).toBeInTheDocument();
    expect(query(api.find('GET', '/content/info/activity'))).toMatchObject({ granularity: 'day' });
    const table = screen.getByRole('table', { name: 'Aktivnost' });
    expect(within(table).getByRole('row', { name: /25\.11\.2026\./ })).toHaveTextContent('542');

    await user.selectOptions(screen.getByLabelText('Razdoblje'), 'Zadnjih 12 mjeseci, po mjesecima');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/content/info/activity').map((c) => query(c).granularity)).toContain(
        'month',
      ),
    );
  });

  it('is not in a creator’s navigation', async () => {
    openConsole('CREATOR', '/admin/content', {
      'GET /content': () => ok({ count: 0, items: [] }),
      'GET /content/info/categories': () => ok([]),
    });
    const nav = await screen.findByRole('navigation', { name: 'Administracija' });
    expect(within(nav).getByRole('link', { name: 'Sadržaj' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Nadzorna ploča' })).not.toBeInTheDocument();
  });
});

describe('an item’s statistics', () => {
  const saved = savedDownloads();

  const results: ContentResults = {
    computedAt: null,
    respondents: 3,
    hidden: false,
    questions: [
      {
        id: 1,
        title: 'Gdje je aparat za gašenje?',
        type: 'SINGLE',
        answered: 3,
        answers: [
          { id: 11, title: 'U hodniku', isCorrect: true, count: 2, percent: 67 },
          { id: 12, title: 'Nigdje', isCorrect: false, count: 1, percent: 33 },
        ],
        texts: [],
      },
    ],
  };
  const member = (id: number, name: string, state: AudienceMemberList['items'][number]['state']) => ({
    id,
    name,
    email: null,
    username: null,
    active: true,
    state,
    viewedAt: state === 'notViewed' ? null : at,
    finishedAt: state === 'finished' ? at : null,
    attempts: state === 'finished' || state === 'failed' ? 1 : 0,
    bestMark: state === 'finished' ? 1 : state === 'failed' ? 0 : null,
    lastMark: null,
  });
  const itemRoutes = (): Routes => ({
    'GET /content/4': () => ok(makeStaffContent(4)),
    'GET /content/4/info': () =>
      ok({
        computedAt: at,
        audience: 40,
        viewed: 12,
        finished: 9,
        passed: 9,
        averageMark: 0.75,
        attempts: 14,
        comments: 2,
        percent: { viewed: 30, finished: 23, passed: 23 },
        notices: { notified: 31, received: 12, opened: 5 },
      }),
    'GET /content/4/reach': () => ok({ days: [{ date: '2026-11-25', viewed: 12, finished: 9 }] }),
    'GET /content/4/groups-reach': () =>
      ok({
        computedAt: null,
        items: [{ id: 5, name: 'Prodaja', audience: 8, viewed: 4, finished: 2, percent: { viewed: 50, finished: 25 } }],
      }),
    'GET /content/4/results': () => ok(results),
    'GET /content/4/users': (request) => {
      const { state } = query(request);
      const everyone = [member(1, 'Iva Ivić', 'finished'), member(2, 'Pero Perić', 'failed')];
      const items = state ? everyone.filter((m) => m.state === state) : everyone;
      return ok({ count: items.length, items });
    },
    'GET /export/content/4': () => ok({}),
  });

  it('shows the funnel, the answers with the correct one marked and the people, filtered by state', async () => {
    const { user, api } = openConsole('ANALYST', '/admin/content/4/statistics', itemRoutes());
    expect(
      await screen.findByRole('img', { name: 'Od 40 primatelja otvorilo je 12, završilo 9, a položilo 9.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/14 predaja · Prosječna najbolja ocjena 75 %/)).toBeInTheDocument();
    // Whom it was sent to, in words (issue 31).
    expect(screen.getByText('Primatelji: svi u organizaciji.')).toBeInTheDocument();
    // A large audience's figures come from a snapshot, which says when it was made.
    expect(
      within(screen.getByRole('region', { name: 'Tko je stigao dokle' })).getByText('Stanje u 25.11.2026., 14:05'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Po grupama' })).queryByText(/^Stanje u/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 komentara' })).toHaveAttribute('href', '/admin/content/4/comments');
    expect(screen.getByText(/obaviješteno 31, primilo na uređaju 12, otvorilo 5/)).toBeInTheDocument();

    const answers = await screen.findByRole('table', { name: '1. Gdje je aparat za gašenje?' });
    expect(within(answers).getByRole('row', { name: /U hodniku \(točan\)/ })).toHaveTextContent('2');
    expect(within(answers).getByRole('row', { name: /Nigdje/ })).not.toHaveTextContent('točan');

    const people = await screen.findByRole('table', { name: 'Osobe' });
    expect(within(people).getByRole('row', { name: /Pero Perić/ })).toHaveTextContent('Nije položeno');
    await user.selectOptions(screen.getByLabelText('Stanje'), 'Nije položeno');
    await waitFor(() => expect(within(people).queryByText('Iva Ivić')).not.toBeInTheDocument());
    expect(query(api.calls.filter((c) => c.path === '/content/4/users').at(-1))).toMatchObject({ state: 'failed' });
    // An analyst reads; reminding people is for the item's authors.
    expect(screen.queryByRole('button', { name: 'Podsjeti' })).not.toBeInTheDocument();
  });

  it('downloads the export, and lets an admin remind those who have not finished', async () => {
    const { user, api } = openConsole('ADMIN', '/admin/content/4/statistics', {
      ...itemRoutes(),
      'POST /content/4/notify': () => ok({ recipients: 31 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi XLSX' }));
    await waitFor(() => expect(saved).toEqual(['kanal-content-4.xlsx']));
    expect(query(api.find('GET', '/export/content/4'))).toEqual({ format: 'xlsx' });

    await user.click(screen.getByRole('button', { name: 'Podsjeti' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Podsjeti' }));
    await waitFor(() => expect(api.find('POST', '/content/4/notify')).toBeDefined());
  });

  it('says how long a reminder must wait, naming a question-like item once', async () => {
    const { user } = openConsole('ADMIN', '/admin/content/4/statistics', {
      ...itemRoutes(),
      'GET /content/4': () => ok(makeStaffContent(4, { name: 'Gdje je izlaz?' })),
      'POST /content/4/notify': () => ({
        ...fail(429, 'NoticeTooSoon', 'Obavijest o ovom sadržaju poslana je u posljednjih sat vremena.'),
        headers: { 'Retry-After': '1740' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Podsjeti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Podsjetnik za „Gdje je izlaz?”' });
    await user.click(within(dialog).getByRole('button', { name: 'Podsjeti' }));
    expect(
      await within(dialog).findByText(
        'Obavijest o ovom sadržaju poslana je u posljednjih sat vremena. Sljedeću možete poslati za 29 min.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no reminder when everyone has finished, and says why', async () => {
    const done = makeStaffContent(4);
    openConsole('ADMIN', '/admin/content/4/statistics', {
      ...itemRoutes(),
      'GET /content/4': () => ok({ ...done, counts: { ...done.counts, audience: 3, finished: 3 } }),
    });
    const remind = await screen.findByRole('button', { name: 'Podsjeti' });
    expect(remind).toBeDisabled();
    expect(remind).toHaveAccessibleDescription('Svi su ga već završili: nema koga podsjetiti.');
  });

  it('keeps a poll’s results back below five respondents', async () => {
    openConsole('ADMIN', '/admin/content/8/statistics', {
      'GET /content/8': () => ok(makeStaffContent(8, { type: 'POLL' })),
      'GET /content/8/info': () =>
        ok({
          computedAt: null,
          audience: 10,
          viewed: 3,
          finished: 3,
          passed: null,
          averageMark: null,
          attempts: 3,
          comments: 0,
          percent: { viewed: 30, finished: 30, passed: null },
          notices: { notified: 0, received: 0, opened: 0 },
        }),
      'GET /content/8/reach': () => ok({ days: [] }),
      'GET /content/8/groups-reach': () => ok({ computedAt: null, items: [] }),
      'GET /content/8/results': () => ok({ computedAt: null, respondents: 3, hidden: true, questions: [] }),
      'GET /content/8/users': () => ok({ count: 0, items: [] }),
    });
    expect(
      await screen.findByText('Rezultati ankete prikazuju se kad odgovori barem 5 osoba: dosad ih je 3.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Anketa je anonimna: ovdje su samo zbrojevi, bez imena.')).toBeInTheDocument();
  });
});
