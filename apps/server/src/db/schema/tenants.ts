import { type AnyPgColumn, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { file } from './files.js';

export const tenant = pgTable('tenant', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** The logo, a file of this tenant's. */
  image: uuid().references((): AnyPgColumn => file.id, { onDelete: 'set null' }),
  showPromoTag: boolean().notNull().default(false),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
