import { DAY_MS, type Language, makeTranslate, PASSWORD_TOKEN_TTL_MS, WELCOME_LINK_TTL_MS } from '@kanal/contract';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };

const t = makeTranslate({ hr, en });

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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
  const action = t(lang, `mail.${kind}.action`);
  const text = [greeting, '', intro, link, '', expires, ignore, '', signature].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1d2433;line-height:1.5">
${p(greeting)}${p(intro)}
<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="background:#1f5fbf;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p style="margin:0 0 16px;font-size:14px;word-break:break-all">${escapeHtml(link)}</p>
${p(expires)}${p(ignore)}${p(signature)}
</body></html>`;
  return { subject: t(lang, `mail.${kind}.subject`), text, html };
}
