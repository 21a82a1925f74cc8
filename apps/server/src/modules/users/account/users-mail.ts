import { type Language, makeTranslate, PASSWORD_TOKEN_TTL_MS } from '@kanal/contract';
import { mailLayout } from '../../../lib/mail-layout.js';
import en from '../../../locales/en.json' with { type: 'json' };
import hr from '../../../locales/hr.json' with { type: 'json' };

const t = makeTranslate({ hr, en });

/** The link mailed to a new address: opening it is what changes the account's e-mail. */
export function emailChangeMail(
  lang: Language,
  to: { name: string; tenantName: string; tenantColor: string | null },
  link: string,
) {
  const { text, html } = mailLayout(lang, {
    before: [t(lang, 'mail.greeting', { name: to.name }), t(lang, 'mail.emailChange.intro', { tenant: to.tenantName })],
    action: { label: t(lang, 'mail.emailChange.action'), link },
    after: [
      t(lang, 'mail.expires', { minutes: PASSWORD_TOKEN_TTL_MS / 60_000 }),
      t(lang, 'mail.ignore'),
      t(lang, 'mail.signature'),
    ],
    brand: to.tenantColor,
  });
  return { subject: t(lang, 'mail.emailChange.subject'), text, html };
}
