import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { appUser, file, tenant } from '../../db/schema/index.js';

export type FileRow = typeof file.$inferSelect;

export const createFilesRepository = (db: DbOrTx) => {
  /** Of these storage keys, those a file row still holds. */
  async function keysInUse(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db.selectDistinct({ key: file.storageKey }).from(file).where(inArray(file.storageKey, keys));
    return new Set(rows.map((row) => row.key));
  }

  return {
    /** A file of the tenant, and whether the whole tenant sees it: as the tenant's logo, as someone's avatar. */
    async find(tenantId: number, id: string) {
      const [row] = await db
        .select({
          file,
          isLogo: exists(
            db
              .select({ one: sql`1` })
              .from(tenant)
              .where(and(eq(tenant.id, file.tenantId), eq(tenant.image, file.id))),
          ).mapWith(Boolean),
          isAvatar: exists(
            db
              .select({ one: sql`1` })
              .from(appUser)
              .where(and(eq(appUser.tenantId, file.tenantId), eq(appUser.avatar, file.id))),
          ).mapWith(Boolean),
        })
        .from(file)
        .where(and(eq(file.tenantId, tenantId), eq(file.id, id)));
      return row;
    },

    async findTenantLogo(tenantId: number): Promise<FileRow | undefined> {
      const [row] = await db
        .select({ file })
        .from(tenant)
        .innerJoin(file, and(eq(file.id, tenant.image), eq(file.tenantId, tenant.id)))
        .where(eq(tenant.id, tenantId));
      return row?.file;
    },

    /** Of these ids, the tenant's files, with their kinds. */
    kinds: (tenantId: number, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: file.id, mime: file.mime })
            .from(file)
            .where(and(eq(file.tenantId, tenantId), inArray(file.id, ids))),

    /** The rows of files whose bytes are stored: several in one statement, so all of them or none. */
    insert: (rows: (typeof file.$inferInsert)[]): Promise<FileRow[]> => db.insert(file).values(rows).returning(),

    /**
     * Gives a tenant rows for some of another tenant's files (same ids, same stored bytes), so a promotion's
     * copy shows them through its own tenant's rows; rows it already has stay.
     */
    async shareFiles(fromTenantId: number, toTenantId: number, fileIds: string[]) {
      if (fileIds.length === 0) return;
      await db.execute(sql`
      INSERT INTO file (id, tenant_id, name, mime, size, storage_key, created_at)
      SELECT id, ${toTenantId}, name, mime, size, storage_key, created_at FROM file
      WHERE tenant_id = ${fromTenantId} AND id = ANY(${sql.param(fileIds)}::uuid[])
      ON CONFLICT (tenant_id, id) DO NOTHING`);
    },

    /**
     * Deletes at most `limit` files made before `before` that nothing refers to: no item's image or media, no
     * tenant's logo, no one's avatar. Rows another transaction holds (an item being saved with one) are passed
     * by. Answers how many went, and their storage keys that no row (of any tenant) holds any more.
     */
    async deleteUnreferenced(before: Date, limit: number): Promise<{ deleted: number; unused: string[] }> {
      const gone = rowsOf<{ storage_key: string }>(
        await db.execute(sql`
        DELETE FROM file WHERE (tenant_id, id) IN (
          SELECT f.tenant_id, f.id FROM file f
          WHERE f.created_at < ${before.toISOString()}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM content c WHERE c.tenant_id = f.tenant_id AND c.image = f.id)
            AND NOT EXISTS (SELECT 1 FROM media m WHERE m.tenant_id = f.tenant_id AND m.file_id = f.id)
            AND NOT EXISTS (SELECT 1 FROM tenant t WHERE t.id = f.tenant_id AND t.image = f.id)
            AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.tenant_id = f.tenant_id AND u.avatar = f.id)
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING storage_key`),
      );
      const keys = [...new Set(gone.map((row) => row.storage_key))];
      const held = await keysInUse(keys);
      return { deleted: gone.length, unused: keys.filter((key) => !held.has(key)) };
    },

    keysInUse,
  };
};
export type FilesRepository = ReturnType<typeof createFilesRepository>;
