import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, scimToken, tenant } from '../../db/schema/index.js';

export type NewScimToken = typeof scimToken.$inferInsert;

/** An organisation's directory-sync tokens (scim_token). */
export const createScimTokenRepository = (db: DbOrTx) => {
  const own = (tenantId: number, tokenId: number) => and(eq(scimToken.tenantId, tenantId), eq(scimToken.id, tokenId));
  const live = (tenantId: number) => and(eq(scimToken.tenantId, tenantId), isNull(scimToken.revokedAt));
  const columns = {
    id: scimToken.id,
    name: scimToken.name,
    createdAt: scimToken.createdAt,
    createdBy: appUser.name,
    createdByProvider: scimToken.createdByProvider,
    lastUsedAt: scimToken.lastUsedAt,
    revokedAt: scimToken.revokedAt,
  };

  return {
    /** One page of the tenant's tokens: the live ones first, then the revoked, each newest first. */
    async list(tenantId: number, page: { limit: number; offset: number }) {
      const [counted] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(scimToken)
        .where(eq(scimToken.tenantId, tenantId));
      const rows = await db
        .select(columns)
        .from(scimToken)
        .leftJoin(appUser, and(eq(appUser.tenantId, scimToken.tenantId), eq(appUser.id, scimToken.createdBy)))
        .where(eq(scimToken.tenantId, tenantId))
        .orderBy(sql`${scimToken.revokedAt} IS NOT NULL`, desc(scimToken.createdAt), desc(scimToken.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: counted?.count ?? 0, rows };
    },

    async find(tenantId: number, tokenId: number) {
      const [row] = await db
        .select(columns)
        .from(scimToken)
        .leftJoin(appUser, and(eq(appUser.tenantId, scimToken.tenantId), eq(appUser.id, scimToken.createdBy)))
        .where(own(tenantId, tokenId));
      return row;
    },

    /**
     * Holds the tenant's issuing until the transaction ends: two admins issuing at once are counted and
     * named one after the other, so neither passes the limit or takes a name the other just took.
     */
    lockIssuing: (tenantId: number) =>
      db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('scim_token'), ${tenantId})`),

    liveCount: (tenantId: number) => db.$count(scimToken, live(tenantId)),

    /** Whether a live token of the tenant has the name, whatever its case, accents or spacing. */
    async liveNameTaken(tenantId: number, name: string): Promise<boolean> {
      const found = await db
        .select({ id: scimToken.id })
        .from(scimToken)
        .where(and(live(tenantId), sql`kanal_name_key(${scimToken.name}) = kanal_name_key(${name})`))
        .limit(1);
      return found.length > 0;
    },

    async insert(row: NewScimToken): Promise<number> {
      const [created] = await db.insert(scimToken).values(row).returning({ id: scimToken.id });
      if (!created) throw new Error('scim_token insert returned nothing');
      return created.id;
    },

    /** Revokes a live token; the name it had, or undefined when the tenant has no such live token. */
    async revoke(tenantId: number, tokenId: number, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(scimToken)
        .set({ revokedAt: now })
        .where(and(own(tenantId, tokenId), isNull(scimToken.revokedAt)))
        .returning({ name: scimToken.name });
      return row?.name;
    },

    /** The live token of a hash, while its organisation is active: what a directory's call is admitted by. */
    async findLive(tenantId: number, tokenHash: string) {
      const [row] = await db
        .select({ id: scimToken.id, lastUsedAt: scimToken.lastUsedAt })
        .from(scimToken)
        .innerJoin(tenant, eq(tenant.id, scimToken.tenantId))
        .where(and(live(tenantId), eq(scimToken.tokenHash, tokenHash), eq(tenant.active, true)));
      return row;
    },

    /**
     * Records a use at `now`, unless one after `since` is recorded already (another request of the
     * same minute got there first): at most one write a minute a token, however many requests race.
     */
    touch: (tenantId: number, tokenId: number, now: Date, since: Date) =>
      db
        .update(scimToken)
        .set({ lastUsedAt: now })
        .where(
          and(
            own(tenantId, tokenId),
            isNull(scimToken.revokedAt),
            or(isNull(scimToken.lastUsedAt), lte(scimToken.lastUsedAt, since)),
          ),
        ),
  };
};
export type ScimTokenRepository = ReturnType<typeof createScimTokenRepository>;
