import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { file, tenant } from '../../db/schema/index.js';

export type FileRow = typeof file.$inferSelect;

export const createFilesRepository = (db: DbOrTx) => ({
  async find(tenantId: number, id: string): Promise<FileRow | undefined> {
    const [row] = await db
      .select()
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

  async insert(row: typeof file.$inferInsert): Promise<FileRow> {
    const [created] = await db.insert(file).values(row).returning();
    if (!created) throw new Error('file insert returned nothing');
    return created;
  },
});
export type FilesRepository = ReturnType<typeof createFilesRepository>;
