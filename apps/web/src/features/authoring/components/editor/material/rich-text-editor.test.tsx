import { readRichDoc } from '@kanal/contract';
import { act, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadAreaTexts } from '@/lib/i18n';
import googleDocs from '@/test/paste/google-docs.html?raw';
import word from '@/test/paste/word.html?raw';
import { editorOf } from '@/test/rich-text-editor';
import { type RichDocValue, RichTextEditor, type TextImage } from './rich-text-editor';

// The editor under jsdom, which lays nothing out: the document is reached through the editor, pasting
// through ProseMirror's own paste path (the same transform and schema a real paste takes). Typing and a
// real clipboard are checked in Chromium (e2e/rich-text.spec.ts).

const PICTURE = '0b8f3c52-6a3e-4c55-9d6b-2f1e8a7c9d10';

beforeEach(async () => {
  await loadAreaTexts('admin', {
    hr: () => import('@/locales/hr/admin'),
    en: () => import('@/locales/en/admin'),
  });
});

function renderEditor(images: TextImage[] = []) {
  let latest: RichDocValue = null;
  function Harness() {
    const [value, setValue] = useState<RichDocValue>(null);
    return (
      <>
        <span id="label">Tekst</span>
        <span id="hint">Opis</span>
        <RichTextEditor
          value={value}
          onChange={(next) => {
            latest = next;
            setValue(next);
          }}
          images={images}
          labelledBy="label"
          describedBy="hint"
          invalid={false}
        />
      </>
    );
  }
  render(<Harness />);
  return { user: userEvent.setup(), value: () => latest };
}

const textbox = () => screen.findByRole('textbox', { name: 'Tekst' });

async function paste(html: string) {
  const editor = editorOf(await textbox());
  act(() => {
    editor.view.pasteHTML(html);
  });
}

type Json = { type: string; text?: string; attrs?: Record<string, unknown>; marks?: Json[]; content?: Json[] };
/** A node's words, children joined. */
const words = (node: Json): string => node.text ?? (node.content ?? []).map(words).join('');
/** Each block as its type and words, lists and tables one level down: the structure, without attributes. */
const outline = (nodes: Json[] = []): unknown[] =>
  nodes.map((node) => {
    if (node.type === 'heading') return `h${node.attrs?.level}: ${words(node)}`;
    if (node.type === 'paragraph') return words(node);
    return { [node.type]: outline(node.content) };
  });
const marksOf = (node: Json): string[] => [
  ...(node.marks ?? []).map((mark) => mark.type),
  ...(node.content ?? []).flatMap(marksOf),
];

describe('pasting', () => {
  it('keeps a Word document’s headings (a level down) and lists, nested and numbered, and drops its styling', async () => {
    const { value } = renderEditor();
    await paste(word);
    const doc = value() as Json;
    expect(outline(doc.content)).toEqual([
      'h2: Pravila skladišta',
      'Vrijede od ponedjeljka za sve smjene.',
      'h3: Prije smjene',
      {
        bulletList: [
          { listItem: ['Provjerite zaštitnu opremu', { bulletList: [{ listItem: ['kacigu i rukavice'] }] }] },
          { listItem: ['Prijavite se voditelju smjene'] },
        ],
      },
      '\u00a0',
      {
        orderedList: [{ listItem: ['Zaprimite robu uz otpremnicu'] }, { listItem: ['Složite je na označeno mjesto'] }],
      },
    ]);
    // Bold and italic are the text's own; Word's fonts, sizes and colours have no mark to land in.
    expect(new Set(marksOf(doc))).toEqual(new Set(['bold', 'italic']));
    expect(readRichDoc(doc).issues).toEqual([]);
  });

  it('keeps a Google Docs document’s headings, lists, table and link, without its wrapping bold or outside pictures', async () => {
    const { value } = renderEditor();
    await paste(googleDocs);
    const doc = value() as Json;
    expect(outline(doc.content)).toEqual([
      'h2: Godišnji odmor',
      'Zahtjeve predajte do kraja ožujka.',
      'h3: Kako',
      { bulletList: [{ listItem: ['Ispunite obrazac'] }, { listItem: ['Predajte ga voditelju'] }] },
      { orderedList: [{ listItem: ['Odobrenje stiže e-poštom'] }] },
      {
        table: [
          { tableRow: [{ tableCell: ['Razdoblje'] }, { tableCell: ['Rok'] }] },
          { tableRow: [{ tableCell: ['Ljeto'] }, { tableCell: ['31. 3.'] }] },
        ],
      },
      'Obrazac na intranetu',
    ]);
    const paragraph = doc.content?.[1];
    // Only "Zahtjeve" was bold: the document's wrapping <b style="font-weight:normal"> makes nothing bold.
    expect(paragraph?.content?.[0]).toEqual({ type: 'text', text: 'Zahtjeve', marks: [{ type: 'bold' }] });
    expect(paragraph?.content?.[1]?.marks).toBeUndefined();
    // Google Docs says bold and italic by style (under the page's CSP too: the journey checks it there).
    expect(marksOf(doc.content?.[3] ?? { type: 'none' })).toEqual(['italic']);
    expect(marksOf(doc.content?.[0] ?? { type: 'none' })).toEqual([]);
    expect(JSON.stringify(doc)).toContain('"href":"https://intranet.example.hr/odmor"');
    expect(JSON.stringify(doc)).not.toContain('googleusercontent');
    expect(readRichDoc(doc).issues).toEqual([]);
  });

  it('lets nothing of hostile markup through: scripts, handlers, javascript: links, SVG, styles, frames', async () => {
    const { value } = renderEditor();
    await paste(
      [
        '<p>prije<script>alert(1)</script></p>',
        '<img src="x" onerror="alert(2)">',
        `<img src="/api/files/${PICTURE}" onerror="alert(3)">`,
        '<p><a href="javascript:alert(4)">klik</a> <a href="data:text/html,x">data</a></p>',
        '<svg onload="alert(5)"><circle r="5"></circle></svg>',
        '<p style="background:url(javascript:alert(6))" onclick="alert(7)" class="x">poslije</p>',
        '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
      ].join(''),
    );
    const doc = value() as Json;
    const json = JSON.stringify(doc);
    for (const bad of ['alert', 'javascript', 'onerror', 'onclick', 'style', 'svg', 'iframe', 'data:', 'class']) {
      expect(json).not.toContain(bad);
    }
    expect(outline(doc.content)).toEqual(['prije', { image: [] }, 'klik data', 'poslije']);
    expect(readRichDoc(doc).issues).toEqual([]);
  });
});

