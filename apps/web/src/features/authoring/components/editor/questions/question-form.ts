import { isChoiceQuestion, type QuestionType } from '@kanal/contract';
import { useEffect, useRef } from 'react';
import type { FieldError } from 'react-hook-form';
import type { DraftAnswer } from '../../../lib/content-draft';

// What the question list, a question's editor and its answers share: the answers a type asks for, a
// field's error, focus once a change is on the screen.

export const emptyAnswer = (): DraftAnswer => ({ title: '', isCorrect: false });

/**
 * A question's answers once its type becomes `type`: TEXT and LINEAR have none; a choice question starts
 * with two empty ones; SINGLE keeps only the first answer marked correct.
 */
export function answersFor(type: QuestionType, answers: readonly DraftAnswer[]): DraftAnswer[] {
  if (!isChoiceQuestion(type)) return [];
  if (answers.length === 0) return [emptyAnswer(), emptyAnswer()];
  if (type === 'MULTIPLE') return [...answers];
  const first = answers.findIndex((answer) => answer.isCorrect);
  return answers.map((answer, i) => ({ ...answer, isCorrect: i === first }));
}

/** A field's error as the form holds it: a list's own rule (its message, or its `root`) or a field's. */
export const errorOf = (error: unknown): FieldError | undefined => {
  const node = error as (FieldError & { root?: FieldError }) | undefined;
  return node?.message ? node : node?.root;
};

/** Runs `focus` once the next render is on the screen (after a move, a removal). */
export function useFocusAfterRender() {
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = pending.current;
    pending.current = null;
    focus?.();
  });
  return (focus: () => void) => {
    pending.current = focus;
  };
}
