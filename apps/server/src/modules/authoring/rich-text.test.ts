import { readFile } from 'node:fs/promises';
import { MATERIAL_TEXT_MAX_LENGTH, type Material, richDocOf, type StaffContent } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, material } from '../../db/schema/index.js';
import { makeContent } from '../../test/content-factories.js';
import { callsAs, makePerson, makeTenant, payloadOf, pngBytes, upload } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A material's rich text through the API (ADR 0068): written as the editor's document, checked against
// the allow-list, read back by staff as that document, and by its audience as sanitised HTML.

let t: TestApp;
let tenantId: number;
type Person = { id: number; token: string };
let creator: Person;
let reader: Person;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  reader = await makePerson(t.db, tenantId, { now });
});
afterAll(() => t.close());

const as = (person: Person, lang?: string) => callsAs(t, person, lang);
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const item = (doc: unknown, media: { fileId: string; name: string }[] = []) => ({
  type: 'INFORMATION',
  name: 'Upute za skladište',
  material: { doc },
  media,
  audience: { everyone: true },
  publish: { mode: 'now' },
});
const itemCount = () => t.db.$count(content, eq(content.tenantId, tenantId));

describe('rich text', () => {
  it('is kept as the document and shown to the audience as HTML, with its words as the plain text', async () => {
    const [picture] = (
      await upload(t, '/api/files/multiple', creator.token, [{ name: 'raspored.png', bytes: pngBytes() }])
    ).json().payload;
    const src = `/api/files/${picture.id}`;
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, textAlign: null }, content: [text('Najvažnije')] },
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [para(text('samo uz otpremnicu', [{ type: 'bold' }]))] }],
        },
        para(text('pravilnik', [{ type: 'link', attrs: { href: 'https://kanal.hr/p', target: '_blank', rel: null } }])),
        { type: 'image', attrs: { src, alt: 'Raspored', title: null } },
        para(text('<script>alert(1)</script>')),
      ],
    };
    const made: StaffContent = await payloadOf(
      as(creator).post('/api/content', item(doc, [{ fileId: picture.id, name: 'Raspored' }])),
    );

    // Staff read the document back as the allow-list keeps it (the editor's extra attributes left behind).
    expect(made.material.doc?.content[0]).toEqual({
      type: 'heading',
      attrs: { level: 2 },
      content: [text('Najvažnije')],
    });
    expect(made.material.doc?.content[2]).toEqual(
      para(text('pravilnik', [{ type: 'link', attrs: { href: 'https://kanal.hr/p' } }])),
    );

    const shown = await payloadOf<Material>(as(reader).get(`/api/mobile/content/${made.id}/material`));
    expect(shown.html).toBe(
      [
        '<h2>Najvažnije</h2>',
        '<ul><li><p><strong>samo uz otpremnicu</strong></p></li></ul>',
        '<p><a href="https://kanal.hr/p" rel="noopener noreferrer" target="_blank">pravilnik</a></p>',
        `<img src="${src}" alt="Raspored" />`,
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      ].join(''),
    );
    expect(shown.text).toBe('Najvažnije\nsamo uz otpremnicu\npravilnik\nRaspored\n<script>alert(1)</script>');
    expect(made.material.html).toBe(shown.html);
    // The picture in the text is one of the item's media, so its audience may load it.
    expect((await as(reader).get(src)).statusCode).toBe(200);
  });

  it('takes the longest text a material may have, formatted word by word, and refuses one character more', async () => {
    const link = (n: number) => [
      { type: 'bold' },
      { type: 'link', attrs: { href: `https://kanal.hr/pravilnik/${n}` } },
    ];
    const words = Array.from({ length: MATERIAL_TEXT_MAX_LENGTH / 5 }, (_, n) => text('riječ', link(n)));
    const longest = { type: 'doc', content: [para(...words)] };
    expect(JSON.stringify(item(longest)).length).toBeGreaterThan(64 * 1024);
    const made: StaffContent = await payloadOf(as(creator).post('/api/content', item(longest)));
    const shown = await payloadOf<Material>(as(reader).get(`/api/mobile/content/${made.id}/material`));
    expect(shown.text).toHaveLength(MATERIAL_TEXT_MAX_LENGTH);
    const longer = { type: 'doc', content: [para(...words, text('!'))] };
    const refused = await as(creator).patch(`/api/content/${made.id}`, { material: { doc: longer } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('material.doc');
  });

  it.each([
    [
      'a script node',
      { type: 'doc', content: [{ type: 'script', content: [text('alert(1)')] }] },
      'material.doc.content.0.type',
    ],
    [
      'an event handler smuggled as a node attribute',
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } }] },
      'material.doc.content.0.attrs.src',
    ],
    [
      'a javascript: link',
      { type: 'doc', content: [para(text('klik', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))] },
      'material.doc.content.0.content.0.marks.0.attrs.href',
    ],
    [
      'an SVG picture',
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } }] },
      'material.doc.content.0.attrs.src',
    ],
    [
      'a style',
      {
        type: 'doc',
        content: [para(text('x', [{ type: 'textStyle', attrs: { style: 'background:url(javascript:1)' } }]))],
      },
      'material.doc.content.0.content.0.marks.0.type',
    ],
  ])('refuses %s with its field, and writes nothing', async (_, doc, field) => {
    const before = await itemCount();
    const res = await as(creator).post('/api/content', item(doc));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await itemCount()).toBe(before);
  });

  it('says what is wrong in the caller’s language', async () => {
    const doc = {
      type: 'doc',
      content: [para(text('klik', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))],
    };
    expect((await as(creator).post('/api/content', item(doc))).json().message).toContain(
      'Poveznica počinje s https://, http:// ili mailto:',
    );
    expect((await as(creator, 'en').post('/api/content', item(doc))).json().message).toContain(
      'A link starts with https://, http:// or mailto:',
    );
    const picture = { type: 'doc', content: [{ type: 'image', attrs: { src: `/api/files/${crypto.randomUUID()}` } }] };
    const res = await as(creator, 'en').post('/api/content', item(picture));
    expect(res.json()).toMatchObject({
      field: 'material.doc.content.0.attrs.src',
      message: expect.stringContaining("one of this item's pictures"),
    });
  });

  it('turns a plain text written before rich text into paragraphs (migration 0056)', async () => {
    const old = await makeContent(t.db, {
      tenantId,
      creatorId: creator.id,
      material: { link: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    const where = and(eq(material.tenantId, tenantId), eq(material.contentId, old.id));
    const plain = 'Prvi red\nDrugi red\n\nNovi odlomak <b>ne</b>';
    await t.db.update(material).set({ text: plain, doc: null }).where(where);

    const migration = await readFile(new URL('../../../drizzle/0056_rich_text.sql', import.meta.url), 'utf8');
    const fill = migration.split('--> statement-breakpoint')[1] ?? '';
    expect(fill).toContain('UPDATE "material"');
    await t.db.execute(sql.raw(fill));

    const [row] = await t.db.select({ doc: material.doc }).from(material).where(where);
    expect(row?.doc).toEqual(richDocOf(plain));
    const shown = await payloadOf<Material>(as(reader).get(`/api/mobile/content/${old.id}/material`));
    expect(shown.html).toBe('<p>Prvi red<br />Drugi red</p><p>Novi odlomak &lt;b&gt;ne&lt;/b&gt;</p>');
  });
});
