import { HOUR_MS } from '@kanal/contract';
import type { Db } from '../db/client.js';
import { groupMember, userGroup } from '../db/schema/index.js';
import { createContent, type NewContent } from '../modules/content/content-authoring.js';

let sequence = 0;

type ContentOverrides = Partial<Omit<NewContent, 'tenantId' | 'creatorId'>> &
  Pick<NewContent, 'tenantId' | 'creatorId'>;

/**
 * An item through the same function the demo seed (and later the admin API) uses, so its audience's
 * inboxes are filled as in production. Published an hour ago, aimed at everyone, unless told otherwise.
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
  const id = await db.transaction((tx) => createContent(tx, input));
  return { id, ...input };
}

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
