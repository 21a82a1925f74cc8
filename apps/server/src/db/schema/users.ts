import { LANGUAGES, ROLES } from '@kanal/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';

export const role = pgEnum('role', ROLES);

export const appUser = pgTable(
  'app_user',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    email: text(),
    username: text(),
    name: text().notNull(),
    role: role().notNull().default('USER'),
    passwordHash: text(),
    active: boolean().notNull().default(true),
    phone: text(),
    /** The language the person last used the app in: their notices and e-mails speak it. */
    language: text({ enum: LANGUAGES }).notNull().default('hr'),
    avatar: uuid(),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    // What an organisation knows of a person beyond their account (issue 31): set by the console, the
    // spreadsheet import and, later, SCIM and sign-in claims, all through the people service's
    // setAttributes; item audiences will be rules over them.
    department: text(),
    location: text(),
    jobTitle: text(),
    employeeNumber: text(),
    /** Another person of the same tenant (the foreign key below includes the tenant). */
    managerId: integer(),
    startDate: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Name, e-mail and username folded for the admin search (kanal_fold: lower case, Croatian and common
     * accented letters as plain ones), so "sime cacic" finds "Šime Čačić". Kept by the database itself.
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`kanal_fold(${appUser.name} || ' ' || coalesce(${appUser.email}, '') || ' ' || coalesce(${appUser.username}, ''))`,
      ),
  },
  (t) => [
    // Every key of a tenant's row starts with its tenant (DESIGN.md §4, §7), and every (tenant_id, user_id)
    // foreign key points here: a row can never point into another tenant. E-mails and usernames are
    // unique across tenants through login_identifier.
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Whether a file is someone's avatar, when a user asks for it (files.repository).
    index('app_user_avatar_idx').on(t.tenantId, t.avatar).where(sql`${t.avatar} IS NOT NULL`),
    // The admin list's default order: by folded name, a page at a time.
    index('app_user_search_idx').on(t.tenantId, t.searchText, t.id),
    // The admin search over the whole tenant: any part of a word (trigrams, pg_trgm).
    index('app_user_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The people list's filters by attribute, and their values with counts (GET /user/attributes).
    index('app_user_department_idx').on(t.tenantId, t.department),
    index('app_user_location_idx').on(t.tenantId, t.location),
    index('app_user_job_title_idx').on(t.tenantId, t.jobTitle),
    // An import's manager column names people by their employee number too.
    index('app_user_employee_number_idx').on(t.tenantId, t.employeeNumber),
    // A person's reports, and the manager key's checks when a manager is deleted.
    index('app_user_manager_idx').on(t.tenantId, t.managerId),
    // Deleting a manager leaves their reports without one. Only manager_id may become null (the tenant
    // is part of the key and never null), which PostgreSQL 15 writes ON DELETE SET NULL (manager_id);
    // drizzle writes no column list, so the person_attributes migration adds it by hand: keep the two alike.
    foreignKey({
      name: 'app_user_manager_fk',
      columns: [t.tenantId, t.managerId],
      foreignColumns: [t.tenantId, t.id],
    }).onDelete('set null'),
    check('app_user_not_own_manager', sql`${t.managerId} <> ${t.id}`),
    // Audiences by rule (issue 31): "started after / before a day", and "job title contains", accents and
    // case folded as kanal_fold folds them (the other attributes' rules use the indexes above).
    index('app_user_start_date_idx').on(t.tenantId, t.startDate),
    index('app_user_job_title_trgm_idx').using('gin', sql`kanal_fold(${t.jobTitle}) gin_trgm_ops`),
  ],
);

export const userGroup = pgTable(
  'user_group',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // One name whatever its case, accents or spacing (kanal_name_key, migration 0028): "Prodaja", "prodaja"
    // and "Prodája" are one group, and an import's group column names exactly one.
    uniqueIndex('user_group_name_key').on(t.tenantId, sql`kanal_name_key(${t.name})`),
  ],
);

export const groupMember = pgTable(
  'group_member',
  {
    tenantId: integer().notNull(),
    groupId: integer().notNull(),
    userId: integer().notNull(),
    /**
     * The member's app_user.search_text, copied by the database (triggers, migration 0016): a group's
     * people are searched and listed by name from this table's index alone.
     */
    searchText: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.userId] }),
    index().on(t.tenantId, t.userId),
    index('group_member_search_idx').on(t.tenantId, t.groupId, t.searchText, t.userId),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [userGroup.tenantId, userGroup.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);

/**
 * Sign-in identifiers: the lower-cased e-mail and username of every account. Login has no tenant picker,
 * so an identifier names one account across all tenants; this small table (a reference table if the
 * rest is distributed by tenant) holds that rule, which a unique index of app_user could not once
 * app_user is split by tenant. Written with the account, in its transaction (users/accounts.ts).
 */
export const loginIdentifier = pgTable(
  'login_identifier',
  {
    identifier: text().primaryKey(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
  },
  (t) => [
    // An account's own rows, when its e-mail or username changes or it is deleted.
    index().on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);
