import { HOUR_MS } from '@kanal/contract';
import { createContentServices } from '../content-services.js';
import type { Db, DbOrTx } from '../db/client.js';
import { groupMember, userGroup } from '../db/schema/index.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { createAuthoringRepository } from '../modules/authoring/authoring.repository.js';
import type { Audience } from '../modules/authoring/authoring-audience.js';
import type { NewContent } from '../modules/authoring/authoring-parts.js';
import { createInboxFill } from '../modules/inbox/inbox.service.js';
import { createJobsRepository } from '../modules/jobs/jobs.repository.js';

let sequence = 0;

type ContentOverrides = Partial<Omit<NewContent, 'tenantId' | 'creatorId'>> &
  Pick<NewContent, 'tenantId' | 'creatorId'>;

/**
 * An item through the same service the demo seed and the admin API use, so its audience's inboxes are
 * filled as in production (a large audience's at once, not by the fill job). Published an hour ago,
 * aimed at everyone, unless told otherwise.
 */
export async function makeContent(db: Db, overrides: ContentOverrides) {
  const n = ++sequence;
  const input: NewContent = {
    type: 'INFORMATION',
    name: `Sadržaj ${n}`,
    description: `Opis sadržaja ${n}`,
    publishAt: new Date(Date.now() - HOUR_MS),
    status: 'published',
    audience: 'all',
    ...overrides,
  };
  const authoring = authoringOf(db);
  const id = await authoring.create(input);
  // A tenant larger than a batch: the rest of the audience at once, as the inbox's fill job would add it.
  let after: number | null = 0;
  const fill = createInboxFill({
    lockItem: (tx, tenantId, contentId) => createAuthoringRepository(tx).lockItem(tenantId, contentId),
    jobsOver: createJobsRepository,
    clock: systemClock,
  });
  while (after !== null) {
    const from: number = after;
    after = await db.transaction((tx) => fill(tx, { tenantId: input.tenantId, contentId: id, after: from }));
  }
  return { id, ...input };
}

/**
 * Content written as the admin API writes it, over the database or inside a test's own transaction
 * (with the app's clock and inbox batch where a test sets them).
 */
export const authoringOf = (db: DbOrTx, clock?: Clock, fillBatch?: number) =>
  createContentServices(db, clock, fillBatch).authoring;

/** An item's audience changed as the admin API will change it, in its own transaction. */
export const changeAudience = (db: Db, tenantId: number, contentId: number, audience: Audience) =>
  authoringOf(db).setAudience(tenantId, contentId, audience);

/** An item's status changed (archived, back to draft, …) as the admin API will change it. */
export const changeStatus = (db: Db, tenantId: number, contentId: number, status: NewContent['status']) =>
  authoringOf(db).setStatus(tenantId, contentId, status);

export async function makeGroup(
  db: Db,
  { tenantId, name, members = [] }: { tenantId: number; name?: string; members?: number[] },
) {
  const [row] = await db
    .insert(userGroup)
    .values({ tenantId, name: name ?? `Grupa ${++sequence}` })
    .returning();
  if (!row) throw new Error('group insert returned nothing');
  if (members.length) {
    await db.insert(groupMember).values(members.map((userId) => ({ tenantId, groupId: row.id, userId })));
  }
  return row;
}
