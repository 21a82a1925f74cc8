import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, loginIdentifier } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

export type NewAccount = Omit<typeof appUser.$inferInsert, 'tenantId'>;

export const createUsersRepository = (db: DbOrTx) => {
  const own = (tenantId: number, userId: number) => and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId));

  /**
   * Makes the accounts' rows of login_identifier their lower-cased e-mail and username, after either
   * was written. An identifier that another account holds throws a unique violation (its primary key).
   */
  async function syncLoginIdentifiers(tenantId: number, userIds: number[]): Promise<void> {
    const accounts = sql`
      SELECT tenant_id, id, lower(email) AS email, lower(username) AS username
      FROM app_user WHERE tenant_id = ${tenantId} AND id IN ${userIds}`;
    await db.execute(sql`
      DELETE FROM login_identifier li USING (${accounts}) a
      WHERE li.tenant_id = a.tenant_id AND li.user_id = a.id
        AND li.identifier IS DISTINCT FROM a.email AND li.identifier IS DISTINCT FROM a.username`);
    await db.execute(sql`
      INSERT INTO login_identifier (identifier, tenant_id, user_id)
      SELECT DISTINCT i.identifier, a.tenant_id, a.id
      FROM (${accounts}) a CROSS JOIN LATERAL (VALUES (a.email), (a.username)) i (identifier)
      WHERE i.identifier IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM login_identifier li
        WHERE li.identifier = i.identifier AND li.tenant_id = a.tenant_id AND li.user_id = a.id)`);
  }

  return {
    /** New accounts of one tenant with their sign-in identifiers; call it in a transaction (accounts.ts). */
    async insertAccounts(tenantId: number, accounts: NewAccount[]) {
      const created = await db
        .insert(appUser)
        .values(accounts.map((account) => ({ ...account, tenantId })))
        .returning();
      await syncLoginIdentifiers(
        tenantId,
        created.map((account) => account.id),
      );
      return created;
    },

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
    async isEmailTaken(email: string, tenantId: number, exceptUserId: number): Promise<boolean> {
      const [owner] = await db
        .select({ tenantId: loginIdentifier.tenantId, userId: loginIdentifier.userId })
        .from(loginIdentifier)
        .where(eq(loginIdentifier.identifier, email.toLowerCase()));
      return owner !== undefined && (owner.tenantId !== tenantId || owner.userId !== exceptUserId);
    },

    /**
     * With its sign-in identifier; call it in a transaction. 'taken' when another account got the address
     * first (login_identifier's primary key settles a race).
     */
    async setEmail(tenantId: number, userId: number, email: string, at: Date): Promise<'ok' | 'taken'> {
      try {
        await db.update(appUser).set({ email, updatedAt: at }).where(own(tenantId, userId));
        await syncLoginIdentifiers(tenantId, [userId]);
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
