import { HOUR_MS } from './constants.js';

/**
 * Why a person hears about an item: it appeared (`published`, at its publication time), a task's deadline
 * is near (`reminder`), or staff asked (`manual`, POST /content/{id}/notify).
 */
export const NOTICE_KINDS = ['published', 'reminder', 'manual'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Staff may notify an item's audience once an hour: more would teach people to ignore the notices. */
export const NOTIFY_INTERVAL_MS = HOUR_MS;

/** How a notice reaches a person: e-mail, a browser's web push, or the mobile app's Expo push. */
export const NOTIFICATION_CHANNELS = ['email', 'web', 'expo'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A delivery on one channel: waiting, handed to the channel, given up, then as the client reports it. */
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'received', 'opened'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
