import { DAY_MS, type Language, makeTranslate, PASSWORD_TOKEN_TTL_MS, WELCOME_LINK_TTL_MS } from '@kanal/contract';
import { mailLayout } from '../../lib/mail-layout.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };

const t = makeTranslate({ hr, en });

/** The confirmation, reset and welcome mails: one layout, HTML and plain text, in the reader's language. */
export function linkMail(
  kind: 'activate' | 'reset' | 'welcome',
  lang: Language,
  to: { name: string; tenantName: string },
  link: string,
) {
  const greeting = t(lang, 'mail.greeting', { name: to.name });
  const intro = t(lang, `mail.${kind}.intro`, { tenant: to.tenantName });
  const expires =
    kind === 'welcome'
      ? t(lang, 'mail.expiresDays', { days: WELCOME_LINK_TTL_MS / DAY_MS })
      : t(lang, 'mail.expires', { minutes: PASSWORD_TOKEN_TTL_MS / 60_000 });
  const ignore = t(lang, 'mail.ignore');
  const signature = t(lang, 'mail.signature');
  const { text, html } = mailLayout(lang, {
    before: [greeting, intro],
    action: { label: t(lang, `mail.${kind}.action`), link },
    after: [expires, ignore, signature],
  });
  return { subject: t(lang, `mail.${kind}.subject`), text, html };
}
