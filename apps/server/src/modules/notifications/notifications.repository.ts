import {
  AUDIENCE_NOTICE_KINDS,
  type NoticeTopic,
  type PreferenceChannel,
  PUSH_DEVICES_PER_KIND,
} from '@kanal/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import {
  appSecret,
  appUser,
  content,
  contentNotice,
  notification,
  notificationDelivery,
  notificationOptOut,
  pushDevice,
} from '../../db/schema/index.js';

export const createNotificationsRepository = (db: DbOrTx) => ({
  /** The channels and topics a person has turned off. */
  optOuts: (tenantId: number, userId: number) =>
    db
      .select({ channel: notificationOptOut.channel, kind: notificationOptOut.kind })
      .from(notificationOptOut)
      .where(and(eq(notificationOptOut.tenantId, tenantId), eq(notificationOptOut.userId, userId))),

  /** A person's opt-outs, all of them written again (in the caller's transaction). */
  async replaceOptOuts(
    tenantId: number,
    userId: number,
    off: { channel: PreferenceChannel; kind: NoticeTopic }[],
  ): Promise<void> {
    await db
      .delete(notificationOptOut)
      .where(and(eq(notificationOptOut.tenantId, tenantId), eq(notificationOptOut.userId, userId)));
    if (off.length) await db.insert(notificationOptOut).values(off.map((o) => ({ tenantId, userId, ...o })));
  },

  /** One channel turned off for one kind of notice (an e-mail's unsubscribe link). */
  async optOut(tenantId: number, userId: number, channel: PreferenceChannel, kind: NoticeTopic): Promise<void> {
    await db.insert(notificationOptOut).values({ tenantId, userId, channel, kind }).onConflictDoNothing();
  },

  /** A page of a person's notices, newest first, with their number and how many are unread. */
  async bell(tenantId: number, userId: number, page: { limit: number; offset: number }) {
    const mine = and(eq(notification.tenantId, tenantId), eq(notification.userId, userId));
    const [items, [totals]] = await Promise.all([
      db
        .select({
          id: notification.id,
          kind: contentNotice.kind,
          contentId: notification.contentId,
          contentType: content.type,
          title: content.name,
          createdAt: notification.createdAt,
          readAt: notification.readAt,
        })
        .from(notification)
        .innerJoin(
          contentNotice,
          and(eq(contentNotice.tenantId, notification.tenantId), eq(contentNotice.id, notification.noticeId)),
        )
        .innerJoin(content, and(eq(content.tenantId, notification.tenantId), eq(content.id, notification.contentId)))
        .where(mine)
        .orderBy(desc(notification.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({
          count: count(),
          unread: sql<number>`count(*) FILTER (WHERE ${notification.readAt} IS NULL)`.mapWith(Number),
        })
        .from(notification)
        .where(mine),
    ]);
    return { items, count: totals?.count ?? 0, unread: totals?.unread ?? 0 };
  },

  /** Read now, unless already; false when the person has no such notice. */
  async markRead(tenantId: number, userId: number, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(notification)
      .set({ readAt: sql`coalesce(${notification.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notification.tenantId, tenantId), eq(notification.userId, userId), eq(notification.id, id)))
      .returning({ id: notification.id });
    return rows.length > 0;
  },

  /**
   * A browser's subscription or a phone's token for a person's session, in the caller's transaction. One
   * device belongs to one account: signing in as someone else there (in any organisation) moves it. The
   * person keeps their newest PUSH_DEVICES_PER_KIND of its kind; older ones are forgotten.
   */
  async addDevice(device: {
    tenantId: number;
    userId: number;
    sessionId: number;
    kind: 'web' | 'expo';
    address: string;
    p256dh?: string;
    auth?: string;
    at: Date;
  }): Promise<void> {
    // The person's row, locked: two registrations at once would otherwise each count without the other.
    await db.execute(sql`
      SELECT 1 FROM app_user WHERE tenant_id = ${device.tenantId} AND id = ${device.userId} FOR NO KEY UPDATE`);
    await db.delete(pushDevice).where(and(eq(pushDevice.kind, device.kind), eq(pushDevice.address, device.address)));
    await db.insert(pushDevice).values({
      tenantId: device.tenantId,
      userId: device.userId,
      sessionId: device.sessionId,
      kind: device.kind,
      address: device.address,
      p256dh: device.p256dh ?? null,
      auth: device.auth ?? null,
      createdAt: device.at,
    });
    await db.execute(sql`
      DELETE FROM push_device
      WHERE tenant_id = ${device.tenantId} AND user_id = ${device.userId} AND kind = ${device.kind}
        AND id NOT IN (
          SELECT id FROM push_device
          WHERE tenant_id = ${device.tenantId} AND user_id = ${device.userId} AND kind = ${device.kind}
          ORDER BY created_at DESC, id DESC LIMIT ${PUSH_DEVICES_PER_KIND})`);
  },

  /** A person's own device, by where it receives (a browser that turned push off). */
  async removeDevice(tenantId: number, userId: number, kind: 'web' | 'expo', address: string): Promise<void> {
    await db
      .delete(pushDevice)
      .where(
        and(
          eq(pushDevice.tenantId, tenantId),
          eq(pushDevice.userId, userId),
          eq(pushDevice.kind, kind),
          eq(pushDevice.address, address),
        ),
      );
  },

  /** The devices a session registered: signing out there stops its notices. */
  async forgetSession(tenantId: number, sessionId: number): Promise<void> {
    await db.delete(pushDevice).where(and(eq(pushDevice.tenantId, tenantId), eq(pushDevice.sessionId, sessionId)));
  },

  /** A device its push service no longer knows. */
  async forgetDevice(tenantId: number, id: number): Promise<void> {
    await db.delete(pushDevice).where(and(eq(pushDevice.tenantId, tenantId), eq(pushDevice.id, id)));
  },

  /** What a client reports of a push delivery: arrived, or opened (which also means arrived). */
  async recordReceipt(tenantId: number, id: number, state: 'received' | 'opened', at: Date): Promise<boolean> {
    const now = sql`${at.toISOString()}::timestamptz`;
    const rows = await db
      .update(notificationDelivery)
      .set({
        receivedAt: sql`coalesce(${notificationDelivery.receivedAt}, ${now})`,
        ...(state === 'opened' ? { openedAt: sql`coalesce(${notificationDelivery.openedAt}, ${now})` } : {}),
        state:
          state === 'opened'
            ? 'opened'
            : sql`CASE WHEN ${notificationDelivery.state} = 'opened' THEN 'opened' ELSE 'received' END`,
      })
      .where(and(eq(notificationDelivery.tenantId, tenantId), eq(notificationDelivery.id, id)))
      .returning({ notificationId: notificationDelivery.notificationId });
    const [delivery] = rows;
    // Opened from the device or the e-mail: it is read, and the bell says so too (a test push is in no bell).
    if (delivery?.notificationId != null && state === 'opened') {
      await db
        .update(notification)
        .set({ readAt: sql`coalesce(${notification.readAt}, ${now})` })
        .where(and(eq(notification.tenantId, tenantId), eq(notification.id, delivery.notificationId)));
    }
    return delivery !== undefined;
  },

  /** A page of a tenant's receipts, newest first, filtered (or one receipt, `id`), each row with their number. */
  async receipts(
    tenantId: number,
    filter: { id?: number; contentId?: number; userId?: number; channel?: string; state?: string },
    page: { limit: number; offset: number },
  ) {
    const where = and(
      eq(notificationDelivery.tenantId, tenantId),
      filter.id === undefined ? undefined : eq(notificationDelivery.id, filter.id),
      filter.contentId === undefined ? undefined : eq(notification.contentId, filter.contentId),
      filter.userId === undefined ? undefined : eq(notificationDelivery.userId, filter.userId),
      filter.channel === undefined ? undefined : sql`${notificationDelivery.channel} = ${filter.channel}`,
      filter.state === undefined ? undefined : sql`${notificationDelivery.state} = ${filter.state}`,
    );
    const rows = await db
      .select({
        id: notificationDelivery.id,
        kind: contentNotice.kind,
        contentId: content.id,
        contentName: content.name,
        userId: appUser.id,
        userName: appUser.name,
        channel: notificationDelivery.channel,
        state: notificationDelivery.state,
        attempts: notificationDelivery.attempts,
        lastError: notificationDelivery.lastError,
        createdAt: notification.createdAt,
        sentAt: notificationDelivery.sentAt,
        receivedAt: notificationDelivery.receivedAt,
        openedAt: notificationDelivery.openedAt,
        total: sql<number>`count(*) OVER ()`.mapWith(Number),
      })
      .from(notificationDelivery)
      .innerJoin(
        notification,
        and(
          eq(notification.tenantId, notificationDelivery.tenantId),
          eq(notification.id, notificationDelivery.notificationId),
        ),
      )
      .innerJoin(
        contentNotice,
        and(eq(contentNotice.tenantId, notification.tenantId), eq(contentNotice.id, notification.noticeId)),
      )
      .innerJoin(content, and(eq(content.tenantId, notification.tenantId), eq(content.id, notification.contentId)))
      .innerJoin(
        appUser,
        and(eq(appUser.tenantId, notificationDelivery.tenantId), eq(appUser.id, notificationDelivery.userId)),
      )
      .where(where)
      .orderBy(desc(notificationDelivery.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows;
  },

  /** Whether the tenant has this person (another tenant's id is no one's here). */
  async hasPerson(tenantId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId)));
    return row !== undefined;
  },

  /** Deletes a receipt (an operator's clean-up); false when the tenant has no such receipt. */
  async removeReceipt(tenantId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(notificationDelivery)
      .where(and(eq(notificationDelivery.tenantId, tenantId), eq(notificationDelivery.id, id)))
      .returning({ id: notificationDelivery.id });
    return rows.length > 0;
  },

  /** An item's notices: people notified, and those a device of whose reported one received or opened. */
  async reach(tenantId: number, contentId: number) {
    const result = await db.execute(sql`
      SELECT count(DISTINCT n.user_id)::int AS notified,
        count(DISTINCT n.user_id) FILTER (WHERE d.received_at IS NOT NULL)::int AS received,
        count(DISTINCT n.user_id) FILTER (WHERE d.opened_at IS NOT NULL)::int AS opened
      FROM notification n
      LEFT JOIN notification_delivery d ON d.tenant_id = n.tenant_id AND d.notification_id = n.id
      WHERE n.tenant_id = ${tenantId} AND n.content_id = ${contentId}
        -- A reply to one person's comment, or a step of the item's review, is not news of it to its audience.
        AND EXISTS (SELECT 1 FROM content_notice cn
          WHERE cn.tenant_id = n.tenant_id AND cn.id = n.notice_id AND cn.kind = ANY (${`{${AUDIENCE_NOTICE_KINDS.join(',')}}`}::text[]))`);
    return (
      rowsOf<{ notified: number; received: number; opened: number }>(result)[0] ?? {
        notified: 0,
        received: 0,
        opened: 0,
      }
    );
  },

  /** A shared value, made by `make` if no process has made it yet (whichever writes first wins). */
  async secret(name: string, make: () => string): Promise<string> {
    await db.insert(appSecret).values({ name, value: make() }).onConflictDoNothing();
    const [row] = await db.select({ value: appSecret.value }).from(appSecret).where(eq(appSecret.name, name));
    if (!row) throw new Error(`the secret ${name} is missing`);
    return row.value;
  },
});
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
