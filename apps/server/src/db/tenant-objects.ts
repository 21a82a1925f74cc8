import type { IdKind } from '@kanal/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { appUser, content, userGroup } from './schema/index.js';

// The objects a list's query filter can name by id (plugins/id-filters.ts), so that every such filter
// asks the one question the same way: are these ids the organisation's?

const TABLES = { user: appUser, group: userGroup, content } as const satisfies Record<IdKind, unknown>;

/** How many of the (distinct) ids name the tenant's objects of that kind. */
export async function countOfTenant(db: DbOrTx, kind: IdKind, tenantId: number, ids: readonly number[]) {
  const table = TABLES[kind];
  const [row] = await db
    .select({ found: count() })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, [...ids])));
  return row?.found ?? 0;
}
