import { brandPalette, type Language } from '@kanal/contract';
import { escapeMarkup } from './escape-markup.js';

/**
 * Every mail's one layout, as HTML and plain text: the paragraphs before the button, the button with its
 * link written out under it (for clients that show no buttons), and the paragraphs after. The button is in the
 * organisation's primary colour (`brand`; the product's where it has none), which carries white text.
 */
export function mailLayout(
  lang: Language,
  {
    before,
    action,
    after,
    brand = null,
  }: { before: string[]; action: { label: string; link: string }; after: string[]; brand?: string | null },
) {
  // Plain text: paragraphs apart by a blank line, the link right under the one that leads to it.
  const text = [...before.slice(0, -1), `${before.at(-1) ?? ''}\n${action.link}`, ...after].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeMarkup(s)}</p>`;
  const link = escapeMarkup(action.link);
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1d2433;line-height:1.5">
${before.map(p).join('')}
<p style="margin:0 0 16px"><a href="${link}" style="background:${brandPalette(brand, null).primary};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeMarkup(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;word-break:break-all">${link}</p>
${after.map(p).join('')}
</body></html>`;
  return { text, html };
}
