import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenant } from './tenants.js';

export const role = pgEnum('role', ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST', 'USER']);

export const appUser = pgTable(
  'app_user',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    avatar: uuid(),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Login has no tenant picker, so an e-mail or a username names one account across all tenants.
    uniqueIndex('app_user_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('app_user_username_lower_key').on(sql`lower(${t.username})`),
    // The target of every (tenant_id, user_id) foreign key: a row can never point into another tenant.
    unique('app_user_tenant_id_id_key').on(t.tenantId, t.id),
  ],
);

export const userGroup = pgTable(
  'user_group',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_group_tenant_id_id_key').on(t.tenantId, t.id), unique().on(t.tenantId, t.name)],
);

export const groupMember = pgTable(
  'group_member',
  {
    tenantId: integer().notNull(),
    groupId: integer().notNull(),
    userId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index().on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [userGroup.tenantId, userGroup.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);
