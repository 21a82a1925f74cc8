import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DataDirInUse, openDatabase } from './client.js';

// The embedded database admits one process at a time on its directory (two real processes: the fault
// suite's start-up file). Here, within one process: the lock file, its refusal and a stale one taken over.

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-lock-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, 'kanal.lock');

// Each open of a fresh directory creates and migrates a database: on a busy machine two of them outlast the
// suite's default 30 s.
const MIGRATING_TWICE_MS = 120_000;

it(
  'holds the directory while open, refusing a second open that names the holder, and lets it go on close',
  async () => {
    const first = await openDatabase({ dataDir });
    expect(await readFile(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUse);
    await expect(second).rejects.toMatchObject({ heldBy: process.pid, lockFile: lockFile() });
    await first.close();
    await expect(readFile(lockFile())).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await openDatabase({ dataDir });
    await again.close();
  },
  MIGRATING_TWICE_MS,
);

it('takes over a lock whose process is gone, and one this pid left in an earlier run', async () => {
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  for (const stale of [gone, process.pid]) {
    await writeFile(lockFile(), `${stale}\n`);
    const database = await openDatabase({ dataDir });
    expect(await readFile(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
    await database.close();
  }
});
