import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';
import { appUser } from './users.js';

/**
 * A directory-sync (SCIM) token an organisation's admin issued (issue 31): what the organisation's directory
 * sends as its bearer token. Stored as its SHA-256 (lib/tokens.ts, as sessions are); the token names its
 * tenant, so a lookup stays within one tenant's rows. A revoked token stays, as the console's history.
 */
export const scimToken = pgTable(
  'scim_token',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    /** The organisation's person who issued it; null once they are deleted, or when `createdByProvider`. */
    createdBy: integer(),
    /** Issued by the provider's SUPERADMIN working in the organisation: a person of another tenant, no key. */
    createdByProvider: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute a token: a directory calls thousands of times a sync. */
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('scim_token_tenant_id_token_hash_key').on(t.tenantId, t.tokenHash),
    // A live token's name is the organisation's one, whatever its case, accents or spacing (kanal_name_key);
    // a revoked token's name is free again.
    uniqueIndex('scim_token_live_name_key')
      .on(t.tenantId, sql`kanal_name_key(${t.name})`)
      .where(sql`${t.revokedAt} IS NULL`),
    // Deleting the person clears created_by only, not the tenant's id: ON DELETE SET NULL (created_by)
    // (drizzle/0035_scim_tokens.sql; drizzle cannot say so — redo it if this key is recreated).
    foreignKey({
      name: 'scim_token_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('set null'),
  ],
);
