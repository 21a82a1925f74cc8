import {
  type AnswerCheck,
  type ContentType,
  QUIZ_ADVANCE_EDUCATION_MS,
  QUIZ_ADVANCE_OTHER_MS,
  type QuestionAnswer,
  type QuestionType,
} from '@kanal/contract';

/** The server's verdict on a checked answer (the questions carry no answer key). */
export type QuestionCheck = Omit<AnswerCheck, 'answers'> & { questionId: number };

/**
 * The question-by-question run of a quiz or poll (spec point 4), as a pure state machine so the rules
 * are tested without a screen. Answers are recorded in question order, each question exactly once, so
 * `answers.length > index` means the current question is answered and the screen waits to move on.
 */
export type FlowState = {
  index: number;
  answers: QuestionAnswer[];
  /** Seconds left for the current question; null without a time limit. */
  secondsLeft: number | null;
  /** The verdicts on the answers checked so far, kept with the run so that a reload keeps them too. */
  checks: QuestionCheck[];
};

export type FlowConfig = {
  questionIds: readonly number[];
  /** settings.timeRestriction: seconds per question, the clock restarting for each. */
  timeLimit: number | null;
};

export type FlowAction =
  | { type: 'answer'; answer: Omit<QuestionAnswer, 'questionId'> }
  | { type: 'advance' }
  | { type: 'tick' }
  | { type: 'checked'; questionId: number; check: AnswerCheck };

/** Spec point 4: an education's single choice shows at once whether it is right, which the server tells. */
export const isCheckedAnswer = (contentType: ContentType, questionType: QuestionType) =>
  contentType === 'EDUCATION' && questionType === 'SINGLE';

export const isAnswered = (state: FlowState) => state.answers.length > state.index;
export const isComplete = (state: FlowState, config: FlowConfig) => state.index >= config.questionIds.length;

function record(state: FlowState, config: FlowConfig, answer: Omit<QuestionAnswer, 'questionId'>): FlowState {
  const questionId = config.questionIds[state.index];
  if (questionId === undefined || isAnswered(state)) return state;
  return { ...state, answers: [...state.answers, { questionId, ...answer }] };
}

/**
 * Keeps the verdict and takes the server's answer as the one given: the first answer checked in a run
 * is the only one its submission may carry (one checked before, in a run left unfinished, say).
 */
function applyCheck(state: FlowState, questionId: number, { answers, ...verdict }: AnswerCheck): FlowState {
  if (!state.answers.some((answer) => answer.questionId === questionId)) return state;
  return {
    ...state,
    answers: state.answers.map((answer) => (answer.questionId === questionId ? { ...answer, answers } : answer)),
    checks: [...state.checks.filter((check) => check.questionId !== questionId), { questionId, ...verdict }],
  };
}

const advance = (state: FlowState, config: FlowConfig): FlowState =>
  isAnswered(state) ? { ...state, index: state.answers.length, secondsLeft: config.timeLimit } : state;

export function flowReducer(state: FlowState, action: FlowAction, config: FlowConfig): FlowState {
  switch (action.type) {
    case 'answer':
      return record(state, config, action.answer);
    case 'advance':
      return advance(state, config);
    case 'checked':
      return applyCheck(state, action.questionId, action.check);
    case 'tick': {
      // The clock stands still once the question is answered (while its result is shown).
      if (state.secondsLeft === null || isAnswered(state) || isComplete(state, config)) return state;
      if (state.secondsLeft > 1) return { ...state, secondsLeft: state.secondsLeft - 1 };
      // Time is up: the question counts as unanswered and the next one starts at once.
      return advance(record(state, config, { answers: [] }), config);
    }
  }
}

/**
 * The state to start from: a stored run if it belongs to these questions, else the first question. A run
 * stored while an answer was being shown continues at the next question, with the full time.
 */
export function initialFlow(config: FlowConfig, stored: unknown): FlowState {
  const fresh: FlowState = { index: 0, answers: [], secondsLeft: config.timeLimit, checks: [] };
  if (!isStoredFlow(stored)) return fresh;
  const { index, answers, secondsLeft, checks } = stored;
  const fits =
    answers.length <= config.questionIds.length &&
    answers.every((answer, i) => answer.questionId === config.questionIds[i]) &&
    (index === answers.length || index === answers.length - 1);
  if (!fits) return fresh;
  if (index < answers.length || config.timeLimit === null || secondsLeft === null) {
    return { index: answers.length, answers, secondsLeft: config.timeLimit, checks };
  }
  return { index, answers, secondsLeft: Math.min(Math.max(secondsLeft, 1), config.timeLimit), checks };
}

const isIdList = (value: unknown) => Array.isArray(value) && value.every(Number.isInteger);

function isStoredFlow(value: unknown): value is FlowState {
  if (typeof value !== 'object' || value === null) return false;
  const { index, answers, secondsLeft, checks } = value as Partial<FlowState>;
  return (
    Number.isInteger(index) &&
    (secondsLeft === null || Number.isInteger(secondsLeft)) &&
    Array.isArray(answers) &&
    answers.every(
      (answer) =>
        Number.isInteger(answer?.questionId) &&
        isIdList(answer.answers) &&
        (answer.text === undefined || typeof answer.text === 'string'),
    ) &&
    Array.isArray(checks) &&
    checks.every(
      (check) =>
        Number.isInteger(check?.questionId) && typeof check.correct === 'boolean' && isIdList(check.correctAnswers),
    )
  );
}

/**
 * How long a picked answer stays on screen before the next question (spec point 4): an education's
 * single choice shows right or wrong for 2 s, other taps move on after 0.5 s. MULTIPLE and TEXT are
 * confirmed with a button, so they move on at once.
 */
export function advanceDelay(contentType: ContentType, questionType: QuestionType): number {
  if (questionType === 'MULTIPLE' || questionType === 'TEXT') return 0;
  return isCheckedAnswer(contentType, questionType) ? QUIZ_ADVANCE_EDUCATION_MS : QUIZ_ADVANCE_OTHER_MS;
}

/** Screen readers hear the countdown at these marks only, not every second. */
const ANNOUNCE_AT_SECONDS = [30, 10, 5] as const;

/**
 * The mark last reached, which the timer's live region reads out; null before the first. Marks at or
 * above the limit are skipped: a ten-second question does not open with "10 seconds left".
 */
export function announcedSeconds(secondsLeft: number, timeLimit: number): number | null {
  const reached = ANNOUNCE_AT_SECONDS.filter((mark) => mark < timeLimit && mark >= secondsLeft);
  return reached.at(-1) ?? null;
}
