import {
  date,
  doublePrecision,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { contentType } from './content.js';
import { tenant } from './tenants.js';
import { appUser } from './users.js';

/**
 * A tenant's activity per calendar day (Europe/Zagreb) and content type: first openings, finishes and
 * submissions, and the graded attempts' marks. Kept by statement triggers on content_interaction and
 * attempt (migrations 0019, 0041), each adding its net change to the slot of its database session, so that
 * the organisation's people submitting on the same day add to different rows (ADR 0052); the tenant's
 * activity over a year is a few thousand rows to sum instead of millions of inbox rows to scan. Summed over
 * its slots it always equals a count of the rows it follows: an inbox row whose viewed_at is on that day
 * counts there while it exists.
 */
export const activityDay = pgTable(
  'activity_day',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    type: contentType().notNull(),
    slot: smallint().notNull(),
    viewed: integer().notNull().default(0),
    finished: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    graded: integer().notNull().default(0),
    markSum: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.type, t.slot] })],
);

/**
 * The days a person used the app (signed in, or came back on a new day with a session): written by the
 * auth module at most once per session a day, read for "people active in the last 7 and 30 days".
 */
export const personActivity = pgTable(
  'person_activity',
  {
    tenantId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    userId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.day, t.userId] }),
    foreignKey({
      name: 'person_activity_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Tenant-wide figures that would scan millions of rows per request (distinct active people, every
 * group's completion), computed at most once per STATS_SNAPSHOT_TTL_MS per tenant and kind and read from
 * here in between.
 */
export const statsSnapshot = pgTable(
  'stats_snapshot',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
    body: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);
