import { type AudienceReach, type AudienceRule, ruleIdsOf } from '@kanal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rulesOfItem, rulesSql } from '../../db/audience-rules.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import {
  appUser,
  content,
  contentAudienceGroup,
  contentAudienceRule,
  contentAudienceUser,
  userGroup,
} from '../../db/schema/index.js';
import { oneItem } from './authoring-sql.js';

/** Everyone, or the groups, people and rules given (any of which admits a person). */
export type Audience = 'all' | { groups?: number[]; users?: number[]; rules?: AudienceRule[] };

export function audienceParts(audience: Audience) {
  if (audience === 'all') return { all: true, groups: [], users: [], rules: [] };
  return {
    all: false,
    groups: [...new Set(audience.groups ?? [])],
    users: [...new Set(audience.users ?? [])],
    rules: audience.rules ?? [],
  };
}

/** Whom an item is aimed at, as authoring writes and reads it: everyone, its groups, its people and its rules. */
export const createAudienceRepository = (db: DbOrTx) => ({
  async replaceAudience(
    tenantId: number,
    contentId: number,
    { all, groups, users, rules }: { all: boolean; groups: number[]; users: number[]; rules: AudienceRule[] },
  ) {
    await db.update(content).set({ audienceAll: all, updatedAt: sql`now()` }).where(oneItem(tenantId, contentId));
    await db
      .delete(contentAudienceGroup)
      .where(and(eq(contentAudienceGroup.tenantId, tenantId), eq(contentAudienceGroup.contentId, contentId)));
    await db
      .delete(contentAudienceUser)
      .where(and(eq(contentAudienceUser.tenantId, tenantId), eq(contentAudienceUser.contentId, contentId)));
    await db
      .delete(contentAudienceRule)
      .where(and(eq(contentAudienceRule.tenantId, tenantId), eq(contentAudienceRule.contentId, contentId)));
    if (groups.length) {
      await db.insert(contentAudienceGroup).values(groups.map((groupId) => ({ tenantId, contentId, groupId })));
    }
    if (users.length) {
      await db.insert(contentAudienceUser).values(users.map((userId) => ({ tenantId, contentId, userId })));
    }
    if (rules.length) await db.insert(contentAudienceRule).values({ tenantId, contentId, rules });
  },

  /**
   * Who an item is aimed at by name: its groups and people, in name order, its rules, and the groups and
   * people its rules name (those still there).
   */
  async audienceOf(tenantId: number, contentId: number) {
    const rules = await rulesOfItem(db, tenantId, contentId);
    const named = ruleIdsOf(rules);
    const groupsNamed = (ids: number[]) =>
      ids.length === 0
        ? []
        : db
            .select({ id: userGroup.id, name: userGroup.name })
            .from(userGroup)
            .where(and(eq(userGroup.tenantId, tenantId), inArray(userGroup.id, ids)))
            .orderBy(sql`kanal_fold(${userGroup.name})`, asc(userGroup.id));
    const peopleNamed = (ids: number[]) =>
      ids.length === 0
        ? []
        : db
            .select({ id: appUser.id, name: appUser.name })
            .from(appUser)
            .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, ids)))
            .orderBy(asc(appUser.searchText), asc(appUser.id));
    const [groups, people, ruleGroups, rulePeople] = await Promise.all([
      db
        .select({ id: userGroup.id, name: userGroup.name })
        .from(contentAudienceGroup)
        .innerJoin(
          userGroup,
          and(eq(userGroup.tenantId, contentAudienceGroup.tenantId), eq(userGroup.id, contentAudienceGroup.groupId)),
        )
        .where(and(eq(contentAudienceGroup.tenantId, tenantId), eq(contentAudienceGroup.contentId, contentId)))
        .orderBy(sql`kanal_fold(${userGroup.name})`, asc(userGroup.id)),
      db
        .select({ id: appUser.id, name: appUser.name })
        .from(contentAudienceUser)
        .innerJoin(
          appUser,
          and(eq(appUser.tenantId, contentAudienceUser.tenantId), eq(appUser.id, contentAudienceUser.userId)),
        )
        .where(and(eq(contentAudienceUser.tenantId, tenantId), eq(contentAudienceUser.contentId, contentId)))
        .orderBy(asc(appUser.searchText), asc(appUser.id)),
      groupsNamed(named.groups),
      peopleNamed(named.people),
    ]);
    return { groups, people, rules, ruleRefs: { groups: ruleGroups, people: rulePeople } };
  },

  /** Of the group and person ids given, those that are not the tenant's. */
  async strangers(tenantId: number, groupIds: number[], userIds: number[]) {
    const [groups, people] = await Promise.all([
      groupIds.length
        ? db
            .select({ id: userGroup.id })
            .from(userGroup)
            .where(and(eq(userGroup.tenantId, tenantId), inArray(userGroup.id, groupIds)))
        : [],
      userIds.length
        ? db
            .select({ id: appUser.id })
            .from(appUser)
            .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, userIds)))
        : [],
    ]);
    const known = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));
    const groupsKnown = known(groups);
    const peopleKnown = known(people);
    return {
      groups: groupIds.filter((id) => !groupsKnown.has(id)),
      people: userIds.filter((id) => !peopleKnown.has(id)),
    };
  },

  /**
   * How many active people of the tenant the rules admit now, and the first `sample` of them by name, in
   * one statement: the rule's predicate over the tenant's people, on app_user's indexes by attribute.
   */
  async reach(tenantId: number, rules: AudienceRule[], sample: number): Promise<AudienceReach> {
    const result = await db.execute(sql`
      WITH reached AS (
        SELECT u.id, u.name, u.search_text FROM app_user u
        WHERE u.tenant_id = ${tenantId} AND u.active AND ${rulesSql(sql`u`, rules)})
      SELECT (SELECT count(*) FROM reached)::int AS count,
        coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.search_text, s.id)
          FROM (SELECT id, name, search_text FROM reached ORDER BY search_text, id LIMIT ${sample}) s), '[]') AS sample`);
    const [row] = rowsOf<{ count: number; sample: { id: number; name: string }[] | string }>(result);
    const people = typeof row?.sample === 'string' ? JSON.parse(row.sample) : (row?.sample ?? []);
    return { count: Number(row?.count ?? 0), sample: people };
  },
});
