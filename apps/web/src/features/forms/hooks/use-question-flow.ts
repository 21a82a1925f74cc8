import type { ContentType, Question, QuestionAnswer } from '@kanal/contract';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { formStorageKey } from '@/lib/browser/storage-keys';
import { readStored, writeStored } from '@/lib/browser/stored-value';
import { useCheckAnswer } from '../api/check-answer';
import {
  advanceDelay,
  type FlowAction,
  type FlowState,
  flowReducer,
  initialFlow,
  isAnswered,
  isCheckedAnswer,
  isComplete,
  type QuestionCheck,
} from '../lib/question-flow';

const SECOND_MS = 1000;

type FlowOptions = {
  contentType: ContentType;
  questions: readonly Question[];
  timeLimit: number | null;
  /** Called once, with every question's answer in order, after the last question. */
  onComplete: (answers: QuestionAnswer[]) => void;
};

type Options = FlowOptions & { contentId: number };

/** What the question screen shows and does, whichever run drives it (the user's own, or the console's preview). */
export type QuestionFlow = {
  index: number;
  question: Question | undefined;
  secondsLeft: number | null;
  /** The current question's recorded answer while it is shown before moving on. */
  given: Omit<QuestionAnswer, 'questionId'> | undefined;
  /** The verdict on the current question's answer, once it has come. */
  check: QuestionCheck | undefined;
  /** The check could not be made. */
  checkFailed: boolean;
  answer: (answer: Omit<QuestionAnswer, 'questionId'>) => void;
};

/**
 * The run over time, wherever it is kept: the per-question countdown, the pause after a picked answer
 * and the call once the last question is answered. `stored` is read once, for the state to start from.
 */
function useFlowMachine({ contentType, questions, timeLimit, onComplete }: FlowOptions, stored: () => unknown) {
  const config = useMemo(() => ({ questionIds: questions.map((q) => q.id), timeLimit }), [questions, timeLimit]);
  const [state, dispatch] = useReducer(
    (current: FlowState, action: FlowAction) => flowReducer(current, action, config),
    undefined,
    () => initialFlow(config, stored()),
  );
  const answered = isAnswered(state);
  const complete = isComplete(state, config);
  const question = questions[state.index];
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  useEffect(() => {
    if (complete) onCompleteRef.current(state.answers);
  }, [complete, state.answers]);

  useEffect(() => {
    if (!answered || !question) return;
    const delay = advanceDelay(contentType, question.type);
    if (delay === 0) {
      dispatch({ type: 'advance' });
      return;
    }
    const timer = setTimeout(() => dispatch({ type: 'advance' }), delay);
    return () => clearTimeout(timer);
  }, [answered, question, contentType]);

  // One interval per question, not a timeout per render: the clock keeps its pace however slow rendering is.
  const timed = state.secondsLeft !== null;
  useEffect(() => {
    if (!timed || answered || complete) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), SECOND_MS);
    return () => clearInterval(timer);
  }, [timed, answered, complete]);

  return {
    state,
    dispatch,
    answered,
    complete,
    question,
    view: {
      index: state.index,
      question,
      secondsLeft: state.secondsLeft,
      given: answered ? state.answers[state.index] : undefined,
      check: answered ? state.checks.find((c) => c.questionId === question?.id) : undefined,
    },
  };
}

/**
 * Runs a quiz or poll over time: the per-question countdown, the pause after a picked answer, the
 * server's check of an education's single choice, and the run kept in localStorage after every change
 * (each tick and check included), so a reload or a closed tab continues where it was with the seconds
 * that were left. The pause starts at the pick, not at the verdict: a slow or failed check never holds
 * the quiz up.
 */
export function useQuestionFlow({ contentId, ...options }: Options): QuestionFlow {
  const storageKey = formStorageKey(contentId);
  const { state, dispatch, answered, complete, question, view } = useFlowMachine(options, () => readStored(storageKey));
  const checkAnswer = useCheckAnswer(contentId, (questionId, check) =>
    dispatch({ type: 'checked', questionId, check }),
  );
  const checkingThis = question !== undefined && checkAnswer.variables?.questionId === question.id;

  useEffect(() => {
    // A finished run is not stored: the end screen holds the answers, and going back starts afresh.
    if (!complete) writeStored(storageKey, state);
  }, [state, complete, storageKey]);

  return {
    ...view,
    // A question with no correct answer has nothing to tell, so that is no failure.
    checkFailed:
      checkingThis &&
      checkAnswer.isError &&
      !(checkAnswer.error instanceof ApiError && checkAnswer.error.code === 'NotGraded'),
    answer: (answer) => {
      dispatch({ type: 'answer', answer });
      if (question && !answered && isCheckedAnswer(options.contentType, question.type)) {
        checkAnswer.mutate({ questionId: question.id, answers: answer.answers });
      }
    },
  };
}

/** The correct ids of each question, by question id: what the console knows and the end user never gets. */
export type AnswerKey = ReadonlyMap<number, readonly number[]>;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The same run held in memory only, for the console's preview: nothing is stored and nothing is sent.
 * An education's single choice is judged at once from the answer key, as the server would judge it (a
 * question with no correct answer is not judged).
 */
export function useLocalQuestionFlow({ answerKey, ...options }: FlowOptions & { answerKey: AnswerKey }): QuestionFlow {
  const { dispatch, answered, question, view } = useFlowMachine(options, () => null);
  return {
    ...view,
    checkFailed: false,
    answer: (answer) => {
      dispatch({ type: 'answer', answer });
      const correctAnswers = question ? (answerKey.get(question.id) ?? []) : [];
      if (!question || answered || !isCheckedAnswer(options.contentType, question.type) || correctAnswers.length === 0)
        return;
      const check = {
        answers: answer.answers,
        correct: sameIds(answer.answers, correctAnswers),
        correctAnswers: [...correctAnswers],
      };
      dispatch({ type: 'checked', questionId: question.id, check });
    },
  };
}
