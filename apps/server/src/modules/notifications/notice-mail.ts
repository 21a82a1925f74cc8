import {
  type ContentType,
  hasForm,
  isReviewNotice,
  type Language,
  makeTranslate,
  type NoticeKind,
} from '@kanal/contract';
import { formatDateTime } from '../../lib/clock.js';
import { mailLayout } from '../../lib/mail-layout.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };
import { type NoticeDelivery, topicOf } from './deliveries.repository.js';

const t = makeTranslate({ hr, en });

/**
 * Where the web app shows what a notice is about: a task has its own screen, the rest open on their
 * introduction; a reply is read under the comment, in the archive (beside a form's answers); a reviewer
 * opens the item as its audience would see it, its author the editor.
 */
export const itemPath = (contentId: number, contentType: ContentType, kind?: NoticeKind) => {
  if (kind === 'review') return `/admin/content/${contentId}/preview`;
  if (kind && isReviewNotice(kind)) return `/admin/content/${contentId}`;
  if (kind === 'reply') return hasForm(contentType) ? `/archive/${contentId}/questions` : `/archive/${contentId}`;
  return contentType === 'TASK' ? `/task/${contentId}` : `/content/${contentId}/intro`;
};

/**
 * A notice as an e-mail, in the reader's language, with a button that opens the item. Its link carries the
 * delivery's `receipt`, which the web app reports as the notice opened (a click, not a mail scanner's
 * fetch: scanners do not run the app). `unsubscribe`: the link that turns this kind of notice off by
 * e-mail for this person, no sign-in needed.
 */
export function noticeMail(
  delivery: NoticeDelivery,
  lang: Language,
  links: { publicUrl: string; receipt: string; unsubscribe: string },
) {
  const { kind, title } = delivery;
  // A task is marked as done; an education, poll or inquiry with a due date is finished by answering it.
  const intro = kind === 'reminder' && delivery.contentType !== 'TASK' ? 'formReminder' : kind;
  const { text, html } = mailLayout(lang, {
    before: [
      t(lang, 'mail.greeting', { name: delivery.name }),
      t(lang, `notice.intro.${intro}`, {
        tenant: delivery.tenantName,
        deadline: formatDateTime(delivery.deadline),
      }),
      title,
    ],
    action: {
      label: t(lang, 'notice.action'),
      link: `${links.publicUrl}${itemPath(delivery.contentId, delivery.contentType, kind)}?receipt=${links.receipt}`,
    },
    after: [t(lang, 'mail.signature'), t(lang, `notice.unsubscribe.${topicOf(kind)}`, { link: links.unsubscribe })],
    brand: delivery.tenantColor,
  });
  return { subject: t(lang, `notice.subject.${kind}`, { title }), text, html };
}

/** A push notice's words, in the reader's language: the item's name, and why they are told. */
export function pushText(delivery: NoticeDelivery) {
  const { kind, deadline } = delivery;
  return {
    title: delivery.title,
    body: t(delivery.language, `notice.push.${kind}`, {
      tenant: delivery.tenantName,
      deadline: formatDateTime(deadline),
    }),
  };
}

/** POST /mobile/users/testpn's notice. */
export const testText = (lang: Language) => ({
  title: t(lang, 'notice.test.title'),
  body: t(lang, 'notice.test.body'),
});
