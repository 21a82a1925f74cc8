import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// A tenant and its files, in one module: each table has a foreign key to the other (a file belongs to
// a tenant; a tenant's logo is one of its files).

export const tenant = pgTable(
  'tenant',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** The logo, a file of this tenant's. */
    image: uuid(),
    showPromoTag: boolean().notNull().default(false),
    /** `#rrggbb`, checked for contrast by the tenants module; null: the product's own colours. */
    primaryColor: text(),
    accentColor: text(),
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
    check('tenant_primary_color_check', sql`${t.primaryColor} ~ '^#[0-9a-f]{6}$'`),
    check('tenant_accent_color_check', sql`${t.accentColor} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** An organisation as its own people's app shows it (the contract's TenantSummary): the tenants module and `/auth/me` select it. */
export const tenantSummaryColumns = {
  id: tenant.id,
  name: tenant.name,
  image: tenant.image,
  showPromoTag: tenant.showPromoTag,
  primaryColor: tenant.primaryColor,
  accentColor: tenant.accentColor,
};

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
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Bytes are shared by the rows a promotion copies into other tenants: they go when no row holds their key
    // (the sweep of unreferenced files, a tenant's deletion).
    index('file_storage_key_idx').on(t.storageKey),
  ],
);
