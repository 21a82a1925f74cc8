import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffMime, sniffStream } from './sniff-mime.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffMime', () => {
  it('recognises the supported images, documents and media by their magic bytes', () => {
    expect(sniffMime(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]))).toBe('image/png');
    expect(sniffMime(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMime(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffMime(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffMime(bytes('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffMime(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe('video/mp4');
    expect(sniffMime(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('audio/mp4');
    expect(sniffMime(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toBe('video/webm');
    expect(sniffMime(bytes('OggS'))).toBe('audio/ogg');
    expect(sniffMime(bytes('ID3', [4, 0]))).toBe('audio/mpeg');
    expect(sniffMime(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('audio/mpeg');
  });

  it('refuses everything else, whatever it claims to be', () => {
    for (const other of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<!doctype html>'),
      bytes('PK\x03\x04'),
      bytes('hello'),
      bytes([0, 0, 0, 0x20], 'ftypheic'),
      bytes([0x1a, 0x45, 0xdf, 0xa3], 'matroska'),
      bytes([0xff, 0xf1]),
      bytes([0x89, 0x50]),
      bytes(),
    ]) {
      expect(sniffMime(other)).toBeUndefined();
    }
  });
});

describe('sniffStream', () => {
  async function* pieces(whole: Buffer, size: number) {
    for (let i = 0; i < whole.byteLength; i += size) yield whole.subarray(i, i + size);
  }
  const collect = async (chunks: AsyncIterable<Uint8Array>) => {
    const all: Uint8Array[] = [];
    for await (const chunk of chunks) all.push(chunk);
    return Buffer.concat(all);
  };

  it('types a stream from its first bytes however they are cut, and gives back every byte', async () => {
    const webm = bytes([0x1a, 0x45, 0xdf, 0xa3], 'x'.repeat(40), 'webm', 'rest of the file'.repeat(100));
    for (const size of [1, 7, 64, 100_000]) {
      const { mime, empty, bytes: all } = await sniffStream(pieces(webm, size));
      expect([mime, empty]).toEqual(['video/webm', false]);
      expect((await collect(all)).equals(webm)).toBe(true);
    }
  });

  it('reads no more than it needs before answering', async () => {
    let pulled = 0;
    async function* counted() {
      for await (const chunk of pieces(bytes('%PDF-1.7', 'x'.repeat(1000)), 16)) {
        pulled += chunk.byteLength;
        yield chunk;
      }
    }
    expect((await sniffStream(counted())).mime).toBe('application/pdf');
    expect(pulled).toBe(SNIFF_BYTES);
  });

  it('tells an empty stream', async () => {
    expect(await sniffStream(pieces(bytes(), 1))).toMatchObject({ mime: undefined, empty: true });
  });
});
