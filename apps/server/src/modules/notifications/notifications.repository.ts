import type { NoticeKind, NotificationChannel } from '@kanal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';

/** Which opt-out a notice kind answers to: news (published, manual) or reminders. */
export const optOutKind = (kind: NoticeKind) => (kind === 'reminder' ? 'reminder' : 'content');

export type Notice = { tenantId: number; id: number; contentId: number; kind: NoticeKind };

/** A claimed delivery with what its message says. */
export type Delivery = {
  tenantId: number;
  id: number;
  channel: NotificationChannel;
  attempts: number;
  kind: NoticeKind;
  contentId: number;
  contentType: string;
  title: string;
  deadline: Date | null;
  email: string | null;
  name: string;
  tenantName: string;
};

export const createNotificationsRepository = (db: DbOrTx) => ({
  /**
   * A notice to each of `audience` (a query of user_id) who has not had it, and their deliveries on every
   * channel they have not turned off for its kind: two inserts in one statement. Answers how many were told.
   */
  async fanOut(notice: Notice, audience: SQL, now: Date): Promise<number> {
    // Typed: a parameter in a SELECT list would otherwise be text.
    const tenantId = sql`${notice.tenantId}::int`;
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await db.execute(sql`
      WITH made AS (
        INSERT INTO notification (tenant_id, notice_id, content_id, user_id, created_at)
        SELECT ${tenantId}, ${notice.id}::int, ${notice.contentId}::int, a.user_id, ${at} FROM (${audience}) a
        ON CONFLICT DO NOTHING
        RETURNING id, user_id),
      mail AS (
        INSERT INTO notification_delivery (tenant_id, notification_id, user_id, channel, run_at)
        SELECT ${tenantId}, made.id, made.user_id, 'email', ${at}
        FROM made JOIN app_user u ON u.tenant_id = ${tenantId} AND u.id = made.user_id
        WHERE u.active AND u.email IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM notification_opt_out o
            WHERE o.tenant_id = ${tenantId} AND o.user_id = made.user_id
              AND o.channel = 'email' AND o.kind = ${optOutKind(notice.kind)})
        RETURNING 1)
      SELECT (SELECT count(*) FROM made)::int AS notified, (SELECT count(*) FROM mail)::int AS mailed`);
    return rowsOf<{ notified: number }>(result)[0]?.notified ?? 0;
  },

  /**
   * Leases up to `limit` due deliveries until `lockUntil` (SKIP LOCKED keeps two senders apart; a sender
   * that dies lets its lease run out) and reads what each message needs.
   */
  async claim(now: Date, lockUntil: Date, limit: number): Promise<Delivery[]> {
    const result = await db.execute(sql`
      WITH claimed AS (
        UPDATE notification_delivery d SET locked_until = ${lockUntil.toISOString()}::timestamptz
        WHERE (d.tenant_id, d.id) IN (
          SELECT tenant_id, id FROM notification_delivery
          WHERE state = 'queued' AND run_at <= ${now.toISOString()}::timestamptz
            AND (locked_until IS NULL OR locked_until < ${now.toISOString()}::timestamptz)
          ORDER BY run_at, id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING d.tenant_id, d.id, d.channel, d.attempts, d.notification_id, d.user_id)
      SELECT c.tenant_id AS "tenantId", c.id, c.channel, c.attempts, cn.kind, n.content_id AS "contentId",
        ct.type AS "contentType", ct.name AS title, tk.deadline, u.email, u.name, te.name AS "tenantName"
      FROM claimed c
      JOIN notification n ON n.tenant_id = c.tenant_id AND n.id = c.notification_id
      JOIN content_notice cn ON cn.tenant_id = n.tenant_id AND cn.id = n.notice_id
      JOIN content ct ON ct.tenant_id = n.tenant_id AND ct.id = n.content_id
      LEFT JOIN task tk ON tk.tenant_id = n.tenant_id AND tk.content_id = n.content_id
      JOIN app_user u ON u.tenant_id = c.tenant_id AND u.id = c.user_id
      JOIN tenant te ON te.id = c.tenant_id
      ORDER BY c.id`);
    return rowsOf<Delivery & { id: string | number; deadline: string | Date | null }>(result).map((row) => ({
      ...row,
      id: Number(row.id),
      deadline: row.deadline === null ? null : new Date(row.deadline),
    }));
  },

  async markSent(delivery: Pick<Delivery, 'tenantId' | 'id'>, at: Date): Promise<void> {
    await db.execute(sql`
      UPDATE notification_delivery
      SET state = 'sent', sent_at = ${at.toISOString()}::timestamptz, attempts = attempts + 1, locked_until = NULL, last_error = NULL
      WHERE tenant_id = ${delivery.tenantId} AND id = ${delivery.id}`);
  },

  /** A failed send: queued again at `retryAt`, or failed for good when there is none. */
  async markFailed(delivery: Pick<Delivery, 'tenantId' | 'id'>, error: string, retryAt: Date | null): Promise<void> {
    await db.execute(sql`
      UPDATE notification_delivery
      SET attempts = attempts + 1, locked_until = NULL, last_error = ${error},
        state = ${retryAt ? 'queued' : 'failed'}, run_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, run_at)
      WHERE tenant_id = ${delivery.tenantId} AND id = ${delivery.id}`);
  },
});
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
