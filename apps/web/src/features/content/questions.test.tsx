import { QUIZ_ADVANCE_EDUCATION_MS, QUIZ_ADVANCE_OTHER_MS, type Question } from '@kanal/contract';
import { act, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail, makeQuestion } from '@/test/content-fixtures';
import { fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

const helmet = makeQuestion(11, 'SINGLE', 'Koje je boje zaštitna kaciga?', [
  ['Žuta', true],
  ['Plava', false],
]);
const gear = makeQuestion(12, 'MULTIPLE', 'Što nosite na gradilištu?', [
  ['Kacigu', true],
  ['Rukavice', true],
  ['Japanke', false],
]);
const describeIt = makeQuestion(13, 'TEXT', 'Opišite postupak evakuacije.');
const education = makeDetail({
  id: 4,
  type: 'EDUCATION',
  settings: { timeRestriction: null, passingScore: 0.5, comments: true },
});

const mood = makeQuestion(21, 'SINGLE', 'Kako ste zadovoljni?', [['Vrlo'], ['Malo']]);
const scale = makeQuestion(22, 'LINEAR', 'Ocijenite radionicu.', [['1'], ['2'], ['3'], ['4'], ['5']]);
const poll = makeDetail({
  id: 6,
  type: 'POLL',
  settings: { timeRestriction: null, passingScore: null, comments: false },
});

function openQuestions(item: typeof education, questions: Question[], path: string) {
  signedIn();
  const api = fakeApi({
    'GET /auth/me': () => ok(me),
    [`GET /mobile/content/${item.id}`]: () => ok(item),
    [`GET /mobile/content/${item.id}/questions`]: () => ok({ questions }),
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

  it('marks an education single choice right or wrong and moves on after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = openQuestions(education, [helmet, gear], '/content/4/quiz');
    expect(await screen.findByText('Pitanje 1 / 2')).toBeInTheDocument();
    const options = screen.getByRole('group', { name: 'Koje je boje zaštitna kaciga?' });

    await user.click(within(options).getByRole('button', { name: 'Plava' }));
    expect(screen.getByRole('status')).toHaveTextContent('Netočno.');
    expect(within(options).getByRole('button', { name: 'Plava' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(options).getByRole('button', { name: 'Plava' })).toHaveClass('answer-option--wrong');
    expect(within(options).getByRole('button', { name: 'Žuta (točan odgovor)' })).toHaveClass('answer-option--correct');

    advance(QUIZ_ADVANCE_EDUCATION_MS - 400);
    expect(screen.getByText('Pitanje 1 / 2')).toBeInTheDocument();
    advance(400);
    expect(await screen.findByText('Pitanje 2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Što nosite na gradilištu?' })).toHaveFocus();
  });

  it('moves on 0.5 s after a poll pick, and a LINEAR row of five advances on a tap', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = openQuestions(poll, [mood, scale], '/content/6/poll');
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
    });
  });

  it('needs Next for MULTIPLE and Done for TEXT, then ends with the education result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = openQuestions(education, [gear, describeIt], '/content/4/quiz');
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
    // The TEXT question has no correct answer: only the graded one counts (contract's scoreAnswers).
    expect(router.state.location.state).toEqual({
      contentId: 4,
      answers: [
        { questionId: 12, answers: [121, 122] },
        { questionId: 13, answers: [], text: 'Mirno do izlaza.' },
      ],
      numOfCorrect: 1,
      numOfGraded: 1,
      finalMark: 1,
      passMark: 0.5,
    });
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
    });
    first.unmount();

    const second = openQuestions(timed, [mood, scale], '/content/6/poll');
    expect(await screen.findByText('Pitanje 2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('0:26');

    await second.user.click(screen.getByRole('button', { name: 'Zatvori pitanja' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/content/6/intro'));
    expect(localStorage.getItem('kanal.form.6')).toBeNull();
  });

  it('sends an item of the other kind to its own path', async () => {
    const { router } = openQuestions(poll, [mood], '/content/6/quiz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/6/poll'));
    expect(await screen.findByText('Pitanje 1 / 1')).toBeInTheDocument();
  });
});
