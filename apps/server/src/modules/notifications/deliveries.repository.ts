import type { ContentType, Language, NoticeKind, NoticeTopic, NotificationChannel } from '@kanal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';

/**
 * Recipients a notice's fan-out tells per transaction (the `notice.fanout` job's step): a notice to
 * 98,001 people in one statement took 6.5–17 s, holding its locks and the WAL all along (issue 32).
 */
export const NOTICE_FANOUT_BATCH = 500;

/** Which opt-out a notice kind answers to: news (published, manual) or reminders. */
export const topicOf = (kind: NoticeKind): NoticeTopic => (kind === 'reminder' ? 'reminder' : 'content');

export type Notice = { tenantId: number; id: number; contentId: number; kind: NoticeKind };

/** A claimed delivery: to whom, on which channel, and where. */
type DeliveryTarget = {
  tenantId: number;
  id: number;
  channel: NotificationChannel;
  attempts: number;
  /** Push: the device, and where and how its notices go (null once the device is gone). */
  deviceId: number | null;
  address: string | null;
  p256dh: string | null;
  auth: string | null;
  userId: number;
  email: string | null;
  name: string;
  language: Language;
  tenantName: string;
  /** The organisation's primary colour, for the mail's button; null: the product's. */
  tenantColor: string | null;
};
/** A notice's delivery, with what its message says of the item. */
export type NoticeDelivery = DeliveryTarget & {
  kind: NoticeKind;
  notificationId: number;
  contentId: number;
  contentType: ContentType;
  title: string;
  deadline: Date | null;
};
/** A test push to one of a person's devices (POST /mobile/users/testpn): about no item. */
export type TestDelivery = DeliveryTarget & { kind: 'test' };
export type Delivery = NoticeDelivery | TestDelivery;

/**
 * The delivery queue: a notice's deliveries on each channel, claimed by a sender with a lease
 * (DELIVERY_LEASE_MS), so that a process that dies leaves them to another. It is the one piece of
 * background work that does not run as a job of the jobs module: a job is one row a process takes
 * inside the transaction that does it, while a delivery waits on the network (SMTP, a push service)
 * for seconds, which no transaction should hold open.
 */
