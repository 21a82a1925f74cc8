import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line as drawn, read the way a viewer reads it (the tests' independent
 * reader of what the certificates module writes): each page's content stream, its fonts' ToUnicode maps
 * from glyph to letter. Enough for the PDFs pdfkit writes (Type0 fonts, hex glyph strings), nothing more.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const [, id = '', body = ''] = match;
    const streamAt = body.indexOf('stream');
    if (streamAt === -1) {
      objects.set(id, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const raw = Buffer.from(
      body
        .slice(streamAt + 'stream'.length)
        .replace(/^\r?\n/, '')
        .replace(/\r?\nendstream\s*$/, ''),
      'latin1',
    );
    const stream = dict.includes('/FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    objects.set(id, { dict, stream });
  }
  const ref = (dict: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1];

  /** A font's glyphs (4 hex digits each) to letters, from its ToUnicode map. */
  const unicodeOf = (fontId: string): Map<string, string> => {
    const map = new Map<string, string>();
    const cmap = objects.get(ref(objects.get(fontId)?.dict ?? '', 'ToUnicode') ?? '')?.stream ?? '';
    const letters = (hex: string) =>
      String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
    const sections = (kind: string) =>
      [...cmap.matchAll(new RegExp(`begin${kind}([\\s\\S]*?)end${kind}`, 'g'))].map((m) => m[1] ?? '').join('\n');
    for (const [, glyph = '', text = ''] of sections('bfchar').matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(glyph.toLowerCase(), letters(text));
    }
    // A range maps its glyphs to the letters listed, or to consecutive letters from the one given.
    for (const [, from = '', to = '', first, list] of sections('bfrange').matchAll(
      /<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]{4})>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g,
    )) {
      // An entry may be several letters (a ligature's: <0066 0069> for ﬁ).
      const listed = [...(list ?? '').matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) =>
        letters((m[1] ?? '').replace(/\s/g, '')),
      );
      for (let glyph = Number.parseInt(from, 16), i = 0; glyph <= Number.parseInt(to, 16); glyph++, i++) {
        const letter = first === undefined ? listed[i] : String.fromCodePoint(Number.parseInt(first, 16) + i);
        map.set(glyph.toString(16).padStart(4, '0'), letter ?? '');
      }
    }
    return map;
  };

  const lines: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type\s*\/Page\b/.test(page.dict)) continue;
    const resources = objects.get(ref(page.dict, 'Resources') ?? '')?.dict ?? page.dict;
    const fonts = new Map(
      [...(/\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map(
        ([, name = '', id = '']) => [name, unicodeOf(id)],
      ),
    );
    const content = objects.get(ref(page.dict, 'Contents') ?? '')?.stream ?? '';
    let font = new Map<string, string>();
    for (const [, name, shown] of content.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
      if (name !== undefined) {
        font = fonts.get(name) ?? new Map();
        continue;
      }
      const glyphs = [...(shown ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].flatMap((m) => m[1]?.match(/.{4}/g) ?? []);
      lines.push(glyphs.map((glyph) => font.get(glyph.toLowerCase()) ?? '?').join(''));
    }
  }
  return lines;
}
