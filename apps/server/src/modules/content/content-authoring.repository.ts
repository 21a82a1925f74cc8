import { and, eq, sql } from 'drizzle-orm';
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
      .select({ status: content.status, type: content.type, publishAt: content.publishAt, deadline: task.deadline })
      .from(content)
      .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
      .where(and(eq(content.tenantId, tenantId), eq(content.id, contentId)))
      .for('update', { of: content });
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
});
export type AuthoringRepository = ReturnType<typeof createAuthoringRepository>;
