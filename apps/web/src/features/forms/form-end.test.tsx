import type { ContentDetail, QuestionAnswer, SubmissionResult } from '@kanal/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail } from '@/test/content-fixtures';
import { type FakeRequest, fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

const education = makeDetail({
  id: 4,
  type: 'EDUCATION',
  settings: { timeRestriction: null, passingScore: 0.6, comments: true, certificate: false, questionsPerAttempt: null },
});
const poll = makeDetail({
  id: 6,
  type: 'POLL',
  settings: {
    timeRestriction: null,
    passingScore: null,
    comments: true,
    certificate: false,
    questionsPerAttempt: null,
  },
});
const answers: QuestionAnswer[] = [
  { questionId: 11, answers: [111] },
  { questionId: 12, answers: [] },
];

const result = (overrides: Partial<SubmissionResult> = {}): SubmissionResult => ({
  attemptId: 1,
  finalMark: 0.5,
  correct: 1,
  total: 2,
  passMark: 0.6,
  passed: false,
  points: 0,
  finished: false,
  ...overrides,
});

function openEnd(item: ContentDetail, path: string, state: unknown, routes = {}) {
  signedIn();
  localStorage.setItem(`kanal.form.${item.id}`, JSON.stringify({ index: 2, answers, secondsLeft: null }));
  const api = fakeApi({
    'GET /auth/me': () => ok(me),
    [`GET /mobile/content/${item.id}`]: () => ok(item),
    'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
    ...routes,
  });
  const entries = ['/', `/content/${item.id}/intro`, `/content/${item.id}/quiz`, { pathname: path, state }];
  return { api, ...renderApp(entries) };
}

const submissionKey = 'run-key-0123456789';
const attempts = (api: { calls: FakeRequest[] }, contentId: number) =>
  api.calls.filter((call) => call.path === `/mobile/content/${contentId}/form/attempt`);

describe('quiz end screen', () => {
  const quizState = { contentId: 4, answers, submissionKey };

  it('submits on opening, shows the pass the server scored, then OK finishes the item and goes home', async () => {
    const { api, router, user, container } = openEnd(education, '/content/4/quiz/end', quizState, {
      'POST /mobile/content/4/form/attempt': () =>
        ok(result({ finalMark: 1, correct: 2, passed: true, finished: true })),
      'POST /mobile/content/mark-finished': () => ok({ done: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Čestitamo, položili ste edukaciju!' })).toBeInTheDocument();
    expect(screen.getByText('Točno ste odgovorili na 2 od 2 bodovana pitanja.')).toBeInTheDocument();
    expect(screen.getByText('Edukacija će biti spremljena u arhivu.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ostvareni rezultat: 100 %' })).toBeInTheDocument();
    // Without a written answer, there is nothing the organisation reads instead of scoring.
    expect(screen.queryByText(/ne boduju se/)).not.toBeInTheDocument();
    expect(container.querySelector('.gauge')).toHaveClass('gauge--passed');
    // A pass is celebrated (decoration only: hidden from assistive technology).
    expect(container.querySelector('.celebration')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Pošalji komentar' })).toHaveAttribute('href', '/content/4/comment');
    // Entering the screen cleared the stored run, and submitted the answers under the run's key.
    expect(localStorage.getItem('kanal.form.4')).toBeNull();
    const [submitted] = attempts(api, 4);
    expect(submitted?.body).toEqual({ questionAnswers: answers });
    expect(submitted?.headers.get('idempotency-key')).toBe(submissionKey);

    await user.click(screen.getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(attempts(api, 4)).toHaveLength(1);
    expect(api.find('POST', '/mobile/content/mark-finished')?.body).toEqual({ contentId: 4 });
  });

  it('offers the certificate of a pass when the education gives one, and none after a fail', async () => {
    const certifying = {
      ...education,
      settings: { ...education.settings, certificate: true, questionsPerAttempt: null },
    };
    openEnd(certifying, '/content/4/quiz/end', quizState, {
      'POST /mobile/content/4/form/attempt': () => ok(result({ finalMark: 1, correct: 2, passed: true })),
    });
    expect(await screen.findByRole('button', { name: 'Preuzmi potvrdu' })).toBeInTheDocument();
    cleanup();
    openEnd(
      certifying,
      '/content/4/quiz/end',
      { ...quizState, submissionKey: 'run-key-failed-0123' },
      {
        'POST /mobile/content/4/form/attempt': () => ok(result()),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Nažalost, niste položili edukaciju.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preuzmi potvrdu' })).not.toBeInTheDocument();
  });

  it('shows a fail in the warning colour and goes back two steps to retry, without finishing', async () => {
    const { api, router, user, container } = openEnd(education, '/content/4/quiz/end', quizState, {
      'POST /mobile/content/4/form/attempt': () => ok(result()),
    });
    expect(await screen.findByRole('heading', { name: 'Nažalost, niste položili edukaciju.' })).toBeInTheDocument();
    expect(screen.getByText('Točno ste odgovorili na 1 od 2 bodovana pitanja.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ostvareni rezultat: 50 %' })).toBeInTheDocument();
    expect(screen.queryByText('Edukacija će biti spremljena u arhivu.')).not.toBeInTheDocument();
    // What to do next, and that nothing seen has to be seen again.
    expect(
      screen.getByText(
        /^Pogledajte materijale još jednom pa pokušajte ponovno\. Ono što ste već pregledali ostaje označeno\.$/,
      ),
    ).toBeInTheDocument();
    expect(container.querySelector('.gauge')).toHaveClass('gauge--failed');
    expect(container.querySelector('.celebration')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/4/intro'));
    expect(attempts(api, 4)).toHaveLength(1);
    expect(api.find('POST', '/mobile/content/mark-finished')).toBeUndefined();
  });

  it('counts the scored questions of a quiz with a written answer, and says who reads that answer', async () => {
    const written = [...answers, { questionId: 13, answers: [], text: 'Kacigu i cipele.' }];
    openEnd(
      education,
      '/content/4/quiz/end',
      { ...quizState, answers: written },
      {
        'POST /mobile/content/4/form/attempt': () => ok(result()),
      },
    );
    expect(await screen.findByText('Točno ste odgovorili na 1 od 2 bodovana pitanja.')).toBeInTheDocument();
    expect(screen.getByText('Odgovore vlastitim riječima čita vaša organizacija, ne boduju se.')).toBeInTheDocument();
  });

  it('says something went wrong, stays usable and retries with the same idempotency key', async () => {
    const { api, router, user } = openEnd(education, '/content/4/quiz/end', quizState, {
      'POST /mobile/content/4/form/attempt': () =>
        attempts(api, 4).length === 1 ? fail(500, 'Internal', 'Boom') : ok(result({ passed: true, finished: true })),
      'POST /mobile/content/mark-finished': () => ok({ done: true }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Nešto je pošlo po krivu');
    expect(router.state.location.pathname).toBe('/content/4/quiz/end');

    await user.click(screen.getByRole('button', { name: 'U redu' }));
    expect(await screen.findByRole('heading', { name: 'Čestitamo, položili ste edukaciju!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(attempts(api, 4).map((call) => call.headers.get('idempotency-key'))).toEqual([submissionKey, submissionKey]);
  });

  it('opened again (back from the comment screen), shows the result without submitting again', async () => {
    const { api, router, user } = openEnd(education, '/content/4/quiz/end', quizState, {
      'POST /mobile/content/4/form/attempt': () => ok(result()),
    });
    await user.click(await screen.findByRole('link', { name: 'Pošalji komentar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/4/comment'));
    await router.navigate(-1);
    expect(await screen.findByText('Točno ste odgovorili na 1 od 2 bodovana pitanja.')).toBeInTheDocument();
    expect(attempts(api, 4).map((call) => call.headers.get('idempotency-key'))).toEqual([submissionKey]);
  });

  it('says so when the item was finished by another submission, and OK goes home', async () => {
    const { router, user } = openEnd(education, '/content/4/quiz/end', quizState, {
      'POST /mobile/content/4/form/attempt': () => fail(409, 'AlreadySubmitted', 'Already'),
      'POST /mobile/content/mark-finished': () => ok({ done: true }),
    });
    expect(await screen.findByText('Ovaj ste sadržaj već završili.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens the intro when there is nothing to submit (a typed-in URL, a state without the run’s key)', async () => {
    const { router } = openEnd(education, '/content/4/quiz/end', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/4/intro'));
    cleanup();
    const old = openEnd(education, '/content/4/quiz/end', { contentId: 4, answers, finalMark: 1, numOfCorrect: 2 });
    await waitFor(() => expect(old.router.state.location.pathname).toBe('/content/4/intro'));
    expect(attempts(old.api, 4)).toEqual([]);
  });

  it('draws the ring at once with reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    const { container } = openEnd(education, '/content/4/quiz/end', quizState, {
      'POST /mobile/content/4/form/attempt': () => ok(result()),
    });
    await screen.findByRole('img', { name: 'Ostvareni rezultat: 50 %' });
    const ring = container.querySelector('.gauge__value');
    const full = Number(ring?.getAttribute('stroke-dasharray'));
    expect(Number(ring?.getAttribute('stroke-dashoffset'))).toBeCloseTo(full / 2);
  });
});

describe('poll end screen', () => {
  const pollState = { contentId: 6, answers, submissionKey };

  it('thanks, submits, marks the poll finished and goes home', async () => {
    const { api, router, user } = openEnd(poll, '/content/6/poll/end', pollState, {
      'POST /mobile/content/6/form/attempt': () => ok(result({ attemptId: null, finalMark: null, passed: null })),
      'POST /mobile/content/mark-finished': () => ok({ done: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Hvala na sudjelovanju' })).toBeInTheDocument();
    expect(screen.getByText('Cijenimo vaš trud i vrijeme koje ste izdvojili.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/mobile/content/6/form/attempt')?.body).toEqual({ questionAnswers: answers });
    expect(api.find('POST', '/mobile/content/mark-finished')?.body).toEqual({ contentId: 6 });
  });

  it('submits before the comment screen; back from it, OK finishes without posting the answers again', async () => {
    const { api, router, user } = openEnd(poll, '/content/6/poll/end', pollState, {
      // A poll keeps no key (its answers are anonymous): a second post would be refused as a second submission.
      'POST /mobile/content/6/form/attempt': () =>
        attempts(api, 6).length === 1
          ? ok(result({ attemptId: null, finished: true }))
          : fail(409, 'AlreadySubmitted', 'Already'),
      'POST /mobile/content/mark-finished': () => ok({ done: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pošalji komentar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/6/comment'));
    expect(attempts(api, 6)).toHaveLength(1);

    await router.navigate(-1);
    await user.click(await screen.findByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(attempts(api, 6)).toHaveLength(1);
    expect(api.find('POST', '/mobile/content/mark-finished')?.body).toEqual({ contentId: 6 });
  });

  it('keeps answers given offline, goes home, and sends them once when the connection returns', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let stored = 0;
    const { router, user } = openEnd(poll, '/content/6/poll/end', pollState, {
      'POST /mobile/content/6/form/attempt': () => {
        // No connection: fetch itself fails, as a browser's does.
        if (!navigator.onLine) throw new TypeError('Failed to fetch');
        stored += 1;
        return ok(result({ attemptId: null, finished: true }));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText(/^Nema veze s internetom: odgovori su spremljeni/)).toBeInTheDocument();
    expect(screen.getByText(/^Niste povezani s internetom\./)).toBeInTheDocument();
    const outbox = () => JSON.parse(localStorage.getItem('kanal.outbox.7') ?? '[]') as unknown[];
    expect(outbox()).toEqual([pollState]);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(outbox()).toEqual([]));
    expect(stored).toBe(1);
    // Online again, a later start finds nothing left to send.
    window.dispatchEvent(new Event('online'));
    expect(stored).toBe(1);
    onLine.mockRestore();
  });

  it('shows the error and offers no comment button when comments are off', async () => {
    const quiet = { ...poll, settings: { ...poll.settings, comments: false } };
    const { api, user } = openEnd(quiet, '/content/6/poll/end', pollState, {
      'POST /mobile/content/6/form/attempt': () => fail(500, 'Internal', 'Boom'),
    });
    await user.click(await screen.findByRole('button', { name: 'U redu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nešto je pošlo po krivu');
    expect(screen.queryByRole('button', { name: 'Pošalji komentar' })).not.toBeInTheDocument();
    expect(api.find('POST', '/mobile/content/mark-finished')).toBeUndefined();
  });
});
