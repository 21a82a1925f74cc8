import {
  bigint,
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
import { appUser, userGroup } from './users.js';

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
 * Each group's active members, and their inbox rows of live items and how many of them are finished: the
 * dashboard's groups table, kept by triggers (migration 0043) instead of joining the members to millions of
 * inbox rows on each view. Rows of items sent before their publication time count from that time on, so a
 * row's `dueFrom` is the publication time it waits for (-infinity once due when sent): the table is the sum of
 * the rows whose `dueFrom` has come. The inbox's statement trigger adds to the slot of its database session,
 * as content_reach does (ADR 0052): a group's people finishing the same item at once add to different rows.
 * Membership, deactivation and deletion add or take away the person's rows as a whole.
 */
export const groupReach = pgTable(
  'group_reach',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    groupId: integer().notNull(),
    dueFrom: timestamp({ withTimezone: true }).notNull(),
    slot: smallint().notNull(),
    members: integer().notNull().default(0),
    received: integer().notNull().default(0),
    finished: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.dueFrom, t.slot] }),
    // Checked only when a slot's row is made, a handful of times per group: no lock on the group per write.
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [userGroup.tenantId, userGroup.id] }).onDelete(
      'cascade',
    ),
  ],
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
 * Each person's days of use in the 64 days up to their last one, as bits (bit k: used the app on `lastDay` − k):
 * kept from person_activity by its insert trigger (migration 0044), so "people active in the last 7 and 30
 * days, and the periods before" is one row per person to test instead of a distinct count over their days.
 */
export const personRecentDays = pgTable(
  'person_recent_days',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    lastDay: date({ mode: 'string' }).notNull(),
    days: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'person_recent_days_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Tenant-wide figures that would scan millions of rows per request (the overview's distinct active people),
 * computed at most once per STATS_SNAPSHOT_TTL_MS per tenant and kind and read from
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
