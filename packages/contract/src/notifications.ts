import * as z from 'zod/mini';
import { HOUR_MS, LANGUAGES } from './constants.js';
import { IsoDateTimeSchema } from './content.js';
import { ContentTypeSchema } from './enums.js';
import { IdStringSchema, pageQuery } from './envelope.js';
import { tenantScope } from './people.js';

/**
 * Why a person hears about an item: it appeared (`published`, at its publication time), its deadline is
 * near (`reminder`), staff asked (`manual`, POST /content/{id}/notify), or staff answered the person's
 * comment on it (`reply`, to that person alone). The staff hear of the review of an item: a reviewer that
 * one awaits them (`review`), its author that it was approved (`approved`) or sent back (`returned`).
 */
export const NOTICE_KINDS = ['published', 'reminder', 'manual', 'reply', 'review', 'approved', 'returned'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
/** The notices an item's audience hears (the rest go to one person each): its reach counts only these. */
export const AUDIENCE_NOTICE_KINDS = ['published', 'reminder', 'manual'] as const satisfies readonly NoticeKind[];
/** The notices about an item's review, told to the staff: they open the item in the console. */
export const REVIEW_NOTICE_KINDS = ['review', 'approved', 'returned'] as const satisfies readonly NoticeKind[];
export const isReviewNotice = (kind: NoticeKind): boolean => (REVIEW_NOTICE_KINDS as readonly string[]).includes(kind);

/** Staff may notify an item's audience once an hour: more would teach people to ignore the notices. */
export const NOTIFY_INTERVAL_MS = HOUR_MS;

/** How a notice reaches a person: e-mail, a browser's web push, or the mobile app's Expo push. */
export const NOTIFICATION_CHANNELS = ['email', 'web', 'expo'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A delivery on one channel: waiting, handed to the channel, given up, then as the client reports it. */
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'received', 'opened'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What a person may turn off, per channel (push covers the browser and the phone): news, or reminders. */
export const NOTICE_TOPICS = ['content', 'reminder'] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];
export const PREFERENCE_CHANNELS = ['email', 'push'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

const TopicsSchema = z.object({ content: z.boolean(), reminder: z.boolean() });
/** GET/PUT /mobile/users/notification-settings: which notices the caller takes on which channel. */
export const NotificationSettingsSchema = z.object({ email: TopicsSchema, push: TopicsSchema });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** POST /mobile/users/language: the language the person's notices and e-mails speak. */
export const LanguageBodySchema = z.object({ language: z.enum(LANGUAGES) });

/** The bell's page size. */
export const BELL_PAGE_SIZE = 10;
export const BellQuerySchema = z.object(pageQuery(BELL_PAGE_SIZE));
export const BellItemSchema = z.object({
  id: z.int(),
  kind: z.enum(NOTICE_KINDS),
  contentId: z.int(),
  contentType: ContentTypeSchema,
  title: z.string(),
  createdAt: IsoDateTimeSchema,
  readAt: z.nullable(IsoDateTimeSchema),
});
export type BellItem = z.infer<typeof BellItemSchema>;
/** GET /notifications: the caller's notices, newest first, with how many are unread. */
export const BellSchema = z.object({ count: z.int(), unread: z.int(), items: z.array(BellItemSchema) });
export type Bell = z.infer<typeof BellSchema>;

/** GET /push/web/key: the app's VAPID public key, for the browser's push subscription. */
export const WebPushKeySchema = z.object({ publicKey: z.string() });

const base64url = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[\w-]+={0,2}$/));
/** POST /push/web/subscriptions: the browser's PushSubscription as its toJSON() gives it. */
export const WebSubscriptionBodySchema = z.object({
  endpoint: z.url().check(z.maxLength(2000)),
  keys: z.object({ p256dh: base64url(200), auth: base64url(50) }),
});
export type WebSubscriptionBody = z.infer<typeof WebSubscriptionBodySchema>;
/** POST /push/web/subscriptions/remove: this browser no longer wants push notices. */
export const WebUnsubscribeBodySchema = z.object({ endpoint: z.url().check(z.maxLength(2000)) });

/**
 * The browsers and the phones a person may register for push, each kind on its own: registering one more
 * forgets the oldest, so a client that subscribes again and again cannot grow the list (or a notice's
 * fan-out) without end.
 */
export const PUSH_DEVICES_PER_KIND = 10;

/** POST /mobile/users/ept: the phone's Expo push token. */
export const ExpoTokenBodySchema = z.object({
  token: z.string().check(z.regex(/^Expo(nent)?PushToken\[[\w-]{1,200}\]$/, { error: 'validation.invalid' })),
});
/** Test notices a person may ask for in a rate-limit window (15 minutes): each is a push to every device. */
export const TEST_PUSHES_PER_WINDOW = 5;
/**
 * POST /mobile/users/testpn: how many of the caller's devices the test notice is queued for. It goes out
 * through the delivery queue, so the answer does not wait on the push services.
 */
export const TestPushSchema = z.object({ devices: z.int() });
export type TestPush = z.infer<typeof TestPushSchema>;

/** The staff's list of receipts: filters by item, person, channel and state, a page at a time, newest first. */
export const RECEIPTS_PAGE_SIZE = 50;
export const ReceiptQuerySchema = z.object({
  ...pageQuery(RECEIPTS_PAGE_SIZE),
  ...tenantScope,
  content: z.optional(IdStringSchema),
  user: z.optional(IdStringSchema),
  channel: z.optional(z.enum(NOTIFICATION_CHANNELS)),
  state: z.optional(z.enum(DELIVERY_STATES)),
});
export type ReceiptQuery = z.infer<typeof ReceiptQuerySchema>;
export const ReceiptPageQuerySchema = z.object({ ...pageQuery(RECEIPTS_PAGE_SIZE), ...tenantScope });

export const ReceiptSchema = z.object({
  id: z.int(),
  kind: z.enum(NOTICE_KINDS),
  content: z.object({ id: z.int(), name: z.string() }),
  user: z.object({ id: z.int(), name: z.string() }),
  channel: z.enum(NOTIFICATION_CHANNELS),
  state: z.enum(DELIVERY_STATES),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  createdAt: IsoDateTimeSchema,
  sentAt: z.nullable(IsoDateTimeSchema),
  receivedAt: z.nullable(IsoDateTimeSchema),
  openedAt: z.nullable(IsoDateTimeSchema),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
export const ReceiptListSchema = z.object({ count: z.int(), items: z.array(ReceiptSchema) });
export type ReceiptList = z.infer<typeof ReceiptListSchema>;

/** An item's notices in its statistics: people notified, and those whose device reported it received or opened. */
export const NoticeReachSchema = z.object({ notified: z.int(), received: z.int(), opened: z.int() });
export type NoticeReach = z.infer<typeof NoticeReachSchema>;

/** POST /notifications/unsubscribe: the token of an e-mail's unsubscribe link; answers which kind went off. */
export const UnsubscribeBodySchema = z.object({ token: z.string().check(z.maxLength(200)) });
/** POST /notifications/unsubscribe/{token}: the List-Unsubscribe header's URL (RFC 8058's one-click). */
export const UnsubscribeParamsSchema = UnsubscribeBodySchema;
/** The form a mail provider posts to it (RFC 8058, 3.1). */
export const OneClickUnsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
export const UnsubscribedSchema = z.object({ topic: z.enum(NOTICE_TOPICS) });
