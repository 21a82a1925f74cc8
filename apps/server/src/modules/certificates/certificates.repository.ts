import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { certificate, content, tenant } from '../../db/schema/index.js';

/** A person's first pass of an item: the attempt a certificate is issued for. */
type Pass = { userId: number; userName: string; passedAt: Date; mark: number };

/**
 * Each person's first passing attempt at the item (an attempt passes at or above the item's pass mark,
 * any graded attempt where it has none), as a relation of user_id, user_name, passed_at and mark.
 */
const passes = (tenantId: number, contentId: number) => sql`
  SELECT DISTINCT ON (a.user_id) a.user_id, u.name AS user_name, a.created_at AS passed_at, a.final_mark AS mark
  FROM attempt a
  JOIN content c ON c.tenant_id = a.tenant_id AND c.id = a.content_id
  JOIN app_user u ON u.tenant_id = a.tenant_id AND u.id = a.user_id
  WHERE a.tenant_id = ${tenantId} AND a.content_id = ${contentId} AND a.final_mark IS NOT NULL
    AND (c.settings->>'passingScore' IS NULL OR a.final_mark >= (c.settings->>'passingScore')::real)
  ORDER BY a.user_id, a.created_at, a.id`;

const passOf = (row: { user_id: number; user_name: string; passed_at: string | Date; mark: number }): Pass => ({
  userId: row.user_id,
  userName: row.user_name,
  passedAt: new Date(row.passed_at),
  mark: Number(row.mark),
});

const certificateColumns = {
  code: certificate.code,
  personName: certificate.personName,
  itemName: certificate.itemName,
  organisation: certificate.organisation,
  mark: certificate.mark,
  passedAt: certificate.passedAt,
  revokedAt: certificate.revokedAt,
  revokedBy: certificate.revokedBy,
  revokeReason: certificate.revokeReason,
};

/** The certificates (this module's table), and the passes they are issued for (the forms module's attempts). */
export const createCertificatesRepository = (db: DbOrTx) => ({
  /** The item as a certificate names it: whether it gives one, its name, and its organisation's name and colour. */
  async item(tenantId: number, contentId: number) {
    const [row] = await db
      .select({
        name: content.name,
        creatorId: content.creatorId,
        settings: content.settings,
        organisation: tenant.name,
        color: tenant.primaryColor,
      })
      .from(content)
      .innerJoin(tenant, eq(tenant.id, content.tenantId))
      .where(and(eq(content.tenantId, tenantId), eq(content.id, contentId)));
    return row;
  },

  /** The person's first pass of the item, if they passed it. */
  async pass(tenantId: number, contentId: number, userId: number): Promise<Pass | undefined> {
    const result = await db.execute(sql`SELECT * FROM (${passes(tenantId, contentId)}) p WHERE p.user_id = ${userId}`);
    const [row] = rowsOf<{ user_id: number; user_name: string; passed_at: string; mark: number }>(result);
    return row && passOf(row);
  },

  /**
   * Everyone who passed the item (or only `userId`), by name, a page at a time, with their certificate if
   * it was made.
   */
  async holders(
    tenantId: number,
    contentId: number,
    { limit, offset }: { limit: number; offset: number },
    userId?: number,
  ) {
    const result = await db.execute(sql`
      SELECT p.*, c.code, c.revoked_at, c.revoke_reason, c.revoked_by, r.name AS revoked_by_name,
        count(*) OVER ()::int AS total
      FROM (${passes(tenantId, contentId)}) p
      LEFT JOIN certificate c ON c.tenant_id = ${tenantId} AND c.content_id = ${contentId} AND c.user_id = p.user_id
      LEFT JOIN app_user r ON r.tenant_id = c.tenant_id AND r.id = c.revoked_by
      ${userId === undefined ? sql`` : sql`WHERE p.user_id = ${userId}`}
      -- By name as the people list sorts it: accents and case folded (kanal_fold), so Đurđa comes among the Ds.
      ORDER BY kanal_fold(p.user_name), p.user_id
      LIMIT ${limit} OFFSET ${offset}`);
    const rows = rowsOf<{
      user_id: number;
      user_name: string;
      passed_at: string;
      mark: number;
      code: string | null;
      revoked_at: string | null;
      revoke_reason: string | null;
      revoked_by: number | null;
      revoked_by_name: string | null;
      total: number;
    }>(result);
    return {
      count: rows[0]?.total ?? (offset > 0 ? await this.count(tenantId, contentId) : 0),
      rows: rows.map((row) => ({
        ...passOf(row),
        code: row.code,
        revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
        revokeReason: row.revoke_reason,
        revokedBy:
          row.revoked_by === null || row.revoked_by_name === null
            ? null
            : { id: row.revoked_by, name: row.revoked_by_name },
      })),
    };
  },

  /** How many passed the item (a page past the last one still says how many there are). */
  async count(tenantId: number, contentId: number): Promise<number> {
    const result = await db.execute(sql`SELECT count(*)::int AS n FROM (${passes(tenantId, contentId)}) p`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  },

  /** The person's certificate of the item, if made. */
  async find(tenantId: number, contentId: number, userId: number) {
    const [row] = await db
      .select(certificateColumns)
      .from(certificate)
      .where(
        and(eq(certificate.tenantId, tenantId), eq(certificate.contentId, contentId), eq(certificate.userId, userId)),
      );
    return row;
  },

  /** A certificate by its code, within the organisation the code names. */
  async byCode(tenantId: number, code: string) {
    const [row] = await db
      .select(certificateColumns)
      .from(certificate)
      .where(and(eq(certificate.tenantId, tenantId), eq(certificate.code, code)));
    return row;
  },

  /** Makes the person's certificate unless they have one (two requests at once make one). */
  async issue(row: typeof certificate.$inferInsert): Promise<void> {
    await db
      .insert(certificate)
      .values(row)
      .onConflictDoNothing({
        target: [certificate.tenantId, certificate.contentId, certificate.userId],
      });
  },

  /** Withdrawn (by whom, why, when) or, with null, standing again. */
  async setRevoked(
    tenantId: number,
    contentId: number,
    userId: number,
    revoked: { by: number | null; reason: string; at: Date } | null,
  ): Promise<void> {
    await db
      .update(certificate)
      .set({
        revokedAt: revoked?.at ?? null,
        revokedBy: revoked?.by ?? null,
        revokeReason: revoked?.reason ?? null,
      })
      .where(
        and(eq(certificate.tenantId, tenantId), eq(certificate.contentId, contentId), eq(certificate.userId, userId)),
      );
  },
});
export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
export type IssuedCertificate = NonNullable<Awaited<ReturnType<CertificatesRepository['find']>>>;
export type CertificateHolder = Awaited<ReturnType<CertificatesRepository['holders']>>['rows'][number];
