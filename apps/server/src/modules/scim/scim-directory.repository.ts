import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, groupMember, scimGroup, scimUser, userGroup } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Condition } from './scim-filter.js';

// What a directory sees of an organisation: its people but the platform's own operators (SUPERADMIN
// accounts are not the organisation's directory's to change), its groups, and the names and ids the
// directory gave them. Written here: the directory's names (scim_user, scim_group); the people and groups
// themselves are the users module's, changed through its services.

const NONE = sql`false`;
const idOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null);

export type Page = { startIndex: number; count: number };

export const createDirectoryRepository = (db: DbOrTx) => {
  /** Who a user condition admits, each one answered from an index. */
  const userCondition = (tenantId: number, { attribute, value }: Condition): SQL => {
    switch (attribute) {
      case 'id': {
        const id = idOf(value);
        return id === null ? NONE : eq(appUser.id, id);
      }
      case 'userName':
        // The directory's name for them, or, for someone it never named, their e-mail or username.
        return sql`${appUser.id} IN (
          SELECT user_id FROM scim_user WHERE tenant_id = ${tenantId} AND lower(user_name) = lower(${value})
          UNION ALL
          SELECT li.user_id FROM login_identifier li
          WHERE li.identifier = lower(${value}) AND li.tenant_id = ${tenantId}
            AND NOT EXISTS (SELECT 1 FROM scim_user s WHERE s.tenant_id = li.tenant_id AND s.user_id = li.user_id))`;
      case 'externalId':
        return sql`${appUser.id} IN (
          SELECT user_id FROM scim_user WHERE tenant_id = ${tenantId} AND external_id = ${value})`;
      case 'email':
        return sql`${appUser.id} IN (
          SELECT user_id FROM login_identifier WHERE identifier = lower(${value}) AND tenant_id = ${tenantId})
          AND lower(${appUser.email}) = lower(${value})`;
      case 'displayName':
        return eq(appUser.name, value);
      default:
        return NONE;
    }
  };

  const groupCondition = (tenantId: number, { attribute, value }: Condition): SQL => {
    switch (attribute) {
      case 'id': {
        const id = idOf(value);
        return id === null ? NONE : eq(userGroup.id, id);
      }
      case 'displayName':
        return sql`kanal_name_key(${userGroup.name}) = kanal_name_key(${value})`;
      case 'externalId':
        return sql`${userGroup.id} IN (
          SELECT group_id FROM scim_group WHERE tenant_id = ${tenantId} AND external_id = ${value})`;
      case 'member': {
        const id = idOf(value);
        return id === null
          ? NONE
          : sql`EXISTS (SELECT 1 FROM group_member m
              WHERE m.tenant_id = ${tenantId} AND m.group_id = ${userGroup.id} AND m.user_id = ${id})`;
      }
      default:
        return NONE;
    }
  };

  const visiblePeople = (tenantId: number) => and(eq(appUser.tenantId, tenantId), ne(appUser.role, 'SUPERADMIN'));

  /** The ids of the people the conditions admit, by id, a page of them, and how many in all. */
  async function findUsers(tenantId: number, conditions: Condition[], { startIndex, count }: Page) {
    const where = and(visiblePeople(tenantId), ...conditions.map((c) => userCondition(tenantId, c)));
    const [rows, [total]] = await Promise.all([
      count === 0
        ? []
        : db
            .select({ id: appUser.id })
            .from(appUser)
            .where(where)
            .orderBy(asc(appUser.id))
            .limit(count)
            .offset(startIndex - 1),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(appUser)
        .where(where),
    ]);
    return { ids: rows.map((row) => row.id), total: total?.n ?? 0 };
  }

  return {
    findUsers,

    /** Whether the person is one a directory sees (of the tenant, not a SUPERADMIN). */
    async isVisible(tenantId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: appUser.id })
        .from(appUser)
        .where(and(visiblePeople(tenantId), eq(appUser.id, userId)));
      return row !== undefined;
    },

    /** The directory's names for these people, where it gave them. */
    async userNames(tenantId: number, userIds: number[]) {
      if (userIds.length === 0) return new Map<number, { userName: string; externalId: string | null }>();
      const rows = await db
        .select({ userId: scimUser.userId, userName: scimUser.userName, externalId: scimUser.externalId })
        .from(scimUser)
        .where(and(eq(scimUser.tenantId, tenantId), inArray(scimUser.userId, userIds)));
      return new Map(rows.map(({ userId, ...names }) => [userId, names]));
    },

    /** Sets the directory's names for a person; 'taken' when another of the tenant has the userName. */
    async nameUser(
      tenantId: number,
      userId: number,
      names: { userName: string; externalId: string | null },
      at: Date,
    ): Promise<'ok' | 'taken'> {
      try {
        await db
          .insert(scimUser)
          .values({ tenantId, userId, ...names, updatedAt: at })
          .onConflictDoUpdate({ target: [scimUser.tenantId, scimUser.userId], set: { ...names, updatedAt: at } });
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Whether another person of the tenant goes by this userName (theirs, or for the unnamed, their identifiers). */
    async userNameTaken(tenantId: number, userName: string, exceptUserId?: number): Promise<boolean> {
      const { ids } = await findUsers(tenantId, [{ attribute: 'userName', value: userName }], {
        startIndex: 1,
        count: 2,
      });
      return ids.some((id) => id !== exceptUserId);
    },

    async findGroups(tenantId: number, conditions: Condition[], { startIndex, count }: Page) {
      const where = and(eq(userGroup.tenantId, tenantId), ...conditions.map((c) => groupCondition(tenantId, c)));
      const [rows, [total]] = await Promise.all([
        count === 0
          ? []
          : db
              .select({ id: userGroup.id, name: userGroup.name, createdAt: userGroup.createdAt })
              .from(userGroup)
              .where(where)
              .orderBy(asc(userGroup.id))
              .limit(count)
              .offset(startIndex - 1),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(userGroup)
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async groupExternalIds(tenantId: number, groupIds: number[]) {
      if (groupIds.length === 0) return new Map<number, string | null>();
      const rows = await db
        .select({ groupId: scimGroup.groupId, externalId: scimGroup.externalId })
        .from(scimGroup)
        .where(and(eq(scimGroup.tenantId, tenantId), inArray(scimGroup.groupId, groupIds)));
      return new Map(rows.map((row) => [row.groupId, row.externalId]));
    },

    async setGroupExternalId(tenantId: number, groupId: number, externalId: string | null): Promise<void> {
      await db
        .insert(scimGroup)
        .values({ tenantId, groupId, externalId })
        .onConflictDoUpdate({ target: [scimGroup.tenantId, scimGroup.groupId], set: { externalId } });
    },

    /** The members of these groups a directory sees, by group, with their names. */
    async membersOf(tenantId: number, groupIds: number[]) {
      const members = new Map<number, { id: number; name: string }[]>(groupIds.map((id) => [id, []]));
      if (groupIds.length === 0) return members;
      const rows = await db
        .select({ groupId: groupMember.groupId, id: appUser.id, name: appUser.name })
        .from(groupMember)
        .innerJoin(appUser, and(eq(appUser.tenantId, groupMember.tenantId), eq(appUser.id, groupMember.userId)))
        .where(
          and(
            eq(groupMember.tenantId, tenantId),
            inArray(groupMember.groupId, groupIds),
            ne(appUser.role, 'SUPERADMIN'),
          ),
        )
        .orderBy(asc(groupMember.groupId), asc(appUser.id));
      for (const row of rows) members.get(row.groupId)?.push({ id: row.id, name: row.name });
      return members;
    },

    /** Of these ids, those of people a directory sees. */
    async visibleAmong(tenantId: number, userIds: number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: appUser.id })
        .from(appUser)
        .where(and(visiblePeople(tenantId), inArray(appUser.id, userIds)));
      return rows.map((row) => row.id);
    },
  };
};
export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
