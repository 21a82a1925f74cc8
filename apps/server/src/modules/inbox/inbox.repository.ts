import { type AudienceRule, LIVE_STATUSES } from '@kanal/contract';
import { and, eq, exists, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ruledPeople, rulesOfItem, rulesSql } from '../../db/audience-rules.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { content, contentInteraction } from '../../db/schema/index.js';
import { sameItem } from '../../db/visibility.js';

/** What every inbox row of an item copies from it, so the feed never reads the item to pick or order. */
type InboxCopies = { publishAt: Date; isTask: boolean; deadline: Date | null };

/**
 * The active users an item is aimed at: every one of the tenant (audience_all), the members of its
 * groups, the people named, and those its rules admit (`rules`, read beforehand: rulesOfItem).
 * Deactivated accounts receive nothing.
 */
const audienceOf = (tenantId: number, contentId: number, rules: readonly AudienceRule[]): SQL => sql`
  SELECT u.id FROM app_user u
    JOIN content c ON c.tenant_id = u.tenant_id AND c.id = ${contentId} AND c.audience_all
    WHERE u.tenant_id = ${tenantId} AND u.active
  UNION
  SELECT u.id FROM content_audience_group ag
    JOIN group_member gm ON gm.tenant_id = ag.tenant_id AND gm.group_id = ag.group_id
    JOIN app_user u ON u.tenant_id = gm.tenant_id AND u.id = gm.user_id AND u.active
    WHERE ag.tenant_id = ${tenantId} AND ag.content_id = ${contentId}
  UNION
  SELECT u.id FROM content_audience_user au
    JOIN app_user u ON u.tenant_id = au.tenant_id AND u.id = au.user_id AND u.active
    WHERE au.tenant_id = ${tenantId} AND au.content_id = ${contentId}
  ${rules.length > 0 ? sql`UNION ${ruledPeople(tenantId, rules)}` : sql``}`;

/** Not a repeating task's occurrence the next one replaced: such an item's rows stay as they were. */
const currentItem = sql`NOT EXISTS (SELECT 1 FROM task st
  WHERE st.tenant_id = c.tenant_id AND st.content_id = c.id AND st.superseded_at IS NOT NULL)`;

/** The live items of a tenant that have rules, by their rules (items with the same rules together). */
type RuledItems = { rules: AudienceRule[]; contentIds: number[] }[];

/**
 * The live items each of some users is aimed at (user_id, content_id): every live item of the tenant for
 * everyone, those for one of the user's groups, those naming the user, and those whose rules (`ruled`,
 * read beforehand) admit the user. Deactivated accounts are aimed at by nothing.
 */
const itemsAimedAt = (tenantId: number, userIds: number[], ruled: RuledItems): SQL => {
  // The ids as one array, joined as a relation: hashed, where `id IN (…)` would test every row against
  // the whole list (10,000 × 10,000 for an import), and one parameter whatever their number.
  const users = sql`app_user u JOIN unnest(${sql.param(userIds)}::int[]) picked (id) ON picked.id = u.id
    AND u.tenant_id = ${tenantId} AND u.active`;
  const live = sql`c.tenant_id = ${tenantId} AND c.status IN ('published', 'scheduled') AND ${currentItem}`;
  // One branch per distinct rule set (the same rule on many items is tested once per user).
  const byRule = ruled.map(
    ({ rules, contentIds }) => sql`
  UNION
  SELECT u.id, ruled.id FROM ${users}
    JOIN unnest(${sql.param(contentIds)}::int[]) ruled (id) ON ${rulesSql(sql`u`, rules)}`,
  );
  return sql`
  SELECT u.id AS user_id, c.id AS content_id FROM ${users}
    JOIN content c ON ${live} AND c.audience_all
  UNION
  SELECT u.id, c.id FROM ${users}
    JOIN group_member gm ON gm.tenant_id = u.tenant_id AND gm.user_id = u.id
    JOIN content_audience_group ag ON ag.tenant_id = gm.tenant_id AND ag.group_id = gm.group_id
    JOIN content c ON ${live} AND c.id = ag.content_id
  UNION
  SELECT u.id, c.id FROM ${users}
    JOIN content_audience_user au ON au.tenant_id = u.tenant_id AND au.user_id = u.id
    JOIN content c ON ${live} AND c.id = au.content_id${sql.join(byRule)}`;
};

const oneRow = (tenantId: number | SQLWrapper, userId: number | SQLWrapper, contentId: number | SQLWrapper) =>
  and(
    eq(contentInteraction.tenantId, tenantId),
    eq(contentInteraction.userId, userId),
    eq(contentInteraction.contentId, contentId),
  );

