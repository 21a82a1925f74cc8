import { QUIZ_ADVANCE_EDUCATION_MS, QUIZ_ADVANCE_OTHER_MS, type Question } from '@kanal/contract';
import { act, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail, makeQuestion } from '@/test/content-fixtures';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

const helmet = makeQuestion(11, 'SINGLE', 'Koje je boje zaštitna kaciga?', ['Žuta', 'Plava']);
const gear = makeQuestion(12, 'MULTIPLE', 'Što nosite na gradilištu?', ['Kacigu', 'Rukavice', 'Japanke']);
const describeIt = makeQuestion(13, 'TEXT', 'Opišite postupak evakuacije.');
const shoes = makeQuestion(14, 'SINGLE', 'Koje cipele volite?', ['Tenisice', 'Čizme']);
const education = makeDetail({
  id: 4,
  type: 'EDUCATION',
  settings: { timeRestriction: null, passingScore: 0.5, comments: true, certificate: false, questionsPerAttempt: null },
});

const mood = makeQuestion(21, 'SINGLE', 'Kako ste zadovoljni?', ['Vrlo', 'Malo']);
const scale = makeQuestion(22, 'LINEAR', 'Ocijenite radionicu.', ['1', '2', '3', '4', '5']);
const poll = makeDetail({
  id: 6,
  type: 'POLL',
  settings: {
    timeRestriction: null,
    passingScore: null,
    comments: false,
    certificate: false,
    questionsPerAttempt: null,
  },
});

/** The helmet question's check: Žuta (111) is right; the server judges the answer it recorded first. */
const helmetCheck = (recorded: number) => ok({ answers: [recorded], correct: recorded === 111, correctAnswers: [111] });
const SUBMISSION_KEY = /^[A-Za-z0-9_-]{8,100}$/;

