import type { ContentType, Question, QuestionAnswer } from '@kanal/contract';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { formStorageKey } from '@/lib/storage-keys';
import { readStored, writeStored } from '@/lib/stored-value';
import { useCheckAnswer } from '../api/check-answer';
import {
  advanceDelay,
  type FlowAction,
  flowReducer,
  initialFlow,
  isAnswered,
  isCheckedAnswer,
  isComplete,
} from '../lib/question-flow';

const SECOND_MS = 1000;

type Options = {
  contentId: number;
  contentType: ContentType;
  questions: readonly Question[];
  timeLimit: number | null;
  /** Called once, with every question's answer in order, after the last question. */
  onComplete: (answers: QuestionAnswer[]) => void;
};

/**
 * Runs a quiz or poll over time: the per-question countdown, the pause after a picked answer, the
 * server's check of an education's single choice, and the run kept in localStorage after every change
 * (each tick and check included), so a reload or a closed tab continues where it was with the seconds
 * that were left. The pause starts at the pick, not at the verdict: a slow or failed check never holds
 * the quiz up.
 */
export function useQuestionFlow({ contentId, contentType, questions, timeLimit, onComplete }: Options) {
  const storageKey = formStorageKey(contentId);
  const config = useMemo(() => ({ questionIds: questions.map((q) => q.id), timeLimit }), [questions, timeLimit]);
  const [state, dispatch] = useReducer(
    (current: ReturnType<typeof initialFlow>, action: FlowAction) => flowReducer(current, action, config),
    undefined,
    () => initialFlow(config, readStored(storageKey)),
  );
  const answered = isAnswered(state);
  const complete = isComplete(state, config);
  const question = questions[state.index];
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;
  const checkAnswer = useCheckAnswer(contentId, (questionId, check) =>
    dispatch({ type: 'checked', questionId, check }),
  );
  const checkingThis = question !== undefined && checkAnswer.variables?.questionId === question.id;

  useEffect(() => {
    // A finished run is not stored: the end screen holds the answers, and going back starts afresh.
    if (!complete) writeStored(storageKey, state);
  }, [state, complete, storageKey]);

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
    index: state.index,
    question,
    secondsLeft: state.secondsLeft,
    /** The current question's recorded answer while it is shown before moving on. */
    given: answered ? state.answers[state.index] : undefined,
    /** The server's verdict on the current question's answer, once it has come. */
    check: answered ? state.checks.find((c) => c.questionId === question?.id) : undefined,
    /** The check could not be made (a question with no correct answer has nothing to tell, so that is no failure). */
    checkFailed:
      checkingThis &&
      checkAnswer.isError &&
      !(checkAnswer.error instanceof ApiError && checkAnswer.error.code === 'NotGraded'),
    answer: (answer: Omit<QuestionAnswer, 'questionId'>) => {
      dispatch({ type: 'answer', answer });
      if (question && !answered && isCheckedAnswer(contentType, question.type)) {
        checkAnswer.mutate({ questionId: question.id, answers: answer.answers });
      }
    },
  };
}
