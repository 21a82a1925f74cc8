import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NoticeTopic } from '@kanal/contract';

/** How this app mints the tokens it signs: ids without leading zeros. */
const UNSUBSCRIBE_TOKEN = /^([1-9]\d*)\.([1-9]\d*)\.(content|reminder)\.[\w-]{32}$/;
const RECEIPT = /^([1-9]\d*)\.([1-9]\d*)\.[\w-]{32}$/;

/** A key kept in the database, made on first use. */
type Secret = (name: string, make: () => string) => Promise<string>;

/**
 * The tokens that act without a session, each signed with a key of its own: a push notice's receipt,
 * `tenant.delivery.signature` (reported by a service worker), and an e-mail's unsubscribe link,
 * `tenant.user.topic.signature`.
 */
export const createNoticeTokens = (secret: Secret) => {
  const keys = new Map<string, Promise<string>>();
  const sign = async (keyName: 'receipts' | 'unsubscribe', payload: string) => {
    let key = keys.get(keyName);
    if (!key) {
      key = secret(keyName, () => randomBytes(32).toString('base64url'));
      keys.set(keyName, key);
    }
    return createHmac('sha256', await key)
      .update(payload)
      .digest('base64url')
      .slice(0, 32);
  };
  /**
   * Whether a token a client sent is, byte for byte, the one this app mints: any other spelling of the same
   * numbers (leading zeros, another case, more parts, padding) is not a token of ours.
   */
  const sameToken = (given: string, minted: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(minted);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const receiptOf = async (tenantId: number, deliveryId: number) =>
    `${tenantId}.${deliveryId}.${await sign('receipts', `${tenantId}.${deliveryId}`)}`;
  const unsubscribeToken = async (tenantId: number, userId: number, topic: NoticeTopic) =>
    `${tenantId}.${userId}.${topic}.${await sign('unsubscribe', `${tenantId}.${userId}.${topic}`)}`;

  return {
    receiptOf,
    unsubscribeToken,
    /** The delivery a receipt names, or null for anything this app did not mint. */
    async readReceipt(receipt: string): Promise<{ tenantId: number; deliveryId: number } | null> {
      const [, tenant, delivery] = RECEIPT.exec(receipt) ?? [];
      if (tenant === undefined) return null;
      const tenantId = Number(tenant);
      const deliveryId = Number(delivery);
      return sameToken(receipt, await receiptOf(tenantId, deliveryId)) ? { tenantId, deliveryId } : null;
    },
    /** The person and kind of notice an unsubscribe token names, or null for anything this app did not mint. */
    async readUnsubscribe(token: string): Promise<{ tenantId: number; userId: number; topic: NoticeTopic } | null> {
      const [, tenant = '', user = '', topic] = UNSUBSCRIBE_TOKEN.exec(token) ?? [];
      if (topic !== 'content' && topic !== 'reminder') return null;
      const tenantId = Number(tenant);
      const userId = Number(user);
      return sameToken(token, await unsubscribeToken(tenantId, userId, topic)) ? { tenantId, userId, topic } : null;
    },
  };
};
export type NoticeTokens = ReturnType<typeof createNoticeTokens>;
