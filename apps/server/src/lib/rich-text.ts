import { imageFileId, isSafeHref, type RichDoc, type RichMark, type RichNode } from '@kanal/contract';
import sanitizeHtml from 'sanitize-html';
import { escapeMarkup } from './escape-markup.js';

// A material's text, from the editor's document to the HTML the web app shows as it is (ADR 0068). The
// document was checked against the contract's allow-list when it was written; the renderer writes only
// the tags below, and its output goes through the one sanitiser with the same list, so a gap in either
// (or a document written before a rule existed) still cannot put a script, a handler or a style on a page.

/** The one allow-list: what a rendered text may hold, and nothing else. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'table',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    img: ['src', 'alt'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Pictures only from the platform's own files (no scheme, so no `data:` and no tracking pixels).
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && imageFileId(frame.attribs.src ?? '') === null,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
};

const TAG: Partial<Record<RichNode['type'], string>> = {
  paragraph: 'p',
  bulletList: 'ul',
  listItem: 'li',
  blockquote: 'blockquote',
};

function renderMarks(text: string, marks: RichMark[] | undefined): string {
  let html = escapeMarkup(text);
  for (const mark of marks ?? []) {
    if (mark.type === 'bold') html = `<strong>${html}</strong>`;
    else if (mark.type === 'italic') html = `<em>${html}</em>`;
    else if (isSafeHref(mark.attrs.href)) {
      html = `<a href="${escapeMarkup(mark.attrs.href)}" rel="noopener noreferrer" target="_blank">${html}</a>`;
    }
  }
  return html;
}

function renderNode(node: RichNode, inFirstRow: boolean): string {
  const inner = (first = false) =>
    ('content' in node ? (node.content ?? []) : []).map((child) => renderNode(child, first)).join('');
  switch (node.type) {
    case 'text':
      return renderMarks(node.text, node.marks);
    case 'hardBreak':
      return '<br>';
    case 'image':
      return `<img src="${escapeMarkup(node.attrs.src)}" alt="${escapeMarkup(node.attrs.alt)}">`;
    case 'heading':
      return `<h${node.attrs.level}>${inner()}</h${node.attrs.level}>`;
    case 'orderedList':
      return node.attrs.start === 1 ? `<ol>${inner()}</ol>` : `<ol start="${node.attrs.start}">${inner()}</ol>`;
    case 'table':
      return `<table><tbody>${(node.content ?? []).map((row, i) => renderNode(row, i === 0)).join('')}</tbody></table>`;
    case 'tableRow':
      return `<tr>${inner(inFirstRow)}</tr>`;
    case 'tableHeader':
    case 'tableCell': {
      const tag = node.type === 'tableHeader' ? 'th' : 'td';
      // A header across the top row heads its column; one down the side heads its row.
      const scope = tag === 'th' ? ` scope="${inFirstRow ? 'col' : 'row'}"` : '';
      const spans =
        (node.attrs.colspan > 1 ? ` colspan="${node.attrs.colspan}"` : '') +
        (node.attrs.rowspan > 1 ? ` rowspan="${node.attrs.rowspan}"` : '');
      return `<${tag}${scope}${spans}>${inner()}</${tag}>`;
    }
    default: {
      const tag = TAG[node.type];
      return tag ? `<${tag}>${inner()}</${tag}>` : '';
    }
  }
}

/** Any HTML through the allow-list: what the renderer writes, and the tests' hostile markup. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

/** The text as safe HTML, or null when it has no words and no pictures. */
export function renderRichDoc(doc: RichDoc | null): string | null {
  if (!doc || doc.content.length === 0) return null;
  const html = sanitizeRichHtml(doc.content.map((node) => renderNode(node, false)).join(''));
  return html.replace(/<p><\/p>/g, '') === '' ? null : html;
}
