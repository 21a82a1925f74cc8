import type { ContentItem } from '@kanal/contract';

type Routed = Pick<ContentItem, 'id' | 'type'>;

/** Spec point 2: quizzes are for education, every other type answers as a poll. */
export const questionsPath = ({ id, type }: Routed) =>
  type === 'EDUCATION' ? `/content/${id}/quiz` : `/content/${id}/poll`;

/** Information and tasks have no questions, so their archive entry offers no answers to review. */
export const hasAnswers = ({ type }: Pick<ContentItem, 'type'>) => type !== 'INFORMATION' && type !== 'TASK';

/** A card's target: tasks have their own screen; information skips the intro on a phone. */
export function cardPath({ id, type }: Routed, isPhone: boolean): string {
  if (type === 'TASK') return `/task/${id}`;
  if (type === 'INFORMATION' && isPhone) return `/content/${id}`;
  return `/content/${id}/intro`;
}

/** The intro's main button: straight to the questions only when there is nothing to look at first. */
export const introTarget = (item: Routed & { counts: { questions: number }; hasMaterial: boolean }) =>
  item.counts.questions > 0 && !item.hasMaterial
    ? ({ kind: 'questions', to: questionsPath(item) } as const)
    : ({ kind: 'go', to: `/content/${item.id}` } as const);

/** The caller's own interaction (the API sends it as a one-entry list). */
export const interactionOf = (item: Pick<ContentItem, 'contentInteractions'>) =>
  item.contentInteractions[0] ?? { viewedAt: null, finishedAt: null };

export const fileUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;

/**
 * A media URL from the server, used in src and href: only same-origin paths and http(s) pass, so a
 * stored `javascript:` URL can never run.
 */
export function safeMediaUrl(url: string): string | null {
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
