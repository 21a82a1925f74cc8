import { foreignKey, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { content } from './content.js';
import { appUser } from './users.js';

/**
 * A person's certificate of an education they passed (ADR 0066), made the first time it is asked for
 * (or withdrawn). What it says is kept as it was then: a renamed item or person, a deleted attempt, leave
 * the certificate as issued. One per person and item.
 */
export const certificate = pgTable(
  'certificate',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    userId: integer().notNull(),
    /** What anyone checks it by: the organisation's id, then 60 random bits (the contract's CERTIFICATE_CODE). */
    code: text().notNull(),
    personName: text().notNull(),
    itemName: text().notNull(),
    organisation: text().notNull(),
    /** 0..1, of the pass it was issued for. */
    mark: real().notNull(),
    passedAt: timestamp({ withTimezone: true }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Who withdrew it; null once their account is deleted (drizzle/0054: SET NULL ("revoked_by")). */
    revokedBy: integer(),
    revokeReason: text(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('certificate_holder_key').on(t.tenantId, t.contentId, t.userId),
    uniqueIndex('certificate_code_key').on(t.tenantId, t.code),
    foreignKey({
      name: 'certificate_content_fk',
      columns: [t.tenantId, t.contentId],
      foreignColumns: [content.tenantId, content.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'certificate_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'certificate_revoked_by_fk',
      columns: [t.tenantId, t.revokedBy],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('set null'),
  ],
);
