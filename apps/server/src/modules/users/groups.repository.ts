import type { Group, GroupListQuery } from '@kanal/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { appUser, groupMember, userGroup } from '../../db/schema/index.js';
import { searchWords } from '../../db/search.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

/** A tenant's groups and who is in them (user_group, group_member). */
export const createGroupsRepository = (db: DbOrTx) => {
  const own = (tenantId: number, groupId: number) => and(eq(userGroup.tenantId, tenantId), eq(userGroup.id, groupId));
  // Spelled out: in a select list drizzle leaves columns unqualified, which would bind to the inner table.
  const memberCount = sql<number>`(SELECT count(*)::int FROM group_member gm
    WHERE gm.tenant_id = "user_group"."tenant_id" AND gm.group_id = "user_group"."id")`;
  const groupColumns = { id: userGroup.id, name: userGroup.name, memberCount, createdAt: userGroup.createdAt };

  return {
    /** GET /group: one page of the tenant's groups by name, with how many match. */
    async list(tenantId: number, query: GroupListQuery) {
      const where = and(eq(userGroup.tenantId, tenantId), ...searchWords(sql`kanal_fold(${userGroup.name})`, query.q));
      const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(userGroup).where(where);
      const rows = await db
        .select(groupColumns)
        .from(userGroup)
        .where(where)
        .orderBy(sql`kanal_fold(${userGroup.name})`, asc(userGroup.id))
        .limit(query.limit)
        .offset(query.offset);
      return { count: counted?.count ?? 0, rows };
    },

    /** GET /group/tenant: every group of the tenant, for pickers. */
    all: (tenantId: number): Promise<Group[]> =>
      db
        .select({ id: userGroup.id, name: userGroup.name })
        .from(userGroup)
        .where(eq(userGroup.tenantId, tenantId))
        .orderBy(sql`kanal_fold(${userGroup.name})`, asc(userGroup.id)),

    async find(tenantId: number, groupId: number) {
      const [row] = await db.select(groupColumns).from(userGroup).where(own(tenantId, groupId));
      return row;
    },

    /** Of the given ids, those that are groups of the tenant. */
    async existing(tenantId: number, groupIds: number[]): Promise<number[]> {
      if (groupIds.length === 0) return [];
      const rows = await db
        .select({ id: userGroup.id })
        .from(userGroup)
        .where(and(eq(userGroup.tenantId, tenantId), inArray(userGroup.id, groupIds)));
      return rows.map((row) => row.id);
    },

    /**
     * Each of `names` with its folded key (kanal_name_key, by which a tenant's group names are unique) and
     * the tenant's group of that name, if any: how an import's names are matched to groups and told apart
     * from each other, the database's one way.
     */
    async named(tenantId: number, names: string[]): Promise<Map<string, { key: string; group: Group | null }>> {
      const named = new Map<string, { key: string; group: Group | null }>();
      if (names.length === 0) return named;
      const rows = rowsOf<{ given: string; key: string; id: number | null; name: string | null }>(
        await db.execute(sql`
          SELECT given.name AS given, kanal_name_key(given.name) AS key, g.id, g.name
          FROM unnest(${sql.param([...new Set(names)])}::text[]) AS given (name)
          LEFT JOIN user_group g ON g.tenant_id = ${tenantId} AND kanal_name_key(g.name) = kanal_name_key(given.name)`),
      );
      for (const { given, key, id, name } of rows) {
        named.set(given, { key, group: id === null || name === null ? null : { id, name } });
      }
      return named;
    },

    /** A new group; 'taken' when the tenant already has one of that name (by its folded key). */
    async insert(tenantId: number, name: string): Promise<number | 'taken'> {
      try {
        const [row] = await db.insert(userGroup).values({ tenantId, name }).returning({ id: userGroup.id });
        if (!row) throw new Error('group insert returned nothing');
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async rename(tenantId: number, groupId: number, name: string): Promise<'ok' | 'taken'> {
      try {
        await db.update(userGroup).set({ name }).where(own(tenantId, groupId));
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Deletes a group (its memberships and its place in content audiences go with it); its members before. */
    async delete(tenantId: number, groupId: number): Promise<number[]> {
      const members = await db
        .select({ id: groupMember.userId })
        .from(groupMember)
        .where(and(eq(groupMember.tenantId, tenantId), eq(groupMember.groupId, groupId)));
      await db.delete(userGroup).where(own(tenantId, groupId));
      return members.map((row) => row.id);
    },

    /** Each person's groups by name, for the people named. */
    async groupsOf(tenantId: number, userIds: number[]): Promise<Map<number, Group[]>> {
      const groups = new Map<number, Group[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return groups;
      const rows = await db
        .select({ userId: groupMember.userId, id: userGroup.id, name: userGroup.name })
        .from(groupMember)
        .innerJoin(userGroup, and(eq(userGroup.tenantId, groupMember.tenantId), eq(userGroup.id, groupMember.groupId)))
        .where(and(eq(groupMember.tenantId, tenantId), inArray(groupMember.userId, userIds)))
        .orderBy(sql`kanal_fold(${userGroup.name})`, asc(userGroup.id));
      for (const { userId, ...group } of rows) groups.get(userId)?.push(group);
      return groups;
    },

    /** Makes a person's groups exactly these (ids the caller has checked are the tenant's). */
    async setGroupsOf(tenantId: number, userId: number, groupIds: number[]): Promise<void> {
      const others: SQL | undefined = groupIds.length > 0 ? sql`AND group_id NOT IN ${groupIds}` : undefined;
      await db.execute(
        sql`DELETE FROM group_member WHERE tenant_id = ${tenantId} AND user_id = ${userId} ${others ?? sql``}`,
      );
      if (groupIds.length === 0) return;
      await db
        .insert(groupMember)
        .values(groupIds.map((groupId) => ({ tenantId, groupId, userId })))
        .onConflictDoNothing();
    },

    /** Many memberships at once (an import's new people), ids the caller has checked are the tenant's. */
    async addMemberships(tenantId: number, memberships: { userId: number; groupId: number }[]): Promise<void> {
      if (memberships.length === 0) return;
      await db
        .insert(groupMember)
        .values(memberships.map((m) => ({ tenantId, ...m })))
        .onConflictDoNothing();
    },

    /** Adds people to a group (those already in stay), only people of the tenant. */
    async addMembers(tenantId: number, groupId: number, userIds: number[]): Promise<void> {
      if (userIds.length === 0) return;
      await db.execute(sql`
        INSERT INTO group_member (tenant_id, group_id, user_id)
        SELECT ${tenantId}, ${groupId}, u.id FROM ${appUser} u WHERE u.tenant_id = ${tenantId} AND u.id IN ${userIds}
        ON CONFLICT DO NOTHING`);
    },

    /** Takes people out of a group; those who were in it. */
    async removeMembers(tenantId: number, groupId: number, userIds: number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const removed = await db
        .delete(groupMember)
        .where(
          and(
            eq(groupMember.tenantId, tenantId),
            eq(groupMember.groupId, groupId),
            inArray(groupMember.userId, userIds),
          ),
        )
        .returning({ userId: groupMember.userId });
      return removed.map((row) => row.userId);
    },
  };
};
export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
