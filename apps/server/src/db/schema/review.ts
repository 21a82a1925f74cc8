import { boolean, foreignKey, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';
import { appUser } from './users.js';

// Review before publishing (ADR 0065): whether an organisation reviews its CREATORs' items, and which of
// them review besides its admins.

/** An organisation's choice; no row: it does not review. */
export const reviewPolicy = pgTable('review_policy', {
  tenantId: integer()
    .primaryKey()
    .references(() => tenant.id, { onDelete: 'cascade' }),
  required: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A CREATOR an organisation's admins named to approve others' items. */
export const contentReviewer = pgTable(
  'content_reviewer',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'content_reviewer_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);
