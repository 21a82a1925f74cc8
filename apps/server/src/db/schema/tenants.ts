import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { file } from './files.js';

export const tenant = pgTable(
  'tenant',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** The logo, a file of this tenant's. */
    image: uuid(),
    showPromoTag: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // (id, image), not image alone: a file's key includes its tenant. Deleting the file clears the
    // image only: ON DELETE SET NULL (image) (drizzle/0012_tenant_keys.sql; drizzle cannot say so —
    // redo it if this key is recreated).
    foreignKey({ columns: [t.id, t.image], foreignColumns: [file.tenantId, file.id] }).onDelete('set null'),
    // One name whatever its case, accents or spacing (kanal_name_key, migration 0028): the switcher, the
    // promotions' picker and deletion by the typed-back name must tell organisations apart.
    uniqueIndex('tenant_name_key').on(sql`kanal_name_key(${t.name})`),
  ],
);
