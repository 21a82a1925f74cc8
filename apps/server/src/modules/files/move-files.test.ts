import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, S3RVER_CREDENTIALS, startS3Server } from '../../test/s3-server.js';
import { diskFileStore, type FileStore } from './file-store.js';
import { moveFiles } from './move-files.js';
import { s3FileStore } from './s3-file-store.js';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), 'kanal-move-'));
});
afterAll(async () => {
  await s3.close();
  await s3.removeDirectory();
  await rm(dir, { recursive: true, force: true });
});

async function read(store: FileStore, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('files:move, from FILES_DIR into a bucket', () => {
  it('copies every whole file byte for byte, goes on where a cut run stopped, and then copies nothing', async () => {
    const disk = diskFileStore(dir);
    const files = new Map<string, Buffer>();
    for (const [i, size] of [10, 70_000, 6 * 1024 * 1024, 1, 300].entries()) {
      const key = `${1 + (i % 2)}/${randomBytes(8).toString('hex')}`;
      const bytes = randomBytes(size);
      await disk.put(key, bytes);
      files.set(key, bytes);
    }
    // A file still arriving when the move runs: not a file yet.
    async function* stalled() {
      yield randomBytes(100);
      await new Promise(() => {});
    }
    void disk.put('2/arriving', stalled());
    for (;;) {
      const keys: string[] = [];
      for await (const key of disk.keys('2/')) keys.push(key);
      if (keys.some((k) => k.endsWith('.partial'))) break;
      await new Promise((again) => setTimeout(again, 10));
    }

    await createTestBucket(s3.endpoint, 'kanal-move');
    const bucket = s3FileStore({
      bucket: 'kanal-move',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    // The first run is cut short at its third file (the bucket went away, the operator pressed Ctrl-C).
    let puts = 0;
    const cut: FileStore = {
      ...bucket,
      put: async (...args) => {
        puts += 1;
        if (puts === 3) throw new Error('connection reset');
        return bucket.put(...args);
      },
    };
    await expect(moveFiles(disk, cut)).rejects.toThrow('connection reset');

    const second = await moveFiles(disk, bucket);
    expect(second).toMatchObject({ copied: files.size - 2, skipped: 2 });
    expect(await moveFiles(disk, bucket)).toEqual({ copied: 0, skipped: files.size, bytes: 0 });

    const inBucket: string[] = [];
    for await (const key of bucket.keys('')) inBucket.push(key);
    expect(inBucket.sort()).toEqual([...files.keys()].sort());
    for (const [key, bytes] of files) expect((await read(bucket, key)).equals(bytes)).toBe(true);
  });
});
