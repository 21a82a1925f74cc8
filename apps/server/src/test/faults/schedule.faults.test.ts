import { HOUR_MS } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { content, contentNotice, job, task } from '../../db/schema/index.js';
import { createAuthoringRepository } from '../../modules/authoring/authoring.repository.js';
import { EDIT_WAIT_MS } from '../../modules/authoring/authoring-schedule.js';
import { createJobsRepository } from '../../modules/jobs/jobs.repository.js';
import { makeContent } from '../content-factories.js';
import { makeOrg, makeUser } from '../factories.js';
import { createTestApp, type TestApp } from '../test-app.js';

// An item's edit and its scheduled job at the same moment (ADR 0022). The edit holds the item and plans the item's
// jobs, which waits for a job's row while a process runs that job; the job, holding its row, waited for the item
// (to make a task's next occurrence, or, through the notice's foreign key, behind the edit's FOR UPDATE). PostgreSQL
// found the deadlock and the edit answered 500 (bench:content, 27.11.2026). Two sessions are needed, so PostgreSQL.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the concurrency suite needs PostgreSQL (DATABASE_URL)');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('puts an item’s job off while an edit holds the item, so the edit can plan that job without a deadlock', async () => {
  const { tenantId, creatorId } = await makeOrg(t.db);
  const person = await makeUser(t.db, { tenantId });
  const deadline = new Date(t.clock.now().getTime() + HOUR_MS);
  const first = await makeContent(t.db, {
    tenantId,
    creatorId,
    type: 'TASK',
    name: 'Tjedni pregled',
    publishAt: t.clock.now(),
    audience: { users: [person.id] },
    task: { deadline, repeat: 'WEEKLY' },
  });
  const key = `task.recur:${tenantId}:${first.id}`;
  const occurrences = (db: typeof t.db) =>
    db
      .select({ id: content.id })
      .from(content)
      .innerJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
      .where(and(eq(content.tenantId, tenantId), eq(content.name, 'Tjedni pregled')));
  t.clock.advance(HOUR_MS);
  const due = t.clock.now();

  await t.db.transaction(async (edit) => {
    // The edit's lock on the item.
    await createAuthoringRepository(edit).lockItem(tenantId, first.id);
    // The due recurrence runs in the job runner's own session, and comes back later instead of waiting.
    await t.app.services.jobs.kick();
    const [waiting] = await edit.select().from(job).where(eq(job.key, key));
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 0, lastError: null });
    expect(waiting?.runAt).toEqual(new Date(due.getTime() + EDIT_WAIT_MS));
    expect(await occurrences(edit)).toHaveLength(1);
    // The edit plans the recurrence again: the job's row is free.
    await edit.execute(sql`SET LOCAL lock_timeout = '5s'`);
    await createJobsRepository(edit).schedule([
      { queue: 'task.recur', key, payload: { tenantId, contentId: first.id }, runAt: deadline, tenantId },
    ]);
  });

  t.clock.advance(EDIT_WAIT_MS);
  await t.app.services.jobs.kick();
  expect(await occurrences(t.db)).toHaveLength(2);
});

it('lets a notice of the item be written while an edit holds it', async () => {
  const { tenantId, creatorId } = await makeOrg(t.db);
  const item = await makeContent(t.db, { tenantId, creatorId, type: 'INFORMATION', publishAt: t.clock.now() });
  await t.db.transaction(async (edit) => {
    await createAuthoringRepository(edit).lockItem(tenantId, item.id);
    // Another session names the item (the notice's foreign key checks it FOR KEY SHARE): it does not wait.
    await t.db.transaction(async (notice) => {
      await notice.execute(sql`SET LOCAL lock_timeout = '5s'`);
      await notice.execute(
        sql`INSERT INTO content_notice (tenant_id, content_id, kind, recipients) VALUES (${tenantId}, ${item.id}, 'manual', 0)`,
      );
    });
  });
  const notices = await t.db
    .select({ id: contentNotice.id })
    .from(contentNotice)
    .where(and(eq(contentNotice.tenantId, tenantId), eq(contentNotice.contentId, item.id)));
  expect(notices).toHaveLength(1);
});