function openQuestions(item: typeof education, questions: Question[], path: string, routes = {}) {
  signedIn();
  const api = fakeApi({
    'GET /auth/me': () => ok(me),
    [`GET /mobile/content/${item.id}`]: () => ok(item),
    [`GET /mobile/content/${item.id}/questions`]: () => ok({ questions }),
    ...routes,
  });
  // The intro behind it, so that closing has somewhere to go back to.
  return {
    api,
    ...renderApp([`/content/${item.id}/intro`, path], { user: { advanceTimers: vi.advanceTimersByTime } }),
  };
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('question screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks an education single choice as the server checked it, keeps the check in the run, moves on after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const checkRoute = { 'POST /mobile/content/4/questions/11/check': () => helmetCheck(112) };
    const first = openQuestions(education, [helmet, gear], '/content/4/quiz', checkRoute);
    expect(await screen.findByText('Pitanje 1 / 2')).toBeInTheDocument();
    const options = screen.getByRole('group', { name: 'Koje je boje zaštitna kaciga?' });

    await first.user.click(within(options).getByRole('button', { name: 'Plava' }));
    expect(await screen.findByText('Netočno.')).toHaveAttribute('role', 'status');
    expect(first.api.find('POST', '/mobile/content/4/questions/11/check')?.body).toEqual({ answers: [112] });
    expect(within(options).getByRole('button', { name: 'Plava' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(options).getByRole('button', { name: 'Plava' })).toHaveClass('answer-option--wrong');
    expect(within(options).getByRole('button', { name: 'Žuta (točan odgovor)' })).toHaveClass('answer-option--correct');
    const checked = {
      index: 0,
      answers: [{ questionId: 11, answers: [112] }],
      secondsLeft: null,
      checks: [{ questionId: 11, correct: false, correctAnswers: [111] }],
    };
    expect(JSON.parse(localStorage.getItem('kanal.form.4') ?? 'null')).toEqual(checked);

    advance(QUIZ_ADVANCE_EDUCATION_MS - 400);
    expect(screen.getByText('Pitanje 1 / 2')).toBeInTheDocument();
    advance(400);
    expect(await screen.findByText('Pitanje 2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Što nosite na gradilištu?' })).toHaveFocus();
    first.unmount();

    // A reload continues at the next question with the check still in the run, and checks nothing again.
    const second = openQuestions(education, [helmet, gear], '/content/4/quiz', checkRoute);
    expect(await screen.findByText('Pitanje 2 / 2')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('kanal.form.4') ?? 'null')).toEqual({ ...checked, index: 1 });
    expect(second.api.find('POST', '/mobile/content/4/questions/11/check')).toBeUndefined();
  });

  it('takes the answer the server recorded first in this run as the one given', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = openQuestions(education, [helmet], '/content/4/quiz', {
      'POST /mobile/content/4/questions/11/check': () => helmetCheck(111),
    });
    const options = await screen.findByRole('group', { name: 'Koje je boje zaštitna kaciga?' });
    await user.click(within(options).getByRole('button', { name: 'Plava' }));
    expect(await screen.findByText('Točno!')).toHaveAttribute('role', 'status');
    expect(within(options).getByRole('button', { name: 'Žuta (točan odgovor)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(options).getByRole('button', { name: 'Plava' })).not.toHaveClass('answer-option--wrong');
    advance(QUIZ_ADVANCE_EDUCATION_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/4/quiz/end'));
    expect(router.state.location.state).toEqual({
      contentId: 4,
      answers: [{ questionId: 11, answers: [111] }],
      submissionKey: expect.stringMatching(SUBMISSION_KEY),
    });
  });

  it('goes on without a mark when the check fails, and says so unless the question has no correct answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, queryClient } = openQuestions(education, [shoes, helmet], '/content/4/quiz', {
      'POST /mobile/content/4/questions/14/check': () => fail(400, 'NotGraded', 'Not graded'),
      'POST /mobile/content/4/questions/11/check': () => fail(500, 'Internal', 'Boom'),
    });
    const unmarked = await screen.findByRole('group', { name: 'Koje cipele volite?' });
    await user.click(within(unmarked).getByRole('button', { name: 'Čizme' }));
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    // The mutation tells its screen on a zero timeout: let it run.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    advance(QUIZ_ADVANCE_EDUCATION_MS);

    const options = await screen.findByRole('group', { name: 'Koje je boje zaštitna kaciga?' });
    await user.click(within(options).getByRole('button', { name: 'Plava' }));
    expect(await screen.findByText('Odgovor nismo uspjeli provjeriti, ali zapisan je.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(options.querySelector('.answer-option--correct, .answer-option--wrong')).toBeNull();
    advance(QUIZ_ADVANCE_EDUCATION_MS);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Koje je boje zaštitna kaciga?' })).toBeNull());
  });

  it('moves on 0.5 s after a poll pick, and a LINEAR row of five advances on a tap', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, router } = openQuestions(poll, [mood, scale], '/content/6/poll');
    await user.click(await screen.findByRole('button', { name: 'Malo' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    advance(QUIZ_ADVANCE_OTHER_MS - 200);
    expect(screen.getByText('Pitanje 1 / 2')).toBeInTheDocument();
    advance(200);

    const row = await screen.findByRole('group', { name: 'Ocijenite radionicu.' });
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(row).getByRole('button', { name: '4' }));
    advance(QUIZ_ADVANCE_OTHER_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/6/poll/end'));
    expect(router.state.location.state).toEqual({
      contentId: 6,
      answers: [
        { questionId: 21, answers: [212] },
        { questionId: 22, answers: [224] },
      ],
      submissionKey: expect.stringMatching(SUBMISSION_KEY),
    });
    // Polls have no correct answers: nothing is checked.
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('needs Next for MULTIPLE and Done for TEXT, then ends with the answers and the submission key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, router } = openQuestions(education, [gear, describeIt], '/content/4/quiz');
    const next = await screen.findByRole('button', { name: 'Dalje' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Kacigu' }));
    await user.click(screen.getByRole('checkbox', { name: 'Rukavice' }));
    expect(screen.getByText('Pitanje 1 / 2')).toBeInTheDocument();
    await user.click(next);

    const done = await screen.findByRole('button', { name: 'Završi' });
    expect(done).toBeDisabled();
    await user.type(screen.getByLabelText('Vaš odgovor'), '  Mirno do izlaza. ');
    await user.click(done);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/4/quiz/end'));
    // The score is the server's: the end screen submits these under this key.
    expect(router.state.location.state).toEqual({
      contentId: 4,
      answers: [
        { questionId: 12, answers: [121, 122] },
        { questionId: 13, answers: [], text: 'Mirno do izlaza.' },
      ],
      submissionKey: expect.stringMatching(SUBMISSION_KEY),
    });
    // Only a single choice is marked at once (spec point 4), so only it is checked.
    expect(api.find('POST', '/mobile/content/4/questions/12/check')).toBeUndefined();
  });

  it('counts down per question, records an empty answer on expiry and restarts the clock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const timed = { ...poll, settings: { ...poll.settings, timeRestriction: 12 } };
    const { user, router } = openQuestions(timed, [mood, scale], '/content/6/poll');
    expect(await screen.findByRole('timer')).toHaveTextContent('0:12');
    advance(2000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:10');
    // Heard at the marks only: 10 seconds is one of them.
    expect(screen.getByText('Još 10 sekundi')).toBeInTheDocument();
    advance(10_000);

    expect(await screen.findByText('Pitanje 2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('0:12');
    advance(3000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:09');
    await user.click(screen.getByRole('button', { name: '2' }));
    advance(QUIZ_ADVANCE_OTHER_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/6/poll/end'));
    expect((router.state.location.state as { answers: unknown }).answers).toEqual([
      { questionId: 21, answers: [] },
      { questionId: 22, answers: [222] },
    ]);
  });

  it('keeps the run and the seconds left across a reload, and closing clears it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const timed = { ...poll, settings: { ...poll.settings, timeRestriction: 30 } };
    const first = openQuestions(timed, [mood, scale], '/content/6/poll');
    await first.user.click(await screen.findByRole('button', { name: 'Vrlo' }));
    advance(QUIZ_ADVANCE_OTHER_MS);
    expect(await screen.findByText('Pitanje 2 / 2')).toBeInTheDocument();
    advance(4000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:26');
    expect(JSON.parse(localStorage.getItem('kanal.form.6') ?? 'null')).toEqual({
      index: 1,
      answers: [{ questionId: 21, answers: [211] }],
      secondsLeft: 26,
      checks: [],
    });
    first.unmount();

    const second = openQuestions(timed, [mood, scale], '/content/6/poll');
    expect(await screen.findByText('Pitanje 2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('0:26');

    await second.user.click(screen.getByRole('button', { name: 'Zatvori pitanja' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/content/6/intro'));
    expect(localStorage.getItem('kanal.form.6')).toBeNull();
  });

  it('does not run a form that is finished (back or a typed-in URL): the archive shows what was answered', async () => {
    const done = { viewedAt: '2026-11-02T08:00:00.000Z', finishedAt: '2026-11-02T08:05:00.000Z' };
    const passed = makeDetail({ ...education, contentInteractions: [done] });
    const { api, router } = openQuestions(passed, [helmet], '/content/4/quiz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/archive/4'));
    expect(screen.queryByText('Pitanje 1 / 1')).not.toBeInTheDocument();
    expect(api.find('POST', '/mobile/content/4/questions/11/check')).toBeUndefined();
  });

  it('sends an item of the other kind to its own path', async () => {
    const { router } = openQuestions(poll, [mood], '/content/6/quiz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/6/poll'));
    expect(await screen.findByText('Pitanje 1 / 1')).toBeInTheDocument();
  });
});