/** The inbox (content_interaction): this module is its only writer. */
export const createInboxRepository = (db: DbOrTx) => {
  /** The tenant's live items that have rules, grouped by their rules. */
  async function liveRuledItems(tenantId: number): Promise<RuledItems> {
    const rows = rowsOf<{ content_id: number; rules: AudienceRule[] }>(
      await db.execute(sql`
        SELECT r.content_id, r.rules FROM content_audience_rule r
          JOIN content c ON c.tenant_id = r.tenant_id AND c.id = r.content_id
        WHERE r.tenant_id = ${tenantId} AND c.status IN ('published', 'scheduled') AND ${currentItem}`),
    );
    const byRules = new Map<string, { rules: AudienceRule[]; contentIds: number[] }>();
    for (const row of rows) {
      const rules = typeof row.rules === 'string' ? (JSON.parse(row.rules) as AudienceRule[]) : row.rules;
      const key = JSON.stringify(rules);
      const group = byRules.get(key) ?? { rules, contentIds: [] };
      group.contentIds.push(Number(row.content_id));
      byRules.set(key, group);
    }
    return [...byRules.values()];
  }

  return {
    /**
     * Who has an item in their feed at `now` and has not finished it, as a query of user_id for another
     * module's statement (a notice's recipients).
     */
    unfinishedAudience: (tenantId: number, contentId: number, now: Date): SQL => sql`
    SELECT user_id FROM content_interaction
    WHERE tenant_id = ${tenantId} AND content_id = ${contentId} AND live AND finished_at IS NULL
      AND publish_at <= ${now.toISOString()}::timestamptz`,

    /**
     * Sets viewed_at (and, with `finish`, finished_at) only where still empty, so the first time stays;
     * one statement, so two taps at once cannot both win. Returns nothing when the item is not live and
     * due for the user.
     */
    async mark(tenantId: number, userId: number, contentId: number, now: Date, finish: boolean) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const [row] = await db
        .update(contentInteraction)
        .set({
          viewedAt: sql`coalesce(${contentInteraction.viewedAt}, ${at})`,
          ...(finish ? { finishedAt: sql`coalesce(${contentInteraction.finishedAt}, ${at})` } : {}),
        })
        .where(
          and(
            oneRow(tenantId, userId, contentId),
            lte(contentInteraction.publishAt, now),
            exists(
              db
                .select({ one: sql`1` })
                .from(content)
                .where(and(sameItem, inArray(content.status, [...LIVE_STATUSES]))),
            ),
          ),
        )
        .returning({ viewedAt: contentInteraction.viewedAt, finishedAt: contentInteraction.finishedAt });
      return row;
    },

    /**
     * The user's row of the item, locked in share mode until the transaction ends (forms' answer checks:
     * a submission's lock waits for them, so no check lands in a run a submission is taking); undefined
     * when there is none.
     */
    async lockShared(tenantId: number, userId: number, contentId: number) {
      const [row] = await db
        .select({ finishedAt: contentInteraction.finishedAt })
        .from(contentInteraction)
        .where(oneRow(tenantId, userId, contentId))
        .for('share');
      return row;
    },

    /**
     * The steps on the user's row of an item for a statement of another module that finishes the item
     * in that same statement (forms' submission, one statement with no transaction around it), its
     * values given as that statement's parameters. `lock` reads the row locked as `finish` would lock it
     * (FOR NO KEY UPDATE: it waits for a share lock of an answer check and makes them wait), so the
     * statement decides on the row's latest version and no one changes it before the statement ends;
     * `finish` finishes it where the statement's `when` holds. Finishing counts as viewing too; the
     * first times stay.
     */
    finishingSteps: (tenantId: SQLWrapper, userId: SQLWrapper, contentId: SQLWrapper) => ({
      lock: db
        .select({ finishedAt: contentInteraction.finishedAt })
        .from(contentInteraction)
        .where(oneRow(tenantId, userId, contentId))
        .for('no key update'),
      finish: (at: SQLWrapper, when: SQL) => {
        const time = sql`${at}::timestamptz`;
        return db
          .update(contentInteraction)
          .set({
            viewedAt: sql`coalesce(${contentInteraction.viewedAt}, ${time})`,
            finishedAt: sql`coalesce(${contentInteraction.finishedAt}, ${time})`,
          })
          .where(and(oneRow(tenantId, userId, contentId), when));
      },
    }),

    /** Unfinishes the user's row of an item (its finishing attempt was deleted); viewed stays. */
    async reopen(tenantId: number, userId: number, contentId: number) {
      await db
        .update(contentInteraction)
        .set({ finishedAt: null })
        .where(oneRow(tenantId, userId, contentId));
    },

    /**
     * Drops the rows the user has not touched yet, of users no longer in the audience (of every user
     * when `everyone`). Viewed or finished rows stay: they are the user's history.
     */
    async removeUntouched(tenantId: number, contentId: number, everyone: boolean) {
      const rules = everyone ? [] : await rulesOfItem(db, tenantId, contentId);
      await db.execute(sql`
      DELETE FROM content_interaction ci
      WHERE ci.tenant_id = ${tenantId} AND ci.content_id = ${contentId}
        AND ci.viewed_at IS NULL AND ci.finished_at IS NULL
        ${everyone ? sql`` : sql`AND ci.user_id NOT IN (${audienceOf(tenantId, contentId, rules)})`}`);
    },

    /**
     * A row for up to `limit` audience members without one, with ids above `after`, lowest first, in one
     * statement: how many were added and the last id (fewer than `limit`: no one above `after` lacks a
     * row). In the order of the users, so the inbox's indexes, which lead with the user, take the rows
     * page after page instead of at random.
     */
    async addMissing(
      tenantId: number,
      contentId: number,
      { publishAt, isTask, deadline }: InboxCopies,
      { limit, after, now }: { limit: number; after: number; now: Date },
    ): Promise<{ added: number; last: number }> {
      const rules = await rulesOfItem(db, tenantId, contentId);
      const result = await db.execute(sql`
      WITH added AS (
        INSERT INTO content_interaction (tenant_id, user_id, content_id, publish_at, is_task, deadline, live, received_at)
        SELECT ${tenantId}, a.id, ${contentId}, ${publishAt.toISOString()}::timestamptz, ${isTask},
               ${deadline?.toISOString() ?? null}::timestamptz, true, ${now.toISOString()}::timestamptz
        FROM (${audienceOf(tenantId, contentId, rules)}) a
        WHERE a.id > ${after} AND NOT EXISTS (SELECT 1 FROM content_interaction ci
          WHERE ci.tenant_id = ${tenantId} AND ci.user_id = a.id AND ci.content_id = ${contentId})
        ORDER BY a.id
        LIMIT ${limit}
        ON CONFLICT (tenant_id, user_id, content_id) DO NOTHING
        RETURNING user_id)
      SELECT count(*)::int AS added, coalesce(max(user_id), 0)::int AS last FROM added`);
      const [row] = rowsOf<{ added: number; last: number }>(result);
      return { added: Number(row?.added ?? 0), last: Number(row?.last ?? 0) };
    },

    /**
     * Brings some users' rows in line with what is aimed at them now (added, moved between groups,
     * deactivated or back), in two statements whatever their number: a row for every live item aimed at
     * them that they lack, and their untouched rows of live items no longer aimed at them removed.
     * Viewed and finished rows stay as their history, and archived items keep every row.
     */
    async syncUsers(tenantId: number, userIds: number[], now: Date) {
      if (userIds.length === 0) return;
      const aimedAt = itemsAimedAt(tenantId, userIds, await liveRuledItems(tenantId));
      await db.execute(sql`
      DELETE FROM content_interaction ci
      USING content c
      WHERE ci.tenant_id = ${tenantId} AND ci.user_id = ANY(${sql.param(userIds)}::int[])
        AND ci.viewed_at IS NULL AND ci.finished_at IS NULL
        AND c.tenant_id = ci.tenant_id AND c.id = ci.content_id AND c.status IN ('published', 'scheduled')
        AND ${currentItem}
        AND (ci.user_id, ci.content_id) NOT IN (SELECT user_id, content_id FROM (${aimedAt}) a)`);
      await db.execute(sql`
      INSERT INTO content_interaction (tenant_id, user_id, content_id, publish_at, is_task, deadline, live, received_at)
      SELECT ${tenantId}, a.user_id, a.content_id, c.publish_at, c.type = 'TASK', t.deadline, true,
             ${now.toISOString()}::timestamptz
      FROM (${aimedAt}) a
        JOIN content c ON c.tenant_id = ${tenantId} AND c.id = a.content_id
        LEFT JOIN task t ON t.tenant_id = c.tenant_id AND t.content_id = c.id
      ON CONFLICT (tenant_id, user_id, content_id) DO NOTHING`);
    },

    /**
     * Brings the rows' copies of publish_at, the task flag, the deadline and liveness in line with the item's:
     * up to `limit` rows (all when undefined) in one statement; how many it changed. Rows already in line are
     * skipped by the condition, so a batch after the first reads past them without writing.
     */
    async refreshCopies(
      tenantId: number,
      contentId: number,
      { publishAt, isTask, deadline, live }: InboxCopies & { live: boolean },
      limit?: number,
    ): Promise<number> {
      const at = publishAt.toISOString();
      const due = deadline?.toISOString() ?? null;
      const stale = sql`tenant_id = ${tenantId} AND content_id = ${contentId}
        AND (publish_at <> ${at}::timestamptz OR is_task <> ${isTask} OR live <> ${live}
             OR deadline IS DISTINCT FROM ${due}::timestamptz)`;
      const result = await db.execute(sql`
      WITH changed AS (
      UPDATE content_interaction
      SET publish_at = ${at}::timestamptz, is_task = ${isTask}, deadline = ${due}::timestamptz, live = ${live}
      WHERE ${
        limit === undefined
          ? stale
          : sql`tenant_id = ${tenantId} AND content_id = ${contentId} AND user_id IN (
              SELECT user_id FROM content_interaction WHERE ${stale} LIMIT ${limit})`
      }
      RETURNING 1)
      SELECT count(*)::int AS n FROM changed`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },
  };
};
export type InboxRepository = ReturnType<typeof createInboxRepository>;
