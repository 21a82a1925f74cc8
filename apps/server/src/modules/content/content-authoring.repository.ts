import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  answer,
  content,
  contentAudienceGroup,
  contentAudienceUser,
  material,
  media,
  question,
  task,
} from '../../db/schema/index.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * The active users an item is aimed at: every one of the tenant (audience_all), the members of its
 * groups and the people named. Deactivated accounts receive nothing.
 */
const audienceOf = (tenantId: number, contentId: number): SQL => sql`
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
    WHERE au.tenant_id = ${tenantId} AND au.content_id = ${contentId}`;

export const createAuthoringRepository = (db: DbOrTx) => ({
  async insertContent(row: Insert<typeof content>): Promise<number> {
    const [created] = await db.insert(content).values(row).returning({ id: content.id });
    if (!created) throw new Error('content insert returned nothing');
    return created.id;
  },

  async replaceAudience(tenantId: number, contentId: number, all: boolean, groupIds: number[], userIds: number[]) {
    await db
      .update(content)
      .set({ audienceAll: all, updatedAt: sql`now()` })
      .where(and(eq(content.tenantId, tenantId), eq(content.id, contentId)));
    await db
      .delete(contentAudienceGroup)
      .where(and(eq(contentAudienceGroup.tenantId, tenantId), eq(contentAudienceGroup.contentId, contentId)));
    await db
      .delete(contentAudienceUser)
      .where(and(eq(contentAudienceUser.tenantId, tenantId), eq(contentAudienceUser.contentId, contentId)));
    if (groupIds.length) {
      await db.insert(contentAudienceGroup).values(groupIds.map((groupId) => ({ tenantId, contentId, groupId })));
    }
    if (userIds.length) {
      await db.insert(contentAudienceUser).values(userIds.map((userId) => ({ tenantId, contentId, userId })));
    }
  },

  async setStatus(tenantId: number, contentId: number, status: Insert<typeof content>['status']) {
    await db
      .update(content)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(content.tenantId, tenantId), eq(content.id, contentId)));
  },

  async insertMaterial(row: Insert<typeof material>) {
    await db.insert(material).values(row);
  },

  async insertMedia(rows: Insert<typeof media>[]) {
    if (rows.length) await db.insert(media).values(rows);
  },

  async insertQuestion(row: Insert<typeof question>): Promise<number> {
    const [created] = await db.insert(question).values(row).returning({ id: question.id });
    if (!created) throw new Error('question insert returned nothing');
    return created.id;
  },

  async insertAnswers(rows: Insert<typeof answer>[]) {
    if (rows.length) await db.insert(answer).values(rows);
  },

  async insertTask(row: Insert<typeof task>) {
    await db.insert(task).values(row);
  },

  /** The item's row, locked until the transaction ends so two syncs of one item run one after the other. */
  async lockItem(tenantId: number, contentId: number) {
    const [row] = await db
      .select({ status: content.status, type: content.type, publishAt: content.publishAt })
      .from(content)
      .where(and(eq(content.tenantId, tenantId), eq(content.id, contentId)))
      .for('update');
    return row;
  },

  /** Items aimed at a group, to re-sync when its members change. */
  async contentIdsOfGroup(tenantId: number, groupId: number): Promise<number[]> {
    const rows = await db
      .select({ id: contentAudienceGroup.contentId })
      .from(contentAudienceGroup)
      .where(and(eq(contentAudienceGroup.tenantId, tenantId), eq(contentAudienceGroup.groupId, groupId)));
    return rows.map((r) => r.id);
  },

  /**
   * Drops the inbox rows the user has not touched yet, of users no longer in the audience (of every
   * user when `everyone`). Viewed or finished rows stay: they are the user's history.
   */
  async removeUntouched(tenantId: number, contentId: number, everyone: boolean) {
    await db.execute(sql`
      DELETE FROM content_interaction ci
      WHERE ci.tenant_id = ${tenantId} AND ci.content_id = ${contentId}
        AND ci.viewed_at IS NULL AND ci.finished_at IS NULL
        ${everyone ? sql`` : sql`AND ci.user_id NOT IN (${audienceOf(tenantId, contentId)})`}`);
  },

  /** One inbox row for every audience member without one, in a single statement. */
  async addMissing(tenantId: number, contentId: number, publishAt: Date, isTask: boolean) {
    await db.execute(sql`
      INSERT INTO content_interaction (tenant_id, user_id, content_id, publish_at, is_task, live)
      SELECT ${tenantId}, a.id, ${contentId}, ${publishAt.toISOString()}::timestamptz, ${isTask}, true
      FROM (${audienceOf(tenantId, contentId)}) a
      ON CONFLICT (user_id, content_id) DO NOTHING`);
  },

  /** Keeps the rows' copies of publish_at, the task flag and liveness equal to the item's. */
  async refreshCopies(tenantId: number, contentId: number, publishAt: Date, isTask: boolean, live: boolean) {
    await db.execute(sql`
      UPDATE content_interaction
      SET publish_at = ${publishAt.toISOString()}::timestamptz, is_task = ${isTask}, live = ${live}
      WHERE tenant_id = ${tenantId} AND content_id = ${contentId}
        AND (publish_at <> ${publishAt.toISOString()}::timestamptz OR is_task <> ${isTask} OR live <> ${live})`);
  },
});
export type AuthoringRepository = ReturnType<typeof createAuthoringRepository>;