describe('the toolbar', () => {
  it('sets a heading and bold, each button saying whether it is on, and hands the form the document', async () => {
    const { user, value } = renderEditor();
    const editor = editorOf(await textbox());
    act(() => {
      editor.chain().focus().insertContent('Najvažnije').selectAll().run();
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vrsta odlomka' }), 'Naslov');
    const bold = screen.getByRole('button', { name: 'Podebljano' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await user.click(bold);
    await waitFor(() => expect(bold).toHaveAttribute('aria-pressed', 'true'));
    expect(value()).toEqual({
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 2 },
          content: [{ type: 'text', text: 'Najvažnije', marks: [{ type: 'bold' }] }],
        },
      ],
    });
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(value()).toBeNull();
  });

  it('sets a link only to a web or mail address, and inserts a table with its own tools', async () => {
    const { user, value } = renderEditor();
    const editor = editorOf(await textbox());
    act(() => {
      editor.chain().focus().insertContent('pravilnik').selectAll().run();
    });
    await user.click(screen.getByRole('button', { name: 'Poveznica' }));
    const address = screen.getByRole('textbox', { name: 'Adresa poveznice' });
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Upišite web-adresu');
    await user.clear(address);
    await user.type(address, 'kanal.hr/pravilnik');
    await user.click(screen.getByRole('button', { name: 'Postavi poveznicu' }));
    expect(JSON.stringify(value())).toContain('{"type":"link","attrs":{"href":"https://kanal.hr/pravilnik"');

    act(() => {
      editor.commands.focus('end');
    });
    await user.click(screen.getByRole('button', { name: 'Umetni tablicu' }));
    const tableTools = await screen.findByRole('toolbar', { name: 'Uređivanje tablice' });
    await user.click(within(tableTools).getByRole('button', { name: 'Dodaj redak' }));
    const table = ((value()?.content ?? []) as Json[]).find((node) => node.type === 'table');
    expect(table?.content).toHaveLength(4);
    expect(table?.content?.[0]?.content?.[0]?.type).toBe('tableHeader');
  });

  it('inserts a picture only from the item’s media', async () => {
    renderEditor();
    const user = userEvent.setup();
    await textbox();
    await user.click(screen.getByRole('button', { name: 'Umetni sliku iz medija' }));
    expect(screen.getByText(/Najprije dodajte sliku pod Mediji/)).toBeInTheDocument();
  });

  it('inserts a chosen picture of the item with its caption as the description', async () => {
    const { user, value } = renderEditor([
      { src: `/api/files/${PICTURE}`, preview: `/api/files/${PICTURE}?tenantId=3`, name: 'Raspored' },
    ]);
    await textbox();
    await user.click(screen.getByRole('button', { name: 'Umetni sliku iz medija' }));
    await user.click(screen.getByRole('button', { name: 'Umetni „Raspored”' }));
    expect(value()?.content).toContainEqual(
      expect.objectContaining({
        type: 'image',
        attrs: expect.objectContaining({ src: `/api/files/${PICTURE}`, alt: 'Raspored' }),
      }),
    );
  });
});
