import type { ContentItem } from '@kanal/contract';

type Routed = Pick<ContentItem, 'id' | 'type'>;

/** Spec point 2: quizzes are for education, every other type answers as a poll. */
export const questionsPath = ({ id, type }: Routed) =>
  type === 'EDUCATION' ? `/content/${id}/quiz` : `/content/${id}/poll`;

/** The caller's own interaction (the API sends it as a one-entry list). */
export const interactionOf = (item: Pick<ContentItem, 'contentInteractions'>) =>
  item.contentInteractions[0] ?? { viewedAt: null, finishedAt: null };

export const fileUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;
