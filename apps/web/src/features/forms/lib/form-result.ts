import {
  type ContentDetail,
  IdempotencyKeySchema,
  type QuestionAnswer,
  type SubmissionResult,
  SubmitAnswersBodySchema,
} from '@kanal/contract';
import { questionsPath } from '@/content/lib/paths';
import { markPercent } from '@/content/lib/score';

/**
 * What the question screen hands to its end screen in the navigation state (spec point 2). The spec's
 * numOfCorrect, finalMark and passMark are not among them: without the answer key only the server can
 * score, so the end screen submits and shows what was stored. The submission's idempotency key is made
 * once per finished run and travels with the answers, so opening the end screen again (a reload, back
 * from the comment screen) submits under the same key and is answered with the stored result.
 */
export type FormEndState = { contentId: number; answers: QuestionAnswer[]; submissionKey: string };

export const endPath = (item: Pick<ContentDetail, 'id' | 'type'>) => `${questionsPath(item)}/end`;

/** randomUUID exists only in secure contexts; a plain-http deployment still gets 128 random bits. */
const newSubmissionKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const buildEndState = (item: Pick<ContentDetail, 'id'>, answers: QuestionAnswer[]): FormEndState => ({
  contentId: item.id,
  answers,
  submissionKey: newSubmissionKey(),
});

/** A finished run's answers and key, if `value` is one (from the navigation state or from storage). */
export function parseEndState(value: unknown): FormEndState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { contentId, answers, submissionKey } = value as Partial<FormEndState>;
  const parsed = SubmitAnswersBodySchema.safeParse({ questionAnswers: answers });
  const key = IdempotencyKeySchema.safeParse(submissionKey);
  if (!Number.isInteger(contentId) || !parsed.success || !key.success) return null;
  return { contentId: contentId as number, answers: parsed.data.questionAnswers, submissionKey: key.data };
}

/** The end screen's state, if it is one for this item (a typed-in URL or another tab's entry has none). */
export function readEndState(state: unknown, contentId: number): FormEndState | null {
  const end = parseEndState(state);
  return end?.contentId === contentId ? end : null;
}

export type EducationResult = {
  correct: number;
  total: number;
  percent: number;
  passed: boolean;
  /** Whether the run had answers in the person's own words, which the organisation reads and nobody scores. */
  written: boolean;
};

/**
 * The result an education end screen shows, as the server scored it. "X out of Y" counts the graded
 * questions, as the mark does (a TEXT question is never graded), so the screen says so.
 */
export const educationResult = (
  { correct, total, finalMark, passed }: SubmissionResult,
  answers: QuestionAnswer[],
): EducationResult => ({
  correct: correct ?? 0,
  total,
  percent: markPercent(finalMark ?? 0),
  passed: passed === true,
  written: answers.some((answer) => answer.text !== undefined),
});
