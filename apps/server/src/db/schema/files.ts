import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';

export const file = pgTable(
  'file',
  {
    // A random id: file URLs end up in <img src> and e-mails, so they must not be guessable.
    id: uuid().notNull().default(sql`gen_random_uuid()`),
    tenantId: integer()
      .notNull()
      .references((): AnyPgColumn => tenant.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The target of (tenant_id, file) foreign keys (tenant logo, content image, media): no pointing into
  // another tenant. It also serves listing a tenant's files.
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
