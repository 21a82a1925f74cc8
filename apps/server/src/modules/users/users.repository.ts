import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

export const createUsersRepository = (db: DbOrTx) => {
  const own = (tenantId: number, userId: number) => and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId));

  return {
    async setName(tenantId: number, userId: number, name: string, at: Date): Promise<void> {
      await db.update(appUser).set({ name, updatedAt: at }).where(own(tenantId, userId));
    },

    async setPhone(tenantId: number, userId: number, phone: string | null, at: Date): Promise<void> {
      await db.update(appUser).set({ phone, updatedAt: at }).where(own(tenantId, userId));
    },

    async findCredentials(tenantId: number, userId: number) {
      const [row] = await db
        .select({ email: appUser.email, passwordHash: appUser.passwordHash })
        .from(appUser)
        .where(own(tenantId, userId));
      return row;
    },

    /** E-mails are global, like login (DESIGN.md §4): this looks across every tenant on purpose. */
    async isEmailTaken(email: string, exceptUserId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: appUser.id })
        .from(appUser)
        .where(and(sql`lower(${appUser.email}) = ${email.toLowerCase()}`, ne(appUser.id, exceptUserId)))
        .limit(1);
      return row !== undefined;
    },

    /** 'taken' when another account got the address first (the unique index settles a race). */
    async setEmail(tenantId: number, userId: number, email: string, at: Date): Promise<'ok' | 'taken'> {
      try {
        await db.update(appUser).set({ email, updatedAt: at }).where(own(tenantId, userId));
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** The first acceptance is the one that counts: a later call leaves it as it was. */
    async acceptTerms(tenantId: number, userId: number, at: Date): Promise<void> {
      await db
        .update(appUser)
        .set({ termsAcceptedAt: sql`coalesce(${appUser.termsAcceptedAt}, ${at})`, updatedAt: at })
        .where(own(tenantId, userId));
    },

    async setAvatar(tenantId: number, userId: number, fileId: string, at: Date): Promise<void> {
      await db.update(appUser).set({ avatar: fileId, updatedAt: at }).where(own(tenantId, userId));
    },

    /** The avatar's file id; undefined when the user is not in the tenant or has none. */
    async findAvatar(tenantId: number, userId: number): Promise<string | undefined> {
      const [row] = await db.select({ avatar: appUser.avatar }).from(appUser).where(own(tenantId, userId));
      return row?.avatar ?? undefined;
    },
  };
};
export type UsersRepository = ReturnType<typeof createUsersRepository>;
