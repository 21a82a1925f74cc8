import { createInflateRaw } from 'node:zlib';

/** One file of a zip archive, as its central directory describes it. */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** What the archive claims the file unpacks to: a claim, so the bytes actually unpacked are counted too. */
  declaredSize: number;
  localHeaderOffset: number;
};

/** How many unpacked bytes may still be read from an archive: shared by every entry read from it. */
export type UnpackBudget = { left: number };

/** The archive is malformed, or uses what a spreadsheet never needs (encryption, other compression). */
export class ZipFormatError extends Error {}
/** Unpacking went past the budget: read no further. */
export class UnpackLimitError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const NO_32 = 0xffffffff;
const NO_16 = 0xffff;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** Unpacked bytes are handed on in pieces of this size, so a reader never holds much more. */
const CHUNK_BYTES = 64 * 1024;

function fail(): never {
  throw new ZipFormatError('malformed zip archive');
}

/** A little-endian reader over the archive that fails on any read past its end. */
function reader(bytes: Buffer) {
  const check = (offset: number, size: number) => {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset + size > bytes.length) fail();
    return offset;
  };
  return {
    u16: (offset: number) => bytes.readUInt16LE(check(offset, 2)),
    u32: (offset: number) => bytes.readUInt32LE(check(offset, 4)),
    u64: (offset: number) => Number(bytes.readBigUInt64LE(check(offset, 8))),
    slice: (offset: number, size: number) => bytes.subarray(check(offset, size), offset + size),
  };
}

/** The values a ZIP64 extra field holds, in order, for those the fixed header marks as too large. */
function zip64Values(extra: Buffer, wanted: number): number[] {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      if (size < wanted * 8 || at + 4 + size > extra.length) fail();
      return Array.from({ length: wanted }, (_, i) => Number(extra.readBigUInt64LE(at + 4 + i * 8)));
    }
    at += 4 + size;
  }
  return fail();
}

/**
 * The entries of a zip archive held in memory, by name, read from its central directory (ZIP64
 * included). Nothing is unpacked here; a malformed archive throws ZipFormatError.
 */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const read = reader(bytes);
  let eocd = -1;
  for (let at = bytes.length - EOCD_SIZE; at >= Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT); at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) fail();
  let count = read.u16(eocd + 10);
  let offset = read.u32(eocd + 16);
  if (count === NO_16 || offset === NO_32) {
    if (read.u32(eocd - 20) !== ZIP64_LOCATOR) fail();
    const record = read.u64(eocd - 12);
    if (read.u32(record) !== ZIP64_EOCD) fail();
    count = read.u64(record + 32);
    offset = read.u64(record + 48);
  }

  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (read.u32(offset) !== CENTRAL_HEADER) fail();
    const nameLength = read.u16(offset + 28);
    const extraLength = read.u16(offset + 30);
    const commentLength = read.u16(offset + 32);
    const name = read.slice(offset + 46, nameLength).toString('utf8');
    const extra = read.slice(offset + 46 + nameLength, extraLength);
    let declaredSize = read.u32(offset + 24);
    let compressedSize = read.u32(offset + 20);
    let localHeaderOffset = read.u32(offset + 42);
    // ZIP64 keeps, in this order, only the values the fixed header could not.
    const large = [declaredSize, compressedSize, localHeaderOffset].filter((value) => value === NO_32).length;
    if (large > 0) {
      const values = zip64Values(extra, large);
      if (declaredSize === NO_32) declaredSize = values.shift() ?? fail();
      if (compressedSize === NO_32) compressedSize = values.shift() ?? fail();
      if (localHeaderOffset === NO_32) localHeaderOffset = values.shift() ?? fail();
    }
    entries.set(name, {
      name,
      method: read.u16(offset + 10),
      encrypted: (read.u16(offset + 8) & 1) === 1,
      compressedSize,
      declaredSize,
      localHeaderOffset,
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * An entry's bytes, unpacked as they are read, each chunk taken from `budget` first: past it, unpacking
 * stops at once with UnpackLimitError, whatever the archive declared. Memory stays at a chunk or two.
 */
export async function* unpackEntry(bytes: Buffer, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Buffer> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) fail();
  // A declared size over the budget is refused before any work; a smaller one may be a lie, so it is not trusted.
  if (entry.declaredSize > budget.left) throw new UnpackLimitError('declared size over the limit');
  const read = reader(bytes);
  if (read.u32(entry.localHeaderOffset) !== LOCAL_HEADER) fail();
  const dataStart =
    entry.localHeaderOffset + 30 + read.u16(entry.localHeaderOffset + 26) + read.u16(entry.localHeaderOffset + 28);
  const packed = read.slice(dataStart, entry.compressedSize);
  const take = (chunk: Buffer) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new UnpackLimitError('unpacked size over the limit');
    return chunk;
  };
  if (entry.method === 0) {
    for (let at = 0; at < packed.length; at += CHUNK_BYTES) yield take(packed.subarray(at, at + CHUNK_BYTES));
    return;
  }
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  inflater.end(packed);
  // Leaving the loop (a throw here or in the caller) destroys the stream, so no more is inflated.
  for await (const chunk of inflater) yield take(chunk as Buffer);
}
