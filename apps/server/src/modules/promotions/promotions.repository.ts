import type { ContentStatus } from '@kanal/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { content, promotionCopy, tenant } from '../../db/schema/index.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

const timeParam = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The status as people see it: a scheduled item whose time has come reads `published`. */
const shownStatus = (now: Date) =>
  sql<ContentStatus>`CASE WHEN ${content.status} = 'scheduled' AND ${content.publishAt} <= ${timeParam(now)}
    THEN 'published' ELSE ${content.status}::text END`;

/** The provider's promotions and the organisations each is sent to (promotion_copy is this module's). */
export const createPromotionsRepository = (db: DbOrTx) => ({
  /** GET /promotion: a page of the tenant's PROMOTION items, newest first, and how many there are. */
  async promotions(tenantId: number, page: { limit: number; offset: number }, now: Date) {
    const where = and(eq(content.tenantId, tenantId), eq(content.configuration, 'PROMOTION'));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: content.id,
          name: content.name,
          type: content.type,
          status: shownStatus(now),
          publishAt: content.publishAt,
        })
        .from(content)
        .where(where)
        .orderBy(desc(content.publishAt), desc(content.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(content)
        .where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  },

  /** The organisations each of some promotions is sent to, by name. */
  sentTo: (sourceTenantId: number, sourceIds: number[]) =>
    db
      .select({ sourceId: promotionCopy.sourceId, id: tenant.id, name: tenant.name })
      .from(promotionCopy)
      .innerJoin(tenant, eq(tenant.id, promotionCopy.tenantId))
      .where(
        and(
          eq(promotionCopy.sourceTenantId, sourceTenantId),
          inArray(promotionCopy.sourceId, sourceIds),
          eq(promotionCopy.sent, true),
        ),
      )
      .orderBy(asc(tenant.name), asc(tenant.id)),

  /** Of the organisation ids given, those that exist. */
  async existingTenants(tenantIds: number[]): Promise<Set<number>> {
    if (tenantIds.length === 0) return new Set();
    const rows = await db.select({ id: tenant.id }).from(tenant).where(inArray(tenant.id, tenantIds));
    return new Set(rows.map((r) => r.id));
  },

  /** A promotion's copies in the organisations it was ever sent to. */
  copiesOf: (sourceTenantId: number, sourceId: number) =>
    db
      .select({ tenantId: promotionCopy.tenantId, contentId: promotionCopy.contentId, sent: promotionCopy.sent })
      .from(promotionCopy)
      .where(and(eq(promotionCopy.sourceTenantId, sourceTenantId), eq(promotionCopy.sourceId, sourceId))),

  async insertCopy(row: Insert<typeof promotionCopy>) {
    await db.insert(promotionCopy).values(row);
  },

  /** Sends the promotion to the organisations given and takes it off every other one. */
  async markSent(sourceTenantId: number, sourceId: number, tenantIds: number[]) {
    await db
      .update(promotionCopy)
      .set({ sent: sql`${promotionCopy.tenantId} = ANY(${sql.param(tenantIds)}::int[])` })
      .where(and(eq(promotionCopy.sourceTenantId, sourceTenantId), eq(promotionCopy.sourceId, sourceId)));
  },

  /**
   * Who a tenant's promotion copies are credited to: the account standing for the provider there, made
   * with its first copy (the users module's, see its insertStandIn); undefined before the first.
   */
  async providerAccountOf(tenantId: number): Promise<number | undefined> {
    const [existing] = await db
      .select({ id: content.creatorId })
      .from(promotionCopy)
      .innerJoin(content, and(eq(content.tenantId, promotionCopy.tenantId), eq(content.id, promotionCopy.contentId)))
      .where(eq(promotionCopy.tenantId, tenantId))
      .limit(1);
    return existing?.id;
  },
});
export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
