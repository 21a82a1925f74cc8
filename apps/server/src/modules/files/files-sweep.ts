import { DAY_MS, HOUR_MS } from '@kanal/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { FileStore } from './file-store.js';
import { createFilesRepository } from './files.repository.js';

export const FILES_SWEEP_QUEUE = 'files.sweep';
export const FILES_REMOVE_QUEUE = 'files.remove';
/** An upload nothing refers to yet is kept this long: an item's editor may hold it, not saved yet. */
export const UNREFERENCED_FILE_GRACE_MS = DAY_MS;
/** How often the sweep looks for files nothing refers to any more (a deleted item's, a replaced avatar). */
export const FILES_SWEEP_EVERY_MS = HOUR_MS;
const SWEEP_BATCH = 500;

/**
 * The sweep of files nothing refers to (ADR 0059): one job, run every FILES_SWEEP_EVERY_MS by whichever process
 * takes it, deletes such rows older than the grace in batches and hands the keys no row holds any more to a
 * removal job of the same transaction, so bytes go only once their rows have gone for good (and a store that is
 * away is tried again, as every job is). Bytes a promotion's copies in other tenants still hold stay.
 */
export function defineFilesSweep({
  db,
  jobs,
  store,
  clock,
}: {
  db: DbOrTx;
  jobs: Jobs;
  store: FileStore;
  clock: Clock;
}) {
  jobs.define(FILES_SWEEP_QUEUE, async (_payload, tx, now) => {
    const before = new Date(now.getTime() - UNREFERENCED_FILE_GRACE_MS);
    const { deleted, unused } = await createFilesRepository(tx).deleteUnreferenced(before, SWEEP_BATCH);
    if (unused.length > 0) {
      await jobs.schedule(tx, { queue: FILES_REMOVE_QUEUE, payload: { keys: unused }, runAt: now });
    }
    // A full batch leaves more to do: the next one at once.
    return { again: deleted === SWEEP_BATCH ? now : new Date(now.getTime() + FILES_SWEEP_EVERY_MS) };
  });

  jobs.define<{ keys: string[] }>(FILES_REMOVE_QUEUE, async ({ keys }, tx) => {
    // Looked at again: a row that came to hold one of these keys since (a promotion's copy) keeps its bytes.
    const held = await createFilesRepository(tx).keysInUse(keys);
    for (const key of keys) if (!held.has(key)) await store.remove(key);
  });

  return {
    /** Makes the sweep's one job due now (a process's start), or revives it if it failed for good. */
    plan: () =>
      jobs.schedule(db, { queue: FILES_SWEEP_QUEUE, key: FILES_SWEEP_QUEUE, payload: {}, runAt: clock.now() }),
  };
}
