import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

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
});
export type AuditLog = ReturnType<typeof createAuditLog>;
