import { DELIVERY_STATES, NOTIFICATION_CHANNELS } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { contentNotice } from './content.js';
import { appUser } from './users.js';

/** A notice as one person has it: the bell's list, read when they open it. */
export const notification = pgTable(
  'notification',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    noticeId: integer().notNull(),
    contentId: integer().notNull(),
    userId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('notification_notice_user_key').on(t.tenantId, t.noticeId, t.userId),
    // The bell: a person's newest first.
    index('notification_user_idx').on(t.tenantId, t.userId, t.id.desc()),
    // An item's receipts and its statistics' notified count.
    index('notification_content_idx').on(t.tenantId, t.contentId),
    foreignKey({
      name: 'notification_notice_fk',
      columns: [t.tenantId, t.noticeId],
      foreignColumns: [contentNotice.tenantId, contentNotice.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notification_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A notification on one channel: the queue its sender claims from, and the receipt of what became of it
 * (sent, received, opened as the client reports). Claimed rows are leased (`lockedUntil`), so a sender
 * that dies leaves them to another process.
 */
export const notificationDelivery = pgTable(
  'notification_delivery',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    /**
     * Not a foreign key: a notice's notifications and their deliveries are written in one statement, and
     * checking each of a hundred thousand deliveries against notification rows inserted a moment before
     * cost minutes (the check's plan was made while the table was empty). A delivery goes with its
     * notification all the same: both go with their notice and with their person (the keys below).
     * Both are null for a test push (POST /mobile/users/testpn), which is about no item: it goes through the
     * same queue, leases and retries as a notice, but never reaches the bell or the receipts staff read.
     */
    notificationId: bigint({ mode: 'number' }),
    noticeId: integer(),
    userId: integer().notNull(),
    channel: text({ enum: NOTIFICATION_CHANNELS }).notNull(),
    /** The browser or phone a push goes to (null for e-mail); the delivery stays when the device goes. */
    deviceId: bigint({ mode: 'number' }),
    state: text({ enum: DELIVERY_STATES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    runAt: timestamp({ withTimezone: true }).notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    openedAt: timestamp({ withTimezone: true }),
    /**
     * The Expo push ticket of a phone's notice, until its receipt is read: Expo hands a notice to Apple's or
     * Google's service after answering, and says later, by the ticket, whether the phone was still there.
     */
    ticket: text(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The receipts due to be read, oldest first.
    index('notification_delivery_ticket_idx').on(t.sentAt).where(sql`${t.ticket} IS NOT NULL`),
    index('notification_delivery_notification_idx').on(t.tenantId, t.notificationId),
    // A person's receipts (GET /notification-receipts/user/{id}), newest first.
    index('notification_delivery_user_idx').on(t.tenantId, t.userId, t.id.desc()),
    // The senders' claim, channel by channel (a slow channel never holds up another): what is queued
    // and due, oldest first.
    index('notification_delivery_due_idx').on(t.channel, t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    foreignKey({
      name: 'notification_delivery_notice_fk',
      columns: [t.tenantId, t.noticeId],
      foreignColumns: [contentNotice.tenantId, contentNotice.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notification_delivery_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/** A person's "no" to one channel for one kind of notice; no row means yes. */
export const notificationOptOut = pgTable(
  'notification_opt_out',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    channel: text({ enum: ['email', 'push'] }).notNull(),
    kind: text({ enum: ['content', 'reminder'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.channel, t.kind] }),
    foreignKey({
      name: 'notification_opt_out_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Where a person's push notices go: a browser's web-push subscription or a phone's Expo push token, each
 * tied to the session that registered it (signing out there removes it). Gone when the push service says
 * the subscription or token is no longer valid.
 */
export const pushDevice = pgTable(
  'push_device',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    kind: text({ enum: ['web', 'expo'] }).notNull(),
    /** The web-push endpoint URL, or the Expo push token. */
    address: text().notNull(),
    /** Web push only: the browser's keys for encrypting the payload (RFC 8291). */
    p256dh: text(),
    auth: text(),
    sessionId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('push_device_address_key').on(t.tenantId, t.kind, t.address),
    index('push_device_user_idx').on(t.tenantId, t.userId),
    foreignKey({
      name: 'push_device_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Values the processes share and keep across restarts, made once by whichever process needs them first
 * (the web-push VAPID key pair unless it is configured, the receipt links' signing key), and the demo
 * seed's mark that it ran (seed/demo.ts). Not a tenant's.
 */
export const appSecret = pgTable('app_secret', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
