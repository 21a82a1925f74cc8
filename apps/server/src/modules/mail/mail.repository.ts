import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

export type OutboxMessage = typeof emailOutbox.$inferSelect;
export type NewMessage = Pick<typeof emailOutbox.$inferInsert, 'tenantId' | 'recipient' | 'subject' | 'text' | 'html'>;

export const createMailRepository = (db: DbOrTx) => ({
  /** Messages into the outbox, a thousand to a statement; answers their ids in order. */
  async enqueue(messages: NewMessage[]): Promise<{ id: number; tenantId: number | null }[]> {
    const ids: { id: number; tenantId: number | null }[] = [];
    for (let start = 0; start < messages.length; start += 1000) {
      ids.push(
        ...(await db
          .insert(emailOutbox)
          .values(messages.slice(start, start + 1000))
          .returning({ id: emailOutbox.id, tenantId: emailOutbox.tenantId })),
      );
    }
    return ids;
  },

  async unsent(id: number): Promise<OutboxMessage | undefined> {
    const [message] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
    return message;
  },

  async markSent(id: number, at: Date): Promise<void> {
    await db.update(emailOutbox).set({ sentAt: at }).where(eq(emailOutbox.id, id));
  },
});
