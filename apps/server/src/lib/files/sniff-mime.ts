/** How many leading bytes sniffMime looks at: reading these is enough to type a file of any size. */
export const SNIFF_BYTES = 64;

/**
 * The type of a file, read from its first bytes. Uploads are typed by this alone: a client's
 * Content-Type and file name are claims, and an HTML or SVG file served as an "image" would run script.
 * Anything not recognised answers undefined, so the caller refuses it.
 */
export function sniffMime(bytes: Uint8Array): string | undefined {
  const at = (offset: number, signature: readonly number[]) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    at(
      offset,
      [...text].map((c) => c.charCodeAt(0)),
    );

  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(0, '%PDF-')) return 'application/pdf';
  if (ascii(4, 'ftyp')) return isoMediaType(String.fromCharCode(...bytes.subarray(8, 12)));
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) {
    // Matroska shares the EBML header; only the WebM doctype plays in every browser.
    const head = String.fromCharCode(...bytes.subarray(0, SNIFF_BYTES));
    return head.includes('webm') ? 'video/webm' : undefined;
  }
  if (ascii(0, 'OggS')) return 'audio/ogg';
  if (ascii(0, 'ID3') || isMp3Frame(bytes)) return 'audio/mpeg';
  return undefined;
}

/**
 * Types a stream by its first SNIFF_BYTES as they pass, without reading further: answers the type
 * (undefined when unknown), whether the stream is empty, and the whole stream again, those bytes included.
 */
export async function sniffStream(chunks: AsyncIterable<Uint8Array>) {
  const source = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let read = 0;
  while (read < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) break;
    head.push(next.value);
    read += next.value.byteLength;
  }
  async function* whole() {
    yield* head;
    // Through for-await, so a consumer that stops early also closes the source.
    yield* { [Symbol.asyncIterator]: () => source };
  }
  return { mime: sniffMime(Buffer.concat(head).subarray(0, SNIFF_BYTES)), empty: read === 0, bytes: whole() };
}

/** ISO base media (the `ftyp` box): MP4 and its relatives, told apart by the major brand. */
function isoMediaType(brand: string): string | undefined {
  if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
  if (brand === 'qt  ') return 'video/quicktime';
  // HEIC/AVIF images use the same box; they are not videos and browsers cannot show most of them.
  if (/^(heic|heix|hevc|hevx|mif1|msf1|avif|avis)$/.test(brand)) return undefined;
  return 'video/mp4';
}

/** An MPEG audio layer III frame header without ID3 tags: 11 sync bits, a valid version, layer III. */
function isMp3Frame(bytes: Uint8Array): boolean {
  const [b0, b1] = bytes;
  if (b0 !== 0xff || b1 === undefined) return false;
  return (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) === 0x02;
}

const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov'],
  'video/webm': ['webm'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['m4a', 'm4b'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
};

/** The file-name extensions of a type, the usual one first. */
export const extensionsOf = (mime: string): readonly string[] => EXTENSIONS[mime] ?? [];
