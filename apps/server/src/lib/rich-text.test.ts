import type { RichDoc, RichNode } from '@kanal/contract';
import { describe, expect, it } from 'vitest';
import { renderRichDoc, sanitizeRichHtml } from './rich-text.js';

const FILE = '0b8f3c52-6a3e-4c55-9d6b-2f1e8a7c9d10';
const doc = (...content: RichNode[]): RichDoc => ({ type: 'doc', content });
const para = (...content: RichNode[]): RichNode => ({ type: 'paragraph', content });
const text = (value: string): RichNode => ({ type: 'text', text: value });
const cell = (type: 'tableHeader' | 'tableCell', value: string, colspan = 1): RichNode => ({
  type,
  attrs: { colspan, rowspan: 1 },
  content: [para(text(value))],
});

describe('renderRichDoc', () => {
  it('writes each kind of node as its element', () => {
    const html = renderRichDoc(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('Naslov')] },
        para(
          { type: 'text', text: 'jako', marks: [{ type: 'bold' }] },
          { type: 'hardBreak' },
          {
            type: 'text',
            text: 'veza',
            marks: [{ type: 'italic' }, { type: 'link', attrs: { href: 'https://kanal.hr/a?b=1&c=2' } }],
          },
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('prvo'))] }] },
        { type: 'orderedList', attrs: { start: 4 }, content: [{ type: 'listItem', content: [para(text('četvrto'))] }] },
        { type: 'blockquote', content: [para(text('citat'))] },
        { type: 'image', attrs: { src: `/api/files/${FILE}`, alt: 'Raspored "A"' } },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [cell('tableHeader', 'Smjena'), cell('tableHeader', 'Vrijeme')] },
            { type: 'tableRow', content: [cell('tableHeader', 'Jutarnja'), cell('tableCell', '6–14', 2)] },
          ],
        },
      ),
    );
    expect(html).toBe(
      [
        '<h2>Naslov</h2>',
        '<p><strong>jako</strong><br /><a href="https://kanal.hr/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank"><em>veza</em></a></p>',
        '<ul><li><p>prvo</p></li></ul>',
        '<ol start="4"><li><p>četvrto</p></li></ol>',
        '<blockquote><p>citat</p></blockquote>',
        `<img src="/api/files/${FILE}" alt="Raspored &quot;A&quot;" />`,
        '<table><tbody>',
        '<tr><th scope="col"><p>Smjena</p></th><th scope="col"><p>Vrijeme</p></th></tr>',
        '<tr><th scope="row"><p>Jutarnja</p></th><td colspan="2"><p>6–14</p></td></tr>',
        '</tbody></table>',
      ].join(''),
    );
  });

  it('writes markup typed as text as text', () => {
    expect(renderRichDoc(doc(para(text('<script>alert(1)</script><img src=x onerror=alert(1)>'))))).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it('has nothing to show for no text or only empty paragraphs', () => {
    expect(renderRichDoc(null)).toBeNull();
    expect(renderRichDoc(doc())).toBeNull();
    expect(renderRichDoc(doc(para(), para()))).toBeNull();
  });

  it('leaves out a link that is not http(s) or mail even if a stored document has one', () => {
    const stored = doc(
      para({ type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }),
    );
    expect(renderRichDoc(stored)).toBe('<p>klik</p>');
  });
});

describe('sanitizeRichHtml, the one allow-list', () => {
  it.each([
    ['a script', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    [
      'an event handler',
      `<p onclick="alert(1)">a</p><img src="/api/files/${FILE}" onerror="alert(1)">`,
      `<p>a</p><img src="/api/files/${FILE}" />`,
    ],
    ['a javascript: link', '<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['an encoded javascript: link', '<a href="jav&#x09;ascript:alert(1)">a</a>', '<a>a</a>'],
    ['an SVG with a handler', '<svg onload="alert(1)"><circle r="5"/></svg><p>b</p>', '<p>b</p>'],
    [
      'a picture from elsewhere',
      '<img src="https://evil.example/x.png"><img src="data:image/svg+xml;base64,PHN2Zz4=">',
      '',
    ],
    ['CSS', '<style>body{display:none}</style><p style="background:url(javascript:alert(1))">c</p>', '<p>c</p>'],
    ['an iframe and a form', '<iframe src="https://evil.example"></iframe><form action="/x"><input></form>d', 'd'],
  ])('drops %s', (_, dirty, clean) => {
    expect(sanitizeRichHtml(dirty)).toBe(clean);
  });
});
