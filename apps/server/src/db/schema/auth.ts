import { APPLICATIONS } from '@kanal/contract';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { identityProvider } from './sso.js';
import { tenant } from './tenants.js';
import { appUser } from './users.js';

export const application = pgEnum('application', APPLICATIONS);

export const session = pgTable(
  'session',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    /** SHA-256 of the bearer token, which names its tenant (lib/tokens.ts): a leaked table cannot be replayed. */
    tokenHash: text().notNull(),
    rememberMe: boolean().notNull(),
    application: application().notNull(),
    device: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The identity provider that vouched for the person (issue 31); null for a password's session. */
    providerId: integer(),
    /**
     * The provider's ID token, sealed (lib/secret-box.ts): the `id_token_hint` of the sign-out at the provider,
     * which some providers require (Okta) or need to send the person back (IdentityServer). Cleared when the
     * session is revoked.
     */
    idTokenSealed: text(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('session_tenant_id_token_hash_key').on(t.tenantId, t.tokenHash),
    index().on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
    // A deleted provider leaves its sessions running, without it: ON DELETE SET NULL (provider_id) only
    // (drizzle/0035_sso_session_provider.sql; drizzle cannot say so — redo it if this key is recreated).
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProvider.tenantId, identityProvider.id],
    }).onDelete('set null'),
  ],
);

export const passwordTokenPurpose = pgEnum('password_token_purpose', [
  'activate',
  'reset',
  'activation_code',
  'email_change',
]);

/**
 * Single-use secrets: links mailed for first-time set-up confirmation and password reset, and the
 * activation codes an admin hands to a username-only account (DESIGN.md §5); and the link mailed to a new
 * e-mail address, which changes the account's address only once it is opened (`email_change`).
 */
export const passwordToken = pgTable(
  'password_token',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    purpose: passwordTokenPurpose().notNull(),
    /** SHA-256 of the link's token, which names its tenant, or of an activation code and its account. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** An `email_change` link's new address; null for the other purposes. */
    email: text(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('password_token_tenant_id_token_hash_key').on(t.tenantId, t.tokenHash),
    index().on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);

/**
 * Browsers that have signed in to an account (OWASP's device cookies). Failed sign-ins from such a
 * browser are limited on their own, so guessing from elsewhere cannot lock its owner out.
 */
export const trustedDevice = pgTable(
  'trusted_device',
  {
    tenantId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    /** SHA-256 of the token in the browser's cookie, which names its tenant. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('trusted_device_tenant_id_token_hash_key').on(t.tenantId, t.tokenHash),
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

/**
 * Not a tenant's table, though most rows name one: events before an account is known have no tenant, so it
 * stays undistributed when the tenants' tables are distributed (db/tenant-keys.test.ts). The user is recorded,
 * not referenced: the trail keeps who acted after their account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().references(() => tenant.id, { onDelete: 'cascade' }),
    userId: integer(),
    event: text().notNull(),
    ip: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenantId, t.createdAt), index().on(t.userId)],
);
