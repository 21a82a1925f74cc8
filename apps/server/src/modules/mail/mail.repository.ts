import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

export type OutboxMessage = typeof emailOutbox.$inferSelect;
export type NewMessage = Pick<typeof emailOutbox.$inferInsert, 'tenantId' | 'recipient' | 'subject' | 'text' | 'html'>;

/** A message is retried this many times, then left with its last error for an operator. */
const MAX_ATTEMPTS = 5;

export const createMailRepository = (db: DbOrTx) => ({
  /** Messages into the outbox, a thousand to a statement. */
  async enqueue(messages: NewMessage[]): Promise<void> {
    for (let start = 0; start < messages.length; start += 1000) {
      await db.insert(emailOutbox).values(messages.slice(start, start + 1000));
    }
  },

  /** Claims up to `limit` unsent messages until `lockUntil`; SKIP LOCKED keeps two senders apart. */
  async claim(now: Date, lockUntil: Date, limit: number): Promise<OutboxMessage[]> {
    const result = await db.execute(sql`
      UPDATE email_outbox SET locked_until = ${lockUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM email_outbox
        WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (locked_until IS NULL OR locked_until < ${now})
        ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, recipient, subject, text, html`);
    return rowsOf<OutboxMessage>(result);
  },

  async markSent(id: number, at: Date): Promise<void> {
    await db.execute(sql`UPDATE email_outbox SET sent_at = ${at}, last_error = NULL WHERE id = ${id}`);
  },

  async markFailed(id: number, error: string): Promise<void> {
    await db.execute(sql`UPDATE email_outbox SET last_error = ${error}, locked_until = NULL WHERE id = ${id}`);
  },
});
export type MailRepository = ReturnType<typeof createMailRepository>;
