import { type ContentItem, hasForm, isReviewNotice, type NoticeKind } from '@kanal/contract';

type Routed = Pick<ContentItem, 'id' | 'type'>;

/** Where an item opens: tasks have their own screen; information skips the intro on a phone. */
export function itemPath({ id, type }: Routed, isPhone: boolean): string {
  if (type === 'TASK') return `/task/${id}`;
  if (type === 'INFORMATION' && isPhone) return `/content/${id}`;
  return `/content/${id}/intro`;
}

/** Where one reads one's comments on an item and the organisation's replies: a form's beside its answers. */
export const commentsPath = ({ id, type }: Routed) => (hasForm(type) ? `/archive/${id}/questions` : `/archive/${id}`);

/**
 * Where a notice opens (as its e-mail's link does, notice-mail.ts on the server): a reply where it is read,
 * a step of a review in the console (a reviewer sees the item as its audience will, its author the editor),
 * the rest the item.
 */
export function noticePath(kind: NoticeKind, routed: Routed, isPhone: boolean): string {
  if (kind === 'review') return `/admin/content/${routed.id}/preview`;
  if (isReviewNotice(kind)) return `/admin/content/${routed.id}`;
  return kind === 'reply' ? commentsPath(routed) : itemPath(routed, isPhone);
}

/** Spec point 2: quizzes are for education, every other type answers as a poll. */
export const questionsPath = ({ id, type }: Routed) =>
  type === 'EDUCATION' ? `/content/${id}/quiz` : `/content/${id}/poll`;

/** The caller's own interaction (the API sends it as a one-entry list). */
export const interactionOf = (item: Pick<ContentItem, 'contentInteractions'>) =>
  item.contentInteractions[0] ?? { viewedAt: null, finishedAt: null };
