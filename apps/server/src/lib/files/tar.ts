import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

const BLOCK = 512;

/** A header field: `value` in ASCII, NUL-padded to `length`. */
function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'ascii');
}

/** A number as tar writes it: octal, zero-padded to `length - 1` digits and a NUL. */
const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, '0');

/**
 * A ustar header for `name` ('/base/1/112': the layout PGlite's own dump uses, so its loader reads ours), a
 * file of `size` bytes or a directory. A name over 100 bytes is split into prefix and name at a '/'.
 */
function header(name: string, kind: 'file' | 'directory', size: number, mtime: Date): Buffer {
  let [prefix, rest] = ['', name];
  if (Buffer.byteLength(rest) > 100) {
    const cut = name.lastIndexOf('/', 155);
    [prefix, rest] = [name.slice(0, cut), name.slice(cut + 1)];
    if (cut <= 0 || Buffer.byteLength(rest) > 100) throw new Error(`a name too long for tar: ${name}`);
  }
  const block = Buffer.alloc(BLOCK);
  field(block, 0, 100, rest);
  field(block, 100, 8, octal(kind === 'file' ? 0o644 : 0o755, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(size, 12));
  field(block, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  block.fill(' ', 148, 156);
  field(block, 156, 1, kind === 'file' ? '0' : '5');
  field(block, 257, 6, 'ustar');
  field(block, 263, 2, '00');
  field(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(block, 148, 8, `${octal(sum, 7)}\0`);
  return block;
}

/** Every directory and file under `root`, depth first and by name, as tar entries with their bytes. */
async function* entries(root: string, dir = root): AsyncGenerator<Buffer> {
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    const name = `/${path.relative(root, full).split(path.sep).join('/')}`;
    const info = await stat(full);
    if (entry.isDirectory()) {
      yield header(name, 'directory', 0, info.mtime);
      yield* entries(root, full);
    } else if (entry.isFile()) {
      yield header(name, 'file', info.size, info.mtime);
      let written = 0;
      for await (const chunk of createReadStream(full)) {
        written += (chunk as Buffer).byteLength;
        yield chunk as Buffer;
      }
      if (written !== info.size) throw new Error(`${full} changed while it was read`);
      if (info.size % BLOCK) yield Buffer.alloc(BLOCK - (info.size % BLOCK));
    }
  }
}

/**
 * The directory `root` as a gzipped tar, streamed: a file at a time, never more than a chunk of it in memory.
 * `done` runs once the stream has ended, whether read to its end or not (a snapshot to remove).
 */
export function tarGz(root: string, done: () => Promise<void>): Readable {
  async function* archive() {
    try {
      yield* entries(root);
      yield Buffer.alloc(2 * BLOCK);
    } finally {
      await done();
    }
  }
  const gzip = createGzip();
  // A reader that goes away (a cut download) destroys the gzip stream; pipeline then ends the archive too.
  pipeline(Readable.from(archive()), gzip, () => {});
  return gzip;
}
