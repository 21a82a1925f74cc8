import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser, userGroup } from './users.js';

/**
 * What an organisation's directory calls one of its people (SCIM, issue 31): its `userName` (Entra ID's
 * user principal name, Okta's login), which need not be the address we mail, and its own id for them
 * (`externalId`). A person the directory never wrote has no row: they are found by their e-mail or
 * username, so a directory's first lookup matches the people an import brought in.
 */
export const scimUser = pgTable(
  'scim_user',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    userName: text().notNull(),
    externalId: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    // userName is unique and compared without case (RFC 7643 §4.1.1).
    uniqueIndex('scim_user_user_name_key').on(t.tenantId, sql`lower(${t.userName})`),
    index('scim_user_external_id_idx').on(t.tenantId, t.externalId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [appUser.tenantId, appUser.id] }).onDelete('cascade'),
  ],
);

/** A directory's own id for one of the organisation's groups (`externalId`). */
export const scimGroup = pgTable(
  'scim_group',
  {
    tenantId: integer().notNull(),
    groupId: integer().notNull(),
    externalId: text(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId] }),
    index('scim_group_external_id_idx').on(t.tenantId, t.externalId),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [userGroup.tenantId, userGroup.id] }).onDelete(
      'cascade',
    ),
  ],
);
