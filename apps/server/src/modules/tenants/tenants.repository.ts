import type { TenantListQuery } from '@kanal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { file, tenant, tenantSummaryColumns } from '../../db/schema/index.js';
import { searchWords } from '../../db/search.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

export type TenantChanges = Partial<
  Pick<typeof tenant.$inferInsert, 'name' | 'image' | 'showPromoTag' | 'primaryColor' | 'accentColor' | 'active'>
>;

/** The organisations (tenant): the provider's SUPERADMINs run them. */
export const createTenantsRepository = (db: DbOrTx) => {
  // Spelled out: in a select list drizzle leaves columns unqualified, and "id" would be the inner table's.
  const userCount = sql<number>`(SELECT count(*)::int FROM app_user u WHERE u.tenant_id = "tenant"."id")`;
  const columns = {
    ...tenantSummaryColumns,
    active: tenant.active,
    userCount,
    createdAt: tenant.createdAt,
  };
  const byName = [sql`kanal_fold(${tenant.name})`, asc(tenant.id)];

  return {
    async list(query: TenantListQuery) {
      const where = and(...searchWords(sql`kanal_fold(${tenant.name})`, query.q));
      const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(tenant).where(where);
      const rows = await db
        .select(columns)
        .from(tenant)
        .where(where)
        .orderBy(...byName)
        .limit(query.limit)
        .offset(query.offset);
      return { count: counted?.count ?? 0, rows };
    },

    async find(tenantId: number) {
      const [row] = await db.select(columns).from(tenant).where(eq(tenant.id, tenantId));
      return row;
    },

    /** A new organisation; 'taken' when another has that name (by its folded key, the only unique one). */
    async insert(values: { name: string; showPromoTag: boolean }): Promise<number | 'taken'> {
      try {
        const [row] = await db.insert(tenant).values(values).returning({ id: tenant.id });
        if (!row) throw new Error('tenant insert returned nothing');
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** 'taken' when a new name is another organisation's. */
    async change(tenantId: number, changes: TenantChanges, at: Date): Promise<'ok' | 'taken'> {
      try {
        await db
          .update(tenant)
          .set({ ...changes, updatedAt: at })
          .where(eq(tenant.id, tenantId));
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Whether a file is the tenant's own (a logo must be). */
    async ownsFile(tenantId: number, fileId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: file.id })
        .from(file)
        .where(and(eq(file.tenantId, tenantId), eq(file.id, fileId)));
      return row !== undefined;
    },

    /**
     * Deletes the organisation and every row of it (its foreign keys cascade); answers the storage keys
     * of its files, whose bytes the caller removes once the deletion has committed. Bytes another
     * organisation's file rows share (a promotion's copies show the provider's files) stay.
     */
    async delete(tenantId: number): Promise<string[]> {
      const files = await db
        .select({ key: file.storageKey })
        .from(file)
        .where(
          and(
            eq(file.tenantId, tenantId),
            sql`NOT EXISTS (SELECT 1 FROM file other WHERE other.storage_key = ${file.storageKey} AND other.tenant_id <> ${tenantId})`,
          ),
        );
      await db.delete(tenant).where(eq(tenant.id, tenantId));
      return files.map((row) => row.key);
    },
  };
};
export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
