import {
  type ContentDetail,
  isPassed,
  type Question,
  type QuestionAnswer,
  SubmitAnswersBodySchema,
  scoreAnswers,
} from '@kanal/contract';
import { questionsPath } from './paths';

/** What the question screen hands to its end screen in the navigation state (spec point 2). */
export type FormEndState = {
  contentId: number;
  answers: QuestionAnswer[];
  /** Education only: the client's scoring with the contract's rule, what the server will store. */
  numOfCorrect?: number;
  /** Beyond the spec's list: the graded questions, so "X out of Y" agrees with the mark. */
  numOfGraded?: number;
  finalMark?: number;
  passMark?: number | null;
};

export const endPath = (item: Pick<ContentDetail, 'id' | 'type'>) => `${questionsPath(item)}/end`;

export function buildEndState(
  item: ContentDetail,
  questions: readonly Question[],
  answers: QuestionAnswer[],
): FormEndState {
  const state: FormEndState = { contentId: item.id, answers };
  if (item.type !== 'EDUCATION') return state;
  const { correct, total, finalMark } = scoreAnswers(questions, answers);
  return { ...state, numOfCorrect: correct, numOfGraded: total, finalMark, passMark: item.settings.passingScore };
}

/** The end screen's state, if it is one for this item (a typed-in URL or another tab's entry has none). */
export function readEndState(state: unknown, contentId: number): FormEndState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { contentId: id, answers, numOfCorrect, numOfGraded, finalMark, passMark } = state as Partial<FormEndState>;
  const parsed = SubmitAnswersBodySchema.safeParse({ questionAnswers: answers });
  if (id !== contentId || !parsed.success) return null;
  return { contentId, answers: parsed.data.questionAnswers, numOfCorrect, numOfGraded, finalMark, passMark };
}

export type EducationResult = { correct: number; total: number; percent: number; passed: boolean };

/** The result an education end screen shows; null for a state without one (not an education's). */
export function educationResult({
  answers,
  numOfCorrect,
  numOfGraded,
  finalMark,
  passMark,
}: FormEndState): EducationResult | null {
  if (numOfCorrect === undefined || finalMark === undefined || passMark === undefined) return null;
  return {
    correct: numOfCorrect,
    total: numOfGraded ?? answers.length,
    percent: Math.round(finalMark * 100),
    passed: isPassed(finalMark, passMark),
  };
}
