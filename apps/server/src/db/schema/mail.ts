import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';

/**
 * Every message is written here first, with a job (modules/jobs) that hands it to the transport (SMTP, or
 * the log in a demo) and retries it. Not a tenant's table, though most rows name one: system mail has no
 * tenant (see audit_log).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().references(() => tenant.id, { onDelete: 'cascade' }),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.sentAt, t.createdAt)],
);
