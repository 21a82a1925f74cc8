import { createHash } from 'node:crypto';

/** Whose attempt is asked: the person, the item, and how many attempts they have made at it so far. */
export type AttemptOf = { tenantId: number; userId: number; contentId: number; attempts: number };

/**
 * The questions one attempt asks (issue 34, ADR 0067): all of the item's, or, for an education with a draw,
 * `perAttempt` of them chosen at random, kept in the item's order. The choice is a hash of the person, the item,
 * their attempts so far and each question: the same at every reading within an attempt, so the quiz screen,
 * the answer checks and the submission agree without storing it, and another choice at the next attempt.
 */
export function askedQuestions<Q extends { id: number }>(
  questions: Q[],
  perAttempt: number | null | undefined,
  { tenantId, userId, contentId, attempts }: AttemptOf,
): Q[] {
  if (perAttempt == null || perAttempt >= questions.length) return questions;
  const rank = (id: number) =>
    createHash('sha256').update(`${tenantId}:${userId}:${contentId}:${attempts}:${id}`).digest('hex');
  const chosen = new Set(
    questions
      .map((q) => ({ id: q.id, rank: rank(q.id) }))
      .sort((a, b) => (a.rank < b.rank ? -1 : 1))
      .slice(0, perAttempt)
      .map((q) => q.id),
  );
  return questions.filter((q) => chosen.has(q.id));
}
