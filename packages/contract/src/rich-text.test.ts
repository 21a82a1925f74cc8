import { describe, expect, it } from 'vitest';
import { ContentBodySchema } from './authoring.js';
import { MATERIAL_TEXT_MAX_LENGTH } from './constants.js';
import { type RichDoc, readRichDoc, richDocOf, richDocText } from './rich-text.js';

const FILE = '0b8f3c52-6a3e-4c55-9d6b-2f1e8a7c9d10';
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const issuesOf = (input: unknown) => readRichDoc(input).issues;

describe('readRichDoc', () => {
  it('keeps what the editor writes and leaves behind the attributes the renderer does not read', () => {
    const input = doc(
      { type: 'heading', attrs: { level: 2, textAlign: 'left' }, content: [text('Naslov')] },
      para(text('Jako', [{ type: 'bold' }]), { type: 'hardBreak' }, text('nakošeno', [{ type: 'italic' }])),
      para(text('veza', [{ type: 'link', attrs: { href: 'https://kanal.hr', target: '_blank', class: 'x' } }])),
      {
        type: 'orderedList',
        attrs: { start: 3, type: null },
        content: [{ type: 'listItem', content: [para(text('a'))] }],
      },
      { type: 'image', attrs: { src: `/api/files/${FILE}`, alt: 'Slika', title: null } },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [{ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [para()] }],
          },
        ],
      },
    );
    const { doc: read, issues } = readRichDoc(input);
    expect(issues).toEqual([]);
    expect(read.content[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [text('Naslov')] });
    expect(read.content[2]).toEqual(para(text('veza', [{ type: 'link', attrs: { href: 'https://kanal.hr' } }])));
    expect(read.content[4]).toEqual({ type: 'image', attrs: { src: `/api/files/${FILE}`, alt: 'Slika' } });
    expect(read.content[5]).toMatchObject({
      content: [{ content: [{ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1 } }] }],
    });
  });

  it.each([
    ['a script node', doc({ type: 'script', content: [text('alert(1)')] }), ['content', 0, 'type']],
    ['a node where it may not stand', doc(text('loose text')), ['content', 0, 'type']],
    ['a block inside a paragraph', doc(para({ type: 'table', content: [] })), ['content', 0, 'content', 0, 'type']],
    [
      'a javascript: link',
      doc(para(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
      ['content', 0, 'content', 0, 'marks', 0, 'attrs', 'href'],
    ],
    [
      'a data: link',
      doc(para(text('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }]))),
      ['content', 0, 'content', 0, 'marks', 0, 'attrs', 'href'],
    ],
    [
      'a style mark',
      doc(para(text('x', [{ type: 'textStyle', attrs: { color: 'red' } }]))),
      ['content', 0, 'content', 0, 'marks', 0, 'type'],
    ],
    [
      'an SVG picture from elsewhere',
      doc({ type: 'image', attrs: { src: 'https://evil.example/x.svg' } }),
      ['content', 0, 'attrs', 'src'],
    ],
    [
      'a picture as a data: URL',
      doc({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } }),
      ['content', 0, 'attrs', 'src'],
    ],
    [
      'a top-level heading',
      doc({ type: 'heading', attrs: { level: 1 }, content: [] }),
      ['content', 0, 'attrs', 'level'],
    ],
    ['an empty text', doc(para({ type: 'text', text: '' })), ['content', 0, 'content', 0, 'text']],
  ])('refuses %s at its path', (_, input, path) => {
    expect(issuesOf(input)).toContainEqual(expect.objectContaining({ path }));
  });

  it('refuses a text longer than the limit, counting its words only', () => {
    const long = 'a'.repeat(MATERIAL_TEXT_MAX_LENGTH / 2);
    expect(issuesOf(doc(para(text(long)), para(text(long))))).toEqual([]);
    expect(issuesOf(doc(para(text(long)), para(text(`${long}a`))))).toEqual([
      { path: [], message: 'validation.materialTooLong' },
    ]);
  });

  it('refuses a tree deeper than any editor makes', () => {
    let node: unknown = para(text('dno'));
    for (let i = 0; i < 20; i++) node = { type: 'blockquote', content: [node] };
    expect(issuesOf(doc(node)).length).toBeGreaterThan(0);
  });
});

describe('an item body', () => {
  const body = (media: { fileId: string; name: string }[]) => ({
    type: 'INFORMATION',
    name: 'Upute',
    material: { doc: doc({ type: 'image', attrs: { src: `/api/files/${FILE}`, alt: '' } }) },
    media,
  });

  it('shows a picture in its text only when the picture is one of its media', () => {
    const refused = ContentBodySchema.safeParse(body([]));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['material', 'doc', 'content', 0, 'attrs', 'src'],
        message: 'validation.imageNotMedia',
      }),
    );
    expect(ContentBodySchema.safeParse(body([{ fileId: FILE, name: 'Slika' }])).success).toBe(true);
  });
});

describe('plain text and documents', () => {
  it('makes a paragraph of each block between blank lines and keeps single line breaks', () => {
    expect(richDocOf('Prvi red\r\nDrugi red\n\n \nNovi odlomak  \n')).toEqual(
      doc(para(text('Prvi red'), { type: 'hardBreak' }, text('Drugi red')), para(text('Novi odlomak'))),
    );
    expect(richDocOf('\n\n')).toEqual(doc());
  });

  it('reads the words of a document back, a block to a line', () => {
    const rich = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Naslov')] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('prvo'))] }] },
      para(text('a'), { type: 'hardBreak' }, text('b', [{ type: 'bold' }])),
    ) as RichDoc;
    expect(richDocText(rich)).toBe('Naslov\nprvo\na\nb');
    expect(richDocText(richDocOf('x\n\ny'))).toBe('x\ny');
  });
});
