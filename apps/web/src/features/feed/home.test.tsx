import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { changeLanguage, i18n } from '@/lib/i18n';
import { makeItem, makeList, stubViewport } from '@/test/content-fixtures';
import { fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

/** An item due at `deadline`: a task's deadline, or a form's due date. */
const dueItem = (id: number, type: 'TASK' | 'POLL', name: string, deadline: Date) =>
  makeItem({ id, type, name, task: { deadline: deadline.toISOString(), repeat: 'NO_REPEAT' } });

const task = dueItem(5, 'TASK', 'Predaj izvještaj', new Date(2099, 5, 30, 16, 0));
const education = makeItem({ id: 1, type: 'EDUCATION', name: 'Sigurnost na radu' });
const information = makeItem({
  id: 2,
  type: 'INFORMATION',
  name: 'Novi radni dan',
  contentInteractions: [{ viewedAt: new Date(2025, 0, 5, 9, 7).toISOString(), finishedAt: null }],
});
const promotion = makeItem({ id: 3, type: 'POLL', configuration: 'PROMOTION', name: 'Ljetna akcija', image: 'img-3' });

describe('greeting count (Croatian plural forms)', () => {
  it.each([
    [1, 'Čeka vas 1 sadržaj'],
    [2, 'Čekaju vas 2 sadržaja'],
    [5, 'Čeka vas 5 sadržaja'],
    [21, 'Čeka vas 21 sadržaj'],
    [22, 'Čekaju vas 22 sadržaja'],
    [25, 'Čeka vas 25 sadržaja'],
  ])('hr %i → %s', (count, text) => {
    expect(i18n.t('waiting', { ns: 'home', count, lng: 'hr' })).toBe(text);
  });

  it.each([
    [1, '1 item is waiting for you'],
    [2, '2 items are waiting for you'],
  ])('en %i → %s', async (count, text) => {
    await changeLanguage('en');
    expect(i18n.t('waiting', { ns: 'home', count, lng: 'en' })).toBe(text);
  });
});

describe('home', () => {
  it('marks a task or a poll past its deadline as overdue, in words and with an icon, and keeps the server order', async () => {
    signedIn();
    const overdue = dueItem(6, 'TASK', 'Obnovi certifikat', new Date(2025, 0, 15, 9, 30));
    const latePoll = dueItem(7, 'POLL', 'Zadovoljstvo na poslu', new Date(2025, 1, 3, 12, 0));
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/new': () => ok(makeList([overdue, task, latePoll, education])),
    });
    renderApp('/');
    const tasks = await screen.findByRole('region', { name: 'Zadaci' });
    expect(
      within(tasks)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Obnovi certifikat', 'Predaj izvještaj']);
    const late = within(tasks).getByText('Rok je istekao 15.01.2025., 09:30');
    expect(late).toHaveClass('deadline--overdue');
    expect(late.querySelector('svg')).not.toBeNull();
    expect(within(tasks).getByText('Rok: 30.06.2099., 16:00')).not.toHaveClass('deadline--overdue');
    // A poll's due date is marked as a task's is; an education without one shows none.
    const content = screen.getByRole('region', { name: 'Sadržaj' });
    expect(within(content).getByText('Rok je istekao 03.02.2025., 12:00')).toHaveClass('deadline--overdue');
    expect(within(content).getAllByText(/^Rok/)).toHaveLength(1);
  });

  it('reads a due date in English on the card and on the introduction', async () => {
    signedIn();
    await changeLanguage('en');
    const poll = dueItem(8, 'POLL', 'Workplace survey', new Date(2099, 2, 1, 12, 0));
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/new': () => ok(makeList([poll])),
      'GET /mobile/content/8': () =>
        ok({ ...poll, counts: { questions: 1, images: 0, videos: 0, documents: 0 }, hasMaterial: false, comments: [] }),
    });
    const { user } = renderApp('/');
    const content = await screen.findByRole('region', { name: 'Content' });
    expect(within(content).getByText('Deadline: 01.03.2099., 12:00')).not.toHaveClass('deadline--overdue');
    await user.click(within(content).getByRole('link', { name: 'Review' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Workplace survey' })).toBeInTheDocument();
    expect(screen.getByText('Deadline: 01.03.2099., 12:00')).toBeInTheDocument();
  });

  it('lists tasks first, then content, under their headings, with the count in the greeting', async () => {
    signedIn();
    fakeApi({
      'GET /auth/me': () => ok(me),
      // The server sends tasks first; the screen must keep them in their own section above the rest.
      'GET /mobile/content/list/new': () => ok(makeList([education, task, information])),
    });
    renderApp('/');
    expect(await screen.findByText('Čekaju vas 3 sadržaja')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bok, Ana!' })).toBeInTheDocument();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Zadaci', 'Sadržaj']);
    const tasks = screen.getByRole('region', { name: 'Zadaci' });
    const content = screen.getByRole('region', { name: 'Sadržaj' });
    expect(within(tasks).getAllByRole('article')).toHaveLength(1);
    expect(within(tasks).getByRole('heading', { name: 'Predaj izvještaj' })).toBeInTheDocument();
    const deadline = within(tasks).getByText('Rok: 30.06.2099., 16:00');
    expect(deadline).not.toHaveClass('deadline--overdue');
    expect(deadline.querySelector('svg')).toBeNull();
    expect(
      within(content)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Sigurnost na radu', 'Novi radni dan']);
    // Tasks come before content in the document.
    expect(tasks.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('Trenutno nema aktivnosti')).not.toBeInTheDocument();
  });

  it('draws the cards to come while the list loads, then the cards', async () => {
    signedIn();
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/new': () => new Promise((resolve) => (answer = resolve)),
    });
    const { container } = renderApp('/');
    await waitFor(() => expect(container.querySelectorAll('.skeleton-card')).toHaveLength(4));
    expect(screen.getByRole('status')).toHaveTextContent('Učitavanje…');
    answer(ok(makeList([education])));
    expect(await screen.findByRole('article', { name: 'Sigurnost na radu' })).toBeInTheDocument();
    expect(container.querySelectorAll('.skeleton-card')).toHaveLength(0);
  });

  it('says there is no activity when the list is empty', async () => {
    signedIn();
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /mobile/content/list/new': () => ok(makeList([])) });
    renderApp('/');
    expect(await screen.findByText('Trenutno nema aktivnosti')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Zadaci' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Čeka/)).not.toBeInTheDocument();
  });

  it('shows the type label, the seen date or "Novo", and the Promo tag only when the tenant wants it', async () => {
    signedIn();
    const list = makeList([education, information, promotion]);
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /mobile/content/list/new': () => ok(list) });
    const first = renderApp('/');
    const card = async (name: string) => (await screen.findByRole('article', { name })) as HTMLElement;

    expect(within(await card('Sigurnost na radu')).getByText('Edukacija')).toBeInTheDocument();
    expect(within(await card('Sigurnost na radu')).getByText('Novo')).toBeInTheDocument();
    expect(within(await card('Novi radni dan')).getByText('Informacija')).toBeInTheDocument();
    expect(within(await card('Novi radni dan')).getByText('Pregledano 05.01.2025.')).toBeInTheDocument();
    // showPromoTag is false for this tenant: a promotion shows its type like any other item.
    expect(within(await card('Ljetna akcija')).getByText('Anketa')).toBeInTheDocument();
    expect(screen.queryByText('Promo')).not.toBeInTheDocument();
    first.unmount();

    fakeApi({
      'GET /auth/me': () => ok({ ...me, tenant: { ...me.tenant, showPromoTag: true } }),
      'GET /mobile/content/list/new': () => ok(list),
    });
    renderApp('/');
    const promo = await card('Ljetna akcija');
    expect(within(promo).getByText('Promo')).toBeInTheDocument();
    expect(within(promo).queryByText('Anketa')).not.toBeInTheDocument();
    expect(promo.querySelector('img')).toHaveAttribute('src', '/api/files/img-3');
    // Only promotions get the tag.
    expect(within(await card('Sigurnost na radu')).getByText('Edukacija')).toBeInTheDocument();
  });

  it('links cards to the intro, tasks to their screen, and information straight to the material on a phone', async () => {
    signedIn();
    const list = makeList([task, education, information]);
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /mobile/content/list/new': () => ok(list) });
    stubViewport(false);
    const desktop = renderApp('/');
    const action = async (name: string) =>
      within((await screen.findByRole('article', { name })) as HTMLElement).getByRole('link');
    expect(await action('Predaj izvještaj')).toHaveAttribute('href', '/task/5');
    expect(await action('Predaj izvještaj')).toHaveTextContent('Otvori');
    expect(await action('Sigurnost na radu')).toHaveAttribute('href', '/content/1/intro');
    expect(await action('Sigurnost na radu')).toHaveTextContent('Pregledaj');
    expect(await action('Novi radni dan')).toHaveAttribute('href', '/content/2/intro');
    desktop.unmount();

    stubViewport(true);
    renderApp('/');
    expect(await action('Novi radni dan')).toHaveAttribute('href', '/content/2');
    expect(await action('Sigurnost na radu')).toHaveAttribute('href', '/content/1/intro');
    expect(await action('Predaj izvještaj')).toHaveAttribute('href', '/task/5');
  });

  it('asks at once for the pictures of the first row only: one card on a phone, two wider', async () => {
    signedIn();
    const pictured = [1, 2, 3].map((id) =>
      makeItem({ id, type: 'EDUCATION', name: `Tečaj ${id}`, image: `img-${id}` }),
    );
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /mobile/content/list/new': () => ok(makeList(pictured)) });
    const eager = async () => {
      await screen.findByRole('article', { name: 'Tečaj 3' });
      return [...document.querySelectorAll('img.content-card__image')].map(
        (img) => `${img.getAttribute('loading')} ${img.getAttribute('fetchpriority')}`,
      );
    };
    stubViewport(false);
    const desktop = renderApp('/');
    expect(await eager()).toEqual(['eager high', 'eager high', 'lazy auto']);
    desktop.unmount();

    // On a phone the second card is below the fold: its picture must not share the connection with the first.
    stubViewport(true);
    renderApp('/');
    expect(await eager()).toEqual(['eager high', 'lazy auto', 'lazy auto']);
  });

  it.each([
    ['its card', true],
    ['elsewhere (the bell, a push, a mailed link, a typed URL)', false],
  ])(
    'shows an item opened from %s as seen back home, the server having marked it as it was read',
    async (_, fromCard) => {
      signedIn();
      let read = false;
      const api = fakeApi({
        'GET /auth/me': () => ok(me),
        'GET /mobile/content/list/new': () =>
          ok(
            makeList([
              read
                ? {
                    ...education,
                    contentInteractions: [{ viewedAt: new Date(2025, 0, 6).toISOString(), finishedAt: null }],
                  }
                : education,
            ]),
          ),
        'GET /mobile/content/1': () => {
          read = true;
          return ok({
            ...education,
            contentInteractions: [{ viewedAt: new Date(2025, 0, 6).toISOString(), finishedAt: null }],
            counts: { questions: 0, images: 0, videos: 0, documents: 0 },
            hasMaterial: true,
            comments: [],
          });
        },
      });
      const { user, router } = renderApp('/');
      const open = await screen.findByRole('link', { name: 'Pregledaj' });
      expect(screen.getByText('Novo')).toBeInTheDocument();
      if (fromCard) await user.click(open);
      else await router.navigate('/content/1/intro');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sigurnost na radu' })).toBeInTheDocument();
      await router.navigate('/');
      expect(await screen.findByText('Pregledano 06.01.2025.')).toBeInTheDocument();
      expect(screen.queryByText('Novo')).not.toBeInTheDocument();
      // One way in marks it: the read itself, never a second call.
      expect(api.find('POST', '/mobile/content/mark-viewed')).toBeUndefined();
    },
  );

  it('pages a list longer than 50, tasks first, keeping the page for the next visit', async () => {
    signedIn();
    // 62 unfinished: the server orders them tasks first and serves them 50 a page.
    const all = [
      ...Array.from({ length: 3 }, (_, i) => makeItem({ id: 100 + i, type: 'TASK', name: `Zadatak ${i + 1}` })),
      ...Array.from({ length: 59 }, (_, i) =>
        makeItem({ id: 200 + i, type: 'INFORMATION', name: `Obavijest ${i + 1}` }),
      ),
    ];
    const api = fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/new': (req) => {
        const query = new URL(req.url, 'http://x').searchParams;
        const offset = Number(query.get('offset'));
        return ok(makeList(all.slice(offset, offset + Number(query.get('limit'))), all.length));
      },
    });
    const { user, unmount } = renderApp('/');
    expect(await screen.findByText('Prikazano 1–50 od 62')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zadaci' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Zadatak 1' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Obavijest 48' })).not.toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Stranice popisa' });
    await user.click(within(pages).getByRole('button', { name: 'Stranica 2' }));
    expect(await screen.findByText('Prikazano 51–62 od 62')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Obavijest 48' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Obavijest 59' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Zadaci' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/mobile/content/list/new').map((call) => call.url)).toEqual([
      '/api/mobile/content/list/new?limit=50&offset=0',
      '/api/mobile/content/list/new?limit=50&offset=50',
    ]);

    // The page is kept (spec: "home page" in local state): home opens on it again.
    unmount();
    renderApp('/');
    expect(await screen.findByText('Prikazano 51–62 od 62')).toBeInTheDocument();
  });

  it('goes back to the last page there is when the kept one is beyond the end', async () => {
    signedIn();
    localStorage.setItem('kanal.home.page', '3');
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/new': (req) =>
        ok(makeList(req.url.endsWith('offset=0') ? [education, information] : [], 2)),
    });
    renderApp('/');
    expect(await screen.findByRole('article', { name: 'Sigurnost na radu' })).toBeInTheDocument();
    expect(localStorage.getItem('kanal.home.page')).toBe('0');
    expect(screen.queryByRole('navigation', { name: 'Stranice popisa' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    signedIn();
    let calls = 0;
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/list/new': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: {} } : ok(makeList([education]));
      },
    });
    const { user } = renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sadržaj se nije učitao.');
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByRole('article', { name: 'Sigurnost na radu' })).toBeInTheDocument();
  });
});