export const createDeliveriesRepository = (db: DbOrTx) => ({
  /**
   * The next `limit` of `audience` (a query of user_id) above `after`, in user_id order: a notice to each
   * who has not had it, and their deliveries on every channel they have not turned off for its kind
   * (e-mail, and each of their browsers and phones), three inserts in one statement. A batch run again
   * (its transaction lost, or another process's) tells no one twice: the bell row's unique key skips who
   * has it, and deliveries follow only the bell rows made here. Answers how many were told, how many of
   * the audience the batch took, and the last of them (where the next batch starts).
   */
  async fanOutBatch(
    notice: Notice,
    audience: SQL,
    { after, limit, at }: { after: number; limit: number; at: Date },
  ): Promise<{ notified: number; taken: number; last: number }> {
    // Typed: a parameter in a SELECT list would otherwise be text.
    const tenantId = sql`${notice.tenantId}::int`;
    const time = sql`${at.toISOString()}::timestamptz`;
    const result = await db.execute(sql`
      WITH batch AS (
        SELECT a.user_id FROM (${audience}) a WHERE a.user_id > ${after}::int ORDER BY a.user_id LIMIT ${limit}::int),
      made AS (
        INSERT INTO notification (tenant_id, notice_id, content_id, user_id, created_at)
        SELECT ${tenantId}, ${notice.id}::int, ${notice.contentId}::int, batch.user_id, ${time} FROM batch
        ON CONFLICT DO NOTHING
        RETURNING id, user_id),
      -- mail and push run though the answer reads neither: PostgreSQL runs each data-modifying WITH once.
      mail AS (
        INSERT INTO notification_delivery (tenant_id, notification_id, notice_id, user_id, channel, run_at)
        SELECT ${tenantId}, made.id, ${notice.id}::int, made.user_id, 'email', ${time}
        FROM made JOIN app_user u ON u.tenant_id = ${tenantId} AND u.id = made.user_id
        WHERE u.active AND u.email IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM notification_opt_out o
            WHERE o.tenant_id = ${tenantId} AND o.user_id = made.user_id
              AND o.channel = 'email' AND o.kind = ${topicOf(notice.kind)})
        RETURNING 1),
      push AS (
        INSERT INTO notification_delivery (tenant_id, notification_id, notice_id, user_id, channel, device_id, run_at)
        SELECT ${tenantId}, made.id, ${notice.id}::int, made.user_id, d.kind, d.id, ${time}
        FROM made JOIN push_device d ON d.tenant_id = ${tenantId} AND d.user_id = made.user_id
        WHERE NOT EXISTS (
          SELECT 1 FROM notification_opt_out o
          WHERE o.tenant_id = ${tenantId} AND o.user_id = made.user_id
            AND o.channel = 'push' AND o.kind = ${topicOf(notice.kind)})
        RETURNING 1)
      SELECT (SELECT count(*) FROM made)::int AS notified, (SELECT count(*) FROM batch)::int AS taken,
        (SELECT coalesce(max(user_id), 0) FROM batch)::int AS last`);
    const [row] = rowsOf<{ notified: number; taken: number; last: number }>(result);
    return { notified: Number(row?.notified ?? 0), taken: Number(row?.taken ?? 0), last: Number(row?.last ?? 0) };
  },

  /**
   * Fresh planner figures for the tables a fan-out fills: a notice to a whole organisation adds many times
   * the rows they may have had when last analysed (none, at first), and plans made from the old figures
   * walk every row for each delivery claimed. ANALYZE counts the caller's own new rows too.
   */
  async analyze(): Promise<void> {
    await db.execute(sql`ANALYZE notification, notification_delivery`);
  },

  /**
   * Leases up to `limit` due deliveries of `channel` until `lockUntil` (SKIP LOCKED keeps two senders apart; a sender
   * that dies lets its lease run out) and reads what each message needs.
   */
  async claim(channel: NotificationChannel, now: Date, lockUntil: Date, limit: number): Promise<Delivery[]> {
    const result = await db.execute(sql`
      WITH claimed AS (
        UPDATE notification_delivery d SET locked_until = ${lockUntil.toISOString()}::timestamptz
        WHERE (d.tenant_id, d.id) IN (
          SELECT tenant_id, id FROM notification_delivery
          WHERE state = 'queued' AND channel = ${channel} AND run_at <= ${now.toISOString()}::timestamptz
            AND (locked_until IS NULL OR locked_until < ${now.toISOString()}::timestamptz)
          ORDER BY run_at, id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING d.tenant_id, d.id, d.channel, d.attempts, d.notification_id, d.user_id, d.device_id)
      SELECT c.tenant_id AS "tenantId", c.id, c.channel, c.attempts, coalesce(cn.kind, 'test') AS kind,
        n.id AS "notificationId", n.content_id AS "contentId", c.device_id AS "deviceId", pd.address, pd.p256dh,
        pd.auth, ct.type AS "contentType", ct.name AS title, tk.deadline, c.user_id AS "userId", u.email, u.name,
        u.language, te.name AS "tenantName", te.primary_color AS "tenantColor"
      FROM claimed c
      LEFT JOIN notification n ON n.tenant_id = c.tenant_id AND n.id = c.notification_id
      LEFT JOIN content_notice cn ON cn.tenant_id = n.tenant_id AND cn.id = n.notice_id
      LEFT JOIN content ct ON ct.tenant_id = n.tenant_id AND ct.id = n.content_id
      LEFT JOIN task tk ON tk.tenant_id = n.tenant_id AND tk.content_id = n.content_id
      JOIN app_user u ON u.tenant_id = c.tenant_id AND u.id = c.user_id
      JOIN tenant te ON te.id = c.tenant_id
      LEFT JOIN push_device pd ON pd.tenant_id = c.tenant_id AND pd.id = c.device_id
      -- A test push has no notification; a notice's delivery is sent with its notice and item only.
      WHERE c.notification_id IS NULL OR ct.id IS NOT NULL
      ORDER BY c.id`);
    type Row = Omit<NoticeDelivery, 'kind'> & {
      kind: NoticeKind | 'test';
      id: string | number;
      notificationId: string | number;
      deviceId: string | number | null;
      deadline: string | Date | null;
    };
    return rowsOf<Row>(result).map(
      ({ kind, notificationId, contentId, contentType, title, deadline, ...row }): Delivery => {
        const target = { ...row, id: Number(row.id), deviceId: row.deviceId === null ? null : Number(row.deviceId) };
        if (kind === 'test') return { ...target, kind };
        return {
          ...target,
          kind,
          notificationId: Number(notificationId),
          contentId,
          contentType,
          title,
          deadline: deadline === null ? null : new Date(deadline),
        };
      },
    );
  },

  /** Deliveries handed to their channel, in one statement. */
  /** Sent, with the Expo ticket of a phone's notice (null for the other channels). */
  async markSent(
    deliveries: (Pick<Delivery, 'tenantId' | 'id'> & { ticket: string | null })[],
    at: Date,
  ): Promise<void> {
    if (deliveries.length === 0) return;
    await db.execute(sql`
      UPDATE notification_delivery d
      SET state = 'sent', sent_at = ${at.toISOString()}::timestamptz, attempts = d.attempts + 1,
        locked_until = NULL, last_error = NULL, ticket = sent.ticket
      FROM unnest(${sql.param(deliveries.map((x) => x.tenantId))}::int[], ${sql.param(deliveries.map((x) => x.id))}::bigint[],
          ${sql.param(deliveries.map((x) => x.ticket))}::text[])
        AS sent (tenant_id, id, ticket)
      WHERE d.tenant_id = sent.tenant_id AND d.id = sent.id`);
  },

  /**
   * Up to `limit` phone notices sent before `sentBefore` whose receipt is still to be read, taken (their
   * ticket cleared) in one statement, so no other process reads them too.
   */
  async takeTickets(sentBefore: Date, limit: number) {
    const result = await db.execute(sql`
      WITH due AS (
        SELECT tenant_id, id, ticket, device_id, sent_at FROM notification_delivery
        WHERE ticket IS NOT NULL AND sent_at <= ${sentBefore.toISOString()}::timestamptz
        ORDER BY sent_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED),
      taken AS (
        UPDATE notification_delivery d SET ticket = NULL FROM due WHERE d.tenant_id = due.tenant_id AND d.id = due.id)
      SELECT tenant_id AS "tenantId", id, ticket, device_id AS "deviceId", sent_at AS "sentAt" FROM due`);
    return rowsOf<{ tenantId: number; id: number; ticket: string; deviceId: number | null; sentAt: string | Date }>(
      result,
    ).map((r) => ({
      ...r,
      id: Number(r.id),
      deviceId: r.deviceId === null ? null : Number(r.deviceId),
      sentAt: new Date(r.sentAt),
    }));
  },

  /** Tickets taken whose receipts could not be read this time: read them next time. */
  async returnTickets(taken: { tenantId: number; id: number; ticket: string }[]): Promise<void> {
    if (taken.length === 0) return;
    await db.execute(sql`
      UPDATE notification_delivery d SET ticket = back.ticket
      FROM unnest(${sql.param(taken.map((x) => x.tenantId))}::int[], ${sql.param(taken.map((x) => x.id))}::bigint[],
          ${sql.param(taken.map((x) => x.ticket))}::text[])
        AS back (tenant_id, id, ticket)
      WHERE d.tenant_id = back.tenant_id AND d.id = back.id`);
  },

  /** A failed send: queued again at `retryAt`, or failed for good when there is none. */
  async markFailed(delivery: Pick<Delivery, 'tenantId' | 'id'>, error: string, retryAt: Date | null): Promise<void> {
    await db.execute(sql`
      UPDATE notification_delivery
      SET attempts = attempts + 1, locked_until = NULL, last_error = ${error},
        state = ${retryAt ? 'queued' : 'failed'}, run_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, run_at)
      WHERE tenant_id = ${delivery.tenantId} AND id = ${delivery.id}`);
  },

  /** A test push queued for each of a person's devices, due now; answers how many. */
  async queueTest(tenantId: number, userId: number, now: Date): Promise<number> {
    const result = await db.execute(sql`
      WITH queued AS (
        INSERT INTO notification_delivery (tenant_id, user_id, channel, device_id, run_at)
        SELECT tenant_id, user_id, kind, id, ${now.toISOString()}::timestamptz FROM push_device
        WHERE tenant_id = ${tenantId} AND user_id = ${userId}
        RETURNING 1)
      SELECT count(*)::int AS devices FROM queued`);
    return rowsOf<{ devices: number }>(result)[0]?.devices ?? 0;
  },

  /** Each channel's queued deliveries, those due by `now`, and how long the oldest due one has waited (metrics). */
  async backlog(now: Date) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await db.execute(sql`
      SELECT channel, count(*)::int AS queued, count(*) FILTER (WHERE run_at <= ${at})::int AS due,
        COALESCE(extract(epoch FROM ${at} - min(run_at) FILTER (WHERE run_at <= ${at})), 0)::float8 AS "oldestDueSeconds"
      FROM notification_delivery WHERE state = 'queued' GROUP BY channel ORDER BY channel`);
    return rowsOf<{ channel: string; queued: number; due: number; oldestDueSeconds: number }>(result);
  },

  /** Deliveries still to send, and those given up, across every organisation (the operator's view). */
  async deliveryTotals() {
    const result = await db.execute(sql`
      SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued,
        count(*) FILTER (WHERE state = 'failed')::int AS failed
      FROM notification_delivery WHERE state IN ('queued', 'failed')`);
    return rowsOf<{ queued: number; failed: number }>(result)[0] ?? { queued: 0, failed: 0 };
  },
});
export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
