import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';

export const file = pgTable(
  'file',
  {
    // A random id: file URLs end up in <img src> and e-mails, so they must not be guessable.
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    tenantId: integer()
      .notNull()
      .references((): AnyPgColumn => tenant.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.tenantId),
    // The target of (tenant_id, file) foreign keys (content image, media): no pointing into another tenant.
    unique('file_tenant_id_id_key').on(t.tenantId, t.id),
  ],
);
