import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';

/**
 * The background work of every process (modules/jobs): e-mail, notices, reminders. A row is work still
 * to do: it is deleted in the transaction that does it, so a job whose process dies is simply still here.
 * Not a tenant's table, though most rows name one (system mail has none).
 */
export const job = pgTable(
  'job',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text().notNull(),
    /** At most one job per key: scheduling a key again moves its job instead of adding one. */
    key: text(),
    tenantId: integer().references(() => tenant.id, { onDelete: 'cascade' }),
    payload: jsonb().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    /** `failed` after its last attempt: kept, with its error, until an operator retries or drops it. */
    state: text({ enum: ['waiting', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_key_idx').on(t.key),
    // What is due: the runners' one query.
    index('job_due_idx').on(t.runAt, t.id).where(sql`${t.state} = 'waiting'`),
    // A tenant's waiting jobs of one queue: the items whose inboxes are being filled, read with every
    // staff list of content (a tenant's reminders alone can be thousands of rows).
    index('job_tenant_queue_idx').on(t.tenantId, t.queue).where(sql`${t.state} = 'waiting'`),
  ],
);
