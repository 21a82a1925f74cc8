import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';
import { appUser } from './users.js';

export const application = pgEnum('application', ['web', 'mobile', 'admin']);

export const session = pgTable(
  'session',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    /** SHA-256 of the bearer token: a leaked table cannot be replayed. */
    tokenHash: text().notNull().unique(),
    rememberMe: boolean().notNull(),
    application: application().notNull(),
    device: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);

export const passwordTokenPurpose = pgEnum('password_token_purpose', ['activate', 'reset']);

/** Single-use links mailed for first-time set-up confirmation and password reset. */
export const passwordToken = pgTable(
  'password_token',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    purpose: passwordTokenPurpose().notNull(),
    tokenHash: text().notNull().unique(),
    /** For 'activate': the chosen password, applied only when the link is opened. */
    pendingPasswordHash: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);

/** Fixed-window counters shared by every server process (DESIGN.md §7: no per-process state). */
export const rateLimit = pgTable('rate_limit', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().references(() => tenant.id, { onDelete: 'cascade' }),
    userId: integer().references(() => appUser.id, { onDelete: 'set null' }),
    event: text().notNull(),
    ip: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenantId, t.createdAt), index().on(t.userId)],
);
