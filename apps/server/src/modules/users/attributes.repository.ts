import { ATTRIBUTE_VALUES_MAX, type AttributeValue, type PersonAttributeValues } from '@kanal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { appUser } from '../../db/schema/index.js';

/** The attribute columns of app_user as the service writes them (PersonAttributes, by column). */
export type AttributeColumns = Partial<
  Pick<
    typeof appUser.$inferInsert,
    'department' | 'location' | 'jobTitle' | 'employeeNumber' | 'managerId' | 'startDate'
  >
>;

/** A person's attributes (issue 31): their writes, the manager chains' checks, and the values in use. */
export const createAttributesRepository = (db: DbOrTx) => ({
  /** The people whose manager is one of these (an audience's "manager is" follows them). */
  async reportsOf(tenantId: number, managerIds: number[]): Promise<number[]> {
    if (managerIds.length === 0) return [];
    const rows = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.managerId, managerIds)));
    return rows.map((row) => row.id);
  },

  async set(tenantId: number, userId: number, changes: AttributeColumns, at: Date): Promise<void> {
    await db
      .update(appUser)
      .set({ ...changes, updatedAt: at })
      .where(and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId)));
  },

  /** Gives each of these people of the tenant their manager (an import's new people), a thousand to a statement. */
  async setManagers(tenantId: number, pairs: { userId: number; managerId: number }[], at: Date): Promise<void> {
    for (let start = 0; start < pairs.length; start += 1000) {
      const values = pairs.slice(start, start + 1000).map((p) => sql`(${p.userId}::int, ${p.managerId}::int)`);
      await db.execute(sql`
        UPDATE app_user u SET manager_id = v.manager_id, updated_at = ${at.toISOString()}::timestamptz
        FROM (VALUES ${sql.join(values, sql`, `)}) v (id, manager_id)
        WHERE u.tenant_id = ${tenantId} AND u.id = v.id`);
    }
  },

  /**
   * Makes the tenant's manager changes one at a time until the transaction ends: two changes made at
   * once (A under B, B under A) could each find no loop, and together make one.
   */
  async lockManagers(tenantId: number): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kanal:managers'), ${tenantId})`);
  },

  /**
   * Of these people, those who are above themselves: their manager's manager, at whatever distance, is
   * they. Read after a change, in its transaction (with lockManagers), to refuse the change. Each walk
   * stops when it is back where it began or finds nothing new (UNION), so it ends on any data.
   */
  async inManagerLoops(tenantId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = rowsOf<{ start: number }>(
      await db.execute(sql`
        WITH RECURSIVE walk (start, id) AS (
          SELECT id, manager_id FROM app_user
          WHERE tenant_id = ${tenantId} AND id IN ${userIds} AND manager_id IS NOT NULL
          UNION
          SELECT w.start, u.manager_id FROM walk w
          JOIN app_user u ON u.tenant_id = ${tenantId} AND u.id = w.id
          WHERE w.id <> w.start AND u.manager_id IS NOT NULL)
        SELECT DISTINCT start FROM walk WHERE id = start`),
    );
    return rows.map((row) => Number(row.start));
  },

  /** These people and everyone above them, each with their manager: the chains an import's check walks. */
  async managerChains(tenantId: number, userIds: number[]): Promise<Map<number, number | null>> {
    const chains = new Map<number, number | null>();
    if (userIds.length === 0) return chains;
    const rows = rowsOf<{ id: number; manager_id: number | null }>(
      await db.execute(sql`
        WITH RECURSIVE up (id, manager_id) AS (
          SELECT id, manager_id FROM app_user WHERE tenant_id = ${tenantId} AND id IN ${userIds}
          UNION
          SELECT u.id, u.manager_id FROM up JOIN app_user u ON u.tenant_id = ${tenantId} AND u.id = up.manager_id)
        SELECT id, manager_id FROM up`),
    );
    for (const row of rows) chains.set(Number(row.id), row.manager_id === null ? null : Number(row.manager_id));
    return chains;
  },

  /** The tenant's people with these employee numbers (an import's manager column may name them so). */
  async byEmployeeNumbers(tenantId: number, numbers: string[]) {
    if (numbers.length === 0) return [];
    return db
      .select({ id: appUser.id, employeeNumber: appUser.employeeNumber })
      .from(appUser)
      .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.employeeNumber, [...new Set(numbers)])));
  },

  /**
   * GET /user/attributes: each filter attribute's values in use and how many people have each; the
   * ATTRIBUTE_VALUES_MAX most used of each, by name as Croatians sort.
   */
  async values(tenantId: number): Promise<PersonAttributeValues> {
    const valuesOf = async (column: AnyPgColumn): Promise<AttributeValue[]> => {
      const rows = await db
        .select({ value: sql<string>`${column}`, count: sql<number>`count(*)::int` })
        .from(appUser)
        .where(and(eq(appUser.tenantId, tenantId), sql`${column} IS NOT NULL`))
        .groupBy(column)
        .orderBy(sql`count(*) DESC`, column)
        .limit(ATTRIBUTE_VALUES_MAX);
      return rows.sort((a, b) => a.value.localeCompare(b.value, 'hr'));
    };
    return {
      departments: await valuesOf(appUser.department),
      locations: await valuesOf(appUser.location),
      jobTitles: await valuesOf(appUser.jobTitle),
    };
  },
});
export type AttributesRepository = ReturnType<typeof createAttributesRepository>;
