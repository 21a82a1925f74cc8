import type { FileStore } from './file-store.js';

/** A key the disk store writes beside a file while it arrives: never a file of its own. */
const HALF_WRITTEN = /\.partial$/;

/**
 * Copies every file of one store into another (`npm run files:move`: from FILES_DIR into a bucket), a
 * file at a time, streamed. A key the target already has is skipped: a store shows a key only once it is
 * whole, so a run cut short and run again copies just what is left, and a second run copies nothing.
 */
export async function moveFiles(
  from: FileStore,
  to: FileStore,
  progress: (done: { copied: number; skipped: number; bytes: number }) => void = () => {},
) {
  const done = { copied: 0, skipped: 0, bytes: 0 };
  for await (const key of from.keys('')) {
    if (HALF_WRITTEN.test(key)) continue;
    if (await to.exists(key)) {
      done.skipped += 1;
    } else {
      done.bytes += await to.put(key, await from.open(key));
      done.copied += 1;
    }
    progress(done);
  }
  return done;
}
