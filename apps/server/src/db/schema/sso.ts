import type { SsoClaimedAttribute } from '@kanal/contract';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';
import { appUser, userGroup } from './users.js';

/**
 * An organisation's OpenID Connect provider (issue 31). The client secret is sealed with the server's
 * secrets key (lib/secret-box.ts), never stored or answered in the clear.
 */
export const identityProvider = pgTable(
  'identity_provider',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    issuer: text().notNull(),
    clientId: text().notNull(),
    clientSecretSealed: text().notNull(),
    groupsClaim: text(),
    /**
     * The claim that carries each person attribute the provider sets at sign-in; an attribute not in it is
     * not mapped. Read and written whole, never queried, so one value rather than a column each.
     */
    attributeClaims: jsonb().$type<Partial<Record<SsoClaimedAttribute, string>>>().notNull().default({}),
    createPeople: boolean().notNull().default(false),
    passwordsAllowed: boolean().notNull().default(true),
    enabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * The e-mail domains a provider signs in: each belongs to one provider of one organisation, across them
 * all (the login screen finds the provider by the address alone), so a reference table like login_identifier.
 */
export const identityProviderDomain = pgTable(
  'identity_provider_domain',
  {
    domain: text().primaryKey(),
    tenantId: integer().notNull(),
    providerId: integer().notNull(),
  },
  (t) => [
    index().on(t.tenantId, t.providerId),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProvider.tenantId, identityProvider.id],
    }).onDelete('cascade'),
  ],
);

/** Which of the organisation's groups a value of the provider's groups claim stands for. */
export const identityProviderGroup = pgTable(
  'identity_provider_group',
  {
    tenantId: integer().notNull(),
    providerId: integer().notNull(),
    value: text().notNull(),
    groupId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.value] }),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProvider.tenantId, identityProvider.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [userGroup.tenantId, userGroup.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A person as a provider knows them: its `sub`, stored at the first sign-in, matched at every next one. */
export const userIdentity = pgTable(
  'user_identity',
  {
    tenantId: integer().notNull(),
    providerId: integer().notNull(),
    subject: text().notNull(),
    userId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.subject] }),
    index().on(t.tenantId, t.userId),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProvider.tenantId, identityProvider.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);

/**
 * A sign-in sent to a provider and not yet back: found by its `state` (a token that names its tenant,
 * lib/tokens.ts; hashed), taken once (a replayed
 * answer finds nothing), with the nonce and PKCE verifier the answer is checked against. In the database,
 * so whichever process the provider's redirect reaches can finish it.
 */
export const ssoAttempt = pgTable(
  'sso_attempt',
  {
    stateHash: text().notNull(),
    tenantId: integer().notNull(),
    providerId: integer().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    rememberMe: boolean().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.stateHash] }),
    index().on(t.expiresAt),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProvider.tenantId, identityProvider.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A finished sign-in waiting for the web app to take its session: a single-use ticket (hashed), good for
 * a minute, so the session token itself never travels in a URL.
 */
export const ssoTicket = pgTable(
  'sso_ticket',
  {
    ticketHash: text().notNull(),
    tenantId: integer().notNull(),
    /** The provider that vouched for the person: the sign-in's audit and the session name it. */
    providerId: integer().notNull(),
    userId: integer().notNull(),
    rememberMe: boolean().notNull(),
    /** The provider's ID token, sealed (lib/secret-box.ts), for the session's sign-out at the provider. */
    idTokenSealed: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ticketHash] }),
    index().on(t.expiresAt),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);
