import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, file, job, tenant } from '../../db/schema/index.js';
import { makeContent } from '../../test/content-factories.js';
import { call, makePerson, makeSession, makeTenant, pngBytes } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createFilesRepository } from './files.repository.js';
import { FILES_SWEEP_EVERY_MS, FILES_SWEEP_QUEUE, UNREFERENCED_FILE_GRACE_MS } from './files-sweep.js';

// The sweep of files nothing refers to: a deleted draft's image and media, a replaced avatar or logo, an
// upload never used. Their rows go, and their bytes with them unless a promotion's copy still holds them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function org() {
  const row = await makeTenant(t.db);
  const creator = await makePerson(t.db, row.id, { role: 'CREATOR', now: t.clock.now() });
  const save = (name: string) => t.app.services.files.save(row.id, name, 'image/png', pngBytes());
  return { tenantId: row.id, creator, save };
}

const rowOf = async (id: string) => (await t.db.select().from(file).where(eq(file.id, id))).length;
const stored = (key: string) => t.fileStore.exists(key);

/** Moves the clock on by `ms` and lets the due jobs run (the sweep, then the removal it hands its keys to). */
async function after(ms: number) {
  t.clock.advance(ms);
  await t.app.services.jobs.kick();
  await t.app.services.jobs.idle();
}

describe('the sweep of files nothing refers to', () => {
  it('removes unused files past a day, and keeps what an item, a logo or an avatar shows', async () => {
    const o = await org();
    const [cover, photo, logo, avatar, unused] = [
      await o.save('naslovnica.png'),
      await o.save('slika.png'),
      await o.save('logo.png'),
      await o.save('avatar.png'),
      await o.save('nekoristena.png'),
    ];
    const draft = await makeContent(t.db, {
      tenantId: o.tenantId,
      creatorId: o.creator.id,
      status: 'draft',
      image: cover.id,
      material: { media: [{ type: 'IMAGE', fileId: photo.id, name: 'Slika' }] },
    });
    await t.db.update(tenant).set({ image: logo.id }).where(eq(tenant.id, o.tenantId));
    await t.db.update(appUser).set({ avatar: avatar.id }).where(eq(appUser.id, o.creator.id));
    await t.app.services.fileSweep.plan();

    // Within the day an editor may still hold an upload it has not saved: nothing goes.
    await after(UNREFERENCED_FILE_GRACE_MS - 60_000);
    expect(await rowOf(unused.id)).toBe(1);

    // Past it, the next sweep takes the unused one, rows and bytes; the rest stays.
    await after(FILES_SWEEP_EVERY_MS);
    expect(await rowOf(unused.id)).toBe(0);
    expect(await stored(unused.storageKey)).toBe(false);
    for (const kept of [cover, photo, logo, avatar]) {
      expect(await rowOf(kept.id)).toBe(1);
      expect(await stored(kept.storageKey)).toBe(true);
    }

    // The draft deleted, its image and media go at the next sweep; a new avatar lets the old one go.
    // A day has passed since the sign-in: a new session.
    const token = await makeSession(t.db, o.creator, t.clock.now());
    const deleted = await call(t, { method: 'DELETE', url: `/api/content/${draft.id}`, token });
    expect(deleted.statusCode).toBe(200);
    const newAvatar = await o.save('novi-avatar.png');
    await t.db.update(appUser).set({ avatar: newAvatar.id }).where(eq(appUser.id, o.creator.id));
    await after(FILES_SWEEP_EVERY_MS);
    for (const gone of [cover, photo, avatar]) {
      expect(await rowOf(gone.id)).toBe(0);
      expect(await stored(gone.storageKey)).toBe(false);
    }
    expect(await stored(logo.storageKey)).toBe(true);
    expect(await stored(newAvatar.storageKey)).toBe(true);

    // One job, due again in an hour, whichever process runs it.
    const sweeps = await t.db.select().from(job).where(eq(job.queue, FILES_SWEEP_QUEUE));
    expect(sweeps.map((s) => [s.state, s.runAt.getTime() - t.clock.now().getTime()])).toEqual([
      ['waiting', FILES_SWEEP_EVERY_MS],
    ]);
  });

  it("keeps the bytes a promotion's copy in another tenant still holds, and removes them with its last row", async () => {
    const source = await org();
    const other = await org();
    const shared = await source.save('promocija.png');
    // A promotion shares the file with the other tenant: a row of its own over the same bytes, its copy's image.
    await createFilesRepository(t.db).shareFiles(source.tenantId, other.tenantId, [shared.id]);
    const copy = await makeContent(t.db, {
      tenantId: other.tenantId,
      creatorId: other.creator.id,
      status: 'draft',
      image: shared.id,
    });
    await t.app.services.fileSweep.plan();
    await after(UNREFERENCED_FILE_GRACE_MS + 60_000);
    // The source's row is unused and goes; the bytes stay for the other tenant's.
    expect(await t.db.select().from(file).where(eq(file.id, shared.id))).toHaveLength(1);
    expect(await stored(shared.storageKey)).toBe(true);

    const token = await makeSession(t.db, other.creator, t.clock.now());
    const deleted = await call(t, { method: 'DELETE', url: `/api/content/${copy.id}`, token });
    expect(deleted.statusCode).toBe(200);
    await after(FILES_SWEEP_EVERY_MS);
    expect(await t.db.select().from(file).where(eq(file.id, shared.id))).toHaveLength(0);
    expect(await stored(shared.storageKey)).toBe(false);
  });
});
