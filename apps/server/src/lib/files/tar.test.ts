import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tarGz } from './tar.js';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kanal-tar-'));
  dirs.push(dir);
  return dir;
}

describe('tarGz', () => {
  it('writes a directory as a gzipped tar that tar reads back byte for byte, long names too, then calls done', async () => {
    const root = await tempDir();
    const deep = path.join(root, 'base', 'a'.repeat(60), 'b'.repeat(60));
    await mkdir(deep, { recursive: true });
    const files = new Map([
      ['PG_VERSION', Buffer.from('17\n')],
      ['base/1/1247', randomBytes(122_880)],
      [`base/${'a'.repeat(60)}/${'b'.repeat(60)}/odd-size`, randomBytes(1000)],
      ['empty', Buffer.alloc(0)],
    ]);
    for (const [name, bytes] of files) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), bytes);
    }
    let done = 0;
    const out = path.join(await tempDir(), 'copy.tar.gz');
    await pipeline(
      tarGz(root, async () => {
        done += 1;
      }),
      createWriteStream(out),
    );
    expect(done).toBe(1);
    const target = await tempDir();
    await run('tar', ['-xzf', out, '-C', target]);
    for (const [name, bytes] of files) expect((await readFile(path.join(target, name))).equals(bytes)).toBe(true);
  });

  it('calls done when the reader goes away before the end', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'big'), randomBytes(4 * 1024 * 1024));
    const ended = new Promise<void>((resolve) => {
      const stream = tarGz(root, async () => resolve());
      stream.once('data', () => stream.destroy());
    });
    await ended;
  });
});
