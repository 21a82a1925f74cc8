import type { LogEntry, LogList } from '@kanal/contract';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, auditLog, tenant } from '../../db/schema/index.js';

export type AuditEvent =
  | 'login.ok'
  | 'login.failed'
  | 'signup.requested'
  | 'signup.confirmed'
  | 'signup.code_activated'
  | 'reset.requested'
  | 'reset.used'
  | 'password.changed'
  | 'password.change_failed'
  | 'session.revoked'
  | 'profile.email_changed'
  | 'welcome.mailed'
  | 'welcome.code_issued'
  | 'reset.mailed'
  | 'reset.code_issued'
  | 'lock.mailed'
  | 'lock.code_issued'
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'user.imported'
  | 'tenant.created'
  | 'tenant.updated'
  | 'tenant.activated'
  | 'tenant.deactivated'
  | 'tenant.deleted'
  | 'content.created'
  | 'content.updated'
  | 'content.deleted'
  | 'content.archived'
  | 'content.unarchived'
  | 'content.notified'
  | 'promotion.sent'
  | 'comment.deleted'
  | 'attempt.deleted'
  | 'maintenance.media_fixed'
  | 'maintenance.points_fixed';

export type AuditEntry = {
  event: AuditEvent;
  tenantId?: number | null;
  userId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

/**
 * The trail of security events (sign-ins, resets, password changes, an admin's changes to people, whose
 * author is `details.by`); written in the caller's transaction.
 */
export const createAuditLog = (db: DbOrTx) => ({
  async record(...entries: AuditEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += 1000) {
      await db.insert(auditLog).values(
        entries.slice(start, start + 1000).map((entry) => ({
          event: entry.event,
          tenantId: entry.tenantId ?? null,
          userId: entry.userId ?? null,
          ip: entry.ip ?? null,
          details: entry.details ?? null,
        })),
      );
    }
  },

  /** The operator's read (GET /logs): newest first, filtered; each entry with its organisation and person named. */
  async page(
    filter: { tenantId?: number; userId?: number; event?: string; from?: Date; to?: Date },
    page: { limit: number; offset: number },
  ): Promise<LogList> {
    const where = and(
      filter.tenantId === undefined ? undefined : eq(auditLog.tenantId, filter.tenantId),
      filter.userId === undefined ? undefined : eq(auditLog.userId, filter.userId),
      filter.event === undefined ? undefined : eq(auditLog.event, filter.event),
      filter.from === undefined ? undefined : gte(auditLog.createdAt, filter.from),
      filter.to === undefined ? undefined : lte(auditLog.createdAt, filter.to),
    );
    const [rows, [totals]] = await Promise.all([
      db
        .select({
          id: auditLog.id,
          at: auditLog.createdAt,
          event: auditLog.event,
          tenantId: auditLog.tenantId,
          tenantName: tenant.name,
          userId: auditLog.userId,
          userName: appUser.name,
          ip: auditLog.ip,
          details: auditLog.details,
        })
        .from(auditLog)
        .leftJoin(tenant, eq(tenant.id, auditLog.tenantId))
        .leftJoin(appUser, and(eq(appUser.tenantId, auditLog.tenantId), eq(appUser.id, auditLog.userId)))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(auditLog)
        .where(where),
    ]);
    const items: LogEntry[] = rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      event: r.event,
      tenant: r.tenantId === null ? null : { id: r.tenantId, name: r.tenantName ?? '' },
      user: r.userId === null ? null : { id: r.userId, name: r.userName },
      ip: r.ip,
      details: r.details ? JSON.stringify(r.details) : null,
    }));
    return { count: totals?.count ?? 0, items };
  },
});
export type AuditLog = ReturnType<typeof createAuditLog>;
