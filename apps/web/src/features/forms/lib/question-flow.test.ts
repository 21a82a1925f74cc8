import { QUIZ_ADVANCE_EDUCATION_MS, QUIZ_ADVANCE_OTHER_MS } from '@kanal/contract';
import { describe, expect, it } from 'vitest';
import {
  advanceDelay,
  announcedSeconds,
  type FlowConfig,
  type FlowState,
  flowReducer,
  initialFlow,
} from './question-flow';

const timed: FlowConfig = { questionIds: [11, 12, 13], timeLimit: 3 };
const start = (config: FlowConfig = timed) => initialFlow(config, null);

describe('question flow (spec point 4)', () => {
  it('records an answer, waits, then moves on with the clock restarted', () => {
    let state = flowReducer(start(), { type: 'tick' }, timed);
    expect(state.secondsLeft).toBe(2);
    state = flowReducer(state, { type: 'answer', answer: { answers: [111] } }, timed);
    expect(state).toEqual({ index: 0, answers: [{ questionId: 11, answers: [111] }], secondsLeft: 2, checks: [] });
    // The clock stands still while the answer is shown, and a second pick is ignored.
    expect(flowReducer(state, { type: 'tick' }, timed)).toBe(state);
    expect(flowReducer(state, { type: 'answer', answer: { answers: [112] } }, timed)).toBe(state);
    state = flowReducer(state, { type: 'advance' }, timed);
    expect(state).toEqual({ index: 1, answers: [{ questionId: 11, answers: [111] }], secondsLeft: 3, checks: [] });
  });

  it('keeps a check’s verdict and takes the answer the server recorded as the one given', () => {
    let state = flowReducer(start(), { type: 'answer', answer: { answers: [112] } }, timed);
    // The question was checked with 111 earlier in this run: that answer counts.
    const check = { answers: [111], correct: true, correctAnswers: [111] };
    state = flowReducer(state, { type: 'checked', questionId: 11, check }, timed);
    expect(state).toEqual({
      index: 0,
      answers: [{ questionId: 11, answers: [111] }],
      secondsLeft: 3,
      checks: [{ questionId: 11, correct: true, correctAnswers: [111] }],
    });
    // A verdict for a question not answered in this run changes nothing.
    expect(flowReducer(state, { type: 'checked', questionId: 12, check }, timed)).toBe(state);
  });

  it('records an empty answer when the time runs out and starts the next question with the full time', () => {
    let state = start();
    for (let i = 0; i < 2; i += 1) state = flowReducer(state, { type: 'tick' }, timed);
    expect(state.secondsLeft).toBe(1);
    state = flowReducer(state, { type: 'tick' }, timed);
    expect(state).toEqual({ index: 1, answers: [{ questionId: 11, answers: [] }], secondsLeft: 3, checks: [] });
  });

  it('has no clock without a time limit', () => {
    const untimed = { ...timed, timeLimit: null };
    const state = start(untimed);
    expect(state.secondsLeft).toBeNull();
    expect(flowReducer(state, { type: 'tick' }, untimed)).toBe(state);
  });

  it('restores a stored run of the same questions, with the seconds that were left and the checks', () => {
    const stored: FlowState = {
      index: 1,
      answers: [{ questionId: 11, answers: [111] }],
      secondsLeft: 2,
      checks: [{ questionId: 11, correct: false, correctAnswers: [112] }],
    };
    expect(initialFlow(timed, JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  it('continues at the next question, with the full time, when the reload came while an answer was shown', () => {
    const stored = { index: 0, answers: [{ questionId: 11, answers: [111] }], secondsLeft: 1, checks: [] };
    expect(initialFlow(timed, stored)).toEqual({ ...stored, index: 1, secondsLeft: 3 });
  });

  it('starts afresh when the stored run does not fit the questions or is not a run at all', () => {
    const fresh = { index: 0, answers: [], secondsLeft: 3, checks: [] };
    const run = (overrides: object) => ({
      index: 1,
      answers: [{ questionId: 11, answers: [] }],
      secondsLeft: 2,
      checks: [],
      ...overrides,
    });
    expect(initialFlow(timed, run({ answers: [{ questionId: 99, answers: [] }] }))).toEqual(fresh);
    expect(initialFlow(timed, run({ index: 3 }))).toEqual(fresh);
    expect(initialFlow(timed, run({ answers: [{ questionId: 11, answers: ['x'] }] }))).toEqual(fresh);
    expect(initialFlow(timed, run({ checks: [{ questionId: 11, correct: 'yes', correctAnswers: [] }] }))).toEqual(
      fresh,
    );
    // A run stored before answers were checked on the server.
    expect(initialFlow(timed, run({ checks: undefined }))).toEqual(fresh);
    expect(initialFlow(timed, 'garbage')).toEqual(fresh);
  });

  it('never restores more time than the limit allows', () => {
    expect(initialFlow(timed, { index: 0, answers: [], secondsLeft: 99, checks: [] }).secondsLeft).toBe(3);
  });

  it('waits 2 s after an education single choice, 0.5 s after other taps, not at all after Next', () => {
    expect(advanceDelay('EDUCATION', 'SINGLE')).toBe(QUIZ_ADVANCE_EDUCATION_MS);
    expect(advanceDelay('EDUCATION', 'LINEAR')).toBe(QUIZ_ADVANCE_OTHER_MS);
    expect(advanceDelay('POLL', 'SINGLE')).toBe(QUIZ_ADVANCE_OTHER_MS);
    expect(advanceDelay('INQUIRY', 'LINEAR')).toBe(QUIZ_ADVANCE_OTHER_MS);
    expect(advanceDelay('EDUCATION', 'MULTIPLE')).toBe(0);
    expect(advanceDelay('POLL', 'TEXT')).toBe(0);
  });

  it('lets screen readers hear the countdown at 30, 10 and 5 seconds only', () => {
    expect(announcedSeconds(60, 60)).toBeNull();
    expect(announcedSeconds(31, 60)).toBeNull();
    expect(announcedSeconds(30, 60)).toBe(30);
    expect(announcedSeconds(11, 60)).toBe(30);
    expect(announcedSeconds(10, 60)).toBe(10);
    expect(announcedSeconds(4, 60)).toBe(5);
    // A ten-second question does not open with "10 seconds left".
    expect(announcedSeconds(10, 10)).toBeNull();
    expect(announcedSeconds(5, 10)).toBe(5);
  });
});
