import { DoneSchema } from '../../auth.js';
import { IdParamsSchema } from '../../envelope.js';
import {
  BellQuerySchema,
  BellSchema,
  ExpoTokenBodySchema,
  NotificationSettingsSchema,
  OneClickUnsubscribeBodySchema,
  ReceiptListSchema,
  ReceiptPageQuerySchema,
  ReceiptQuerySchema,
  ReceiptSchema,
  TestPushSchema,
  UnsubscribeBodySchema,
  UnsubscribedSchema,
  UnsubscribeParamsSchema,
  WebPushKeySchema,
  WebSubscriptionBodySchema,
  WebUnsubscribeBodySchema,
} from '../../notifications.js';
import { TenantScopeQuerySchema } from '../../people.js';
import type { Operation } from '../operation.js';

// The caller's notices and how they reach them; the receipts of push notices; e-mail unsubscribe links.
const tags = ['notifications'];

/** Which notices the caller takes on which channel. */
export const notificationSettings = {
  method: 'GET',
  path: '/mobile/users/notification-settings',
  access: 'signedIn',
  tags,
  response: NotificationSettingsSchema,
} as const satisfies Operation;

export const saveNotificationSettings = {
  method: 'PUT',
  path: '/mobile/users/notification-settings',
  access: 'signedIn',
  tags,
  body: NotificationSettingsSchema,
  response: NotificationSettingsSchema,
} as const satisfies Operation;

/** The bell: the caller's latest notices and how many are unread. */
export const bell = {
  method: 'GET',
  path: '/notifications',
  access: 'signedIn',
  tags,
  query: BellQuerySchema,
  response: BellSchema,
} as const satisfies Operation;

export const markNoticeRead = {
  method: 'POST',
  path: '/notifications/:id/read',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  response: DoneSchema,
} as const satisfies Operation;

/** The app's VAPID public key, for a browser's push subscription. */
export const webPushKey = {
  method: 'GET',
  path: '/push/web/key',
  access: 'signedIn',
  tags,
  response: WebPushKeySchema,
} as const satisfies Operation;

export const subscribeWebPush = {
  method: 'POST',
  path: '/push/web/subscriptions',
  access: 'signedIn',
  tags,
  body: WebSubscriptionBodySchema,
  response: DoneSchema,
} as const satisfies Operation;

export const unsubscribeWebPush = {
  method: 'POST',
  path: '/push/web/subscriptions/remove',
  access: 'signedIn',
  tags,
  body: WebUnsubscribeBodySchema,
  response: DoneSchema,
} as const satisfies Operation;

/** The phone's Expo push token. */
export const registerExpoToken = {
  method: 'POST',
  path: '/mobile/users/ept',
  access: 'signedIn',
  tags,
  body: ExpoTokenBodySchema,
  response: DoneSchema,
} as const satisfies Operation;

/** A test notice to every device of the caller's. */
export const testPush = {
  method: 'POST',
  path: '/mobile/users/testpn',
  access: 'signedIn',
  tags,
  response: TestPushSchema,
  errors: ['TooManyRequests'],
} as const satisfies Operation;

/** The organisation's receipts, filtered, a page at a time. */
export const listReceipts = {
  method: 'GET',
  path: '/notification-receipts',
  access: 'people.read',
  tags,
  query: ReceiptQuerySchema,
  response: ReceiptListSchema,
  idFilters: { content: 'content', user: 'user' },
} as const satisfies Operation;

export const receiptsOfUser = {
  method: 'GET',
  path: '/notification-receipts/user/:id',
  access: 'people.read',
  tags,
  params: IdParamsSchema,
  query: ReceiptPageQuerySchema,
  response: ReceiptListSchema,
} as const satisfies Operation;

export const getReceipt = {
  method: 'GET',
  path: '/notification-receipts/:id',
  access: 'people.read',
  tags,
  params: IdParamsSchema,
  query: TenantScopeQuerySchema,
  response: ReceiptSchema,
} as const satisfies Operation;

export const deleteReceipt = {
  method: 'DELETE',
  path: '/notification-receipts/:id',
  access: 'people.write',
  tags,
  params: IdParamsSchema,
  query: TenantScopeQuerySchema,
  response: DoneSchema,
} as const satisfies Operation;

/** An e-mail's unsubscribe link, confirmed on its page: the signed token names the person and the topic. */
export const unsubscribe = {
  method: 'POST',
  path: '/notifications/unsubscribe',
  access: 'public',
  tags,
  body: UnsubscribeBodySchema,
  response: UnsubscribedSchema,
} as const satisfies Operation;

/** The List-Unsubscribe header's URL: a mail provider posts RFC 8058's one-click form, with no session. */
export const oneClickUnsubscribe = {
  method: 'POST',
  path: '/notifications/unsubscribe/:token',
  access: 'public',
  tags,
  params: UnsubscribeParamsSchema,
  body: OneClickUnsubscribeBodySchema,
  consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  response: UnsubscribedSchema,
} as const satisfies Operation;
