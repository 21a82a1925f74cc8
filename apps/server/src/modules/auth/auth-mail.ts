import { DAY_MS, type Language, makeTranslate, PASSWORD_TOKEN_TTL_MS, WELCOME_LINK_TTL_MS } from '@kanal/contract';
import { mailLayout } from '../../lib/mail-layout.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };

const t = makeTranslate({ hr, en });

/**
 * A mailed link to a page where a password is chosen: the first one asked for at sign-in (`activate`), a
 * new one the person asked for (`reset`) or an admin sent (`adminReset`), after an admin locked the account
 * (`lock`), or a new person's first (`welcome`).
 */
export type LinkMailKind = 'activate' | 'reset' | 'adminReset' | 'lock' | 'welcome';

/** One layout, HTML and plain text, in the reader's language. */
export function linkMail(
  kind: LinkMailKind,
  lang: Language,
  to: { name: string; tenantName: string; tenantColor: string | null },
  link: string,
) {
  const greeting = t(lang, 'mail.greeting', { name: to.name });
  const intro = t(lang, `mail.${kind}.intro`, { tenant: to.tenantName });
  const expires =
    kind === 'welcome'
      ? t(lang, 'mail.expiresDays', { days: WELCOME_LINK_TTL_MS / DAY_MS })
      : t(lang, 'mail.expires', { minutes: PASSWORD_TOKEN_TTL_MS / 60_000 });
  // Only a mail the reader may not have asked for can be ignored; an administrator's cannot.
  const ignore = kind === 'adminReset' || kind === 'lock' ? [] : [t(lang, 'mail.ignore')];
  const signature = t(lang, 'mail.signature');
  const { text, html } = mailLayout(lang, {
    before: [greeting, intro],
    action: { label: t(lang, `mail.${kind}.action`), link },
    after: [expires, ...ignore, signature],
    brand: to.tenantColor,
  });
  return { subject: t(lang, `mail.${kind}.subject`), text, html };
}
