import type { ContentStatus, MediaType, QuestionType, StaffContentQuery } from '@kanal/contract';
import { and, asc, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { reachOfItem } from '../../db/reach.js';
import {
  answer,
  appUser,
  attempt,
  content,
  contentAudienceGroup,
  contentInteraction,
  contentNotice,
  contentReview,
  file,
  material,
  media,
  pollResponse,
  promotionCopy,
  question,
  task,
} from '../../db/schema/index.js';
import { createAudienceRepository } from './authoring-audience.js';
import { staffList } from './authoring-list.js';
import { creatorOf, oneItem, reachColumns, shownStatus } from './authoring-sql.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Writing content and reading it for its authors (the staff side); the end users' reads are content.repository. */
export const createAuthoringRepository = (db: DbOrTx) => ({
  ...createAudienceRepository(db),

  async insertContent(row: Insert<typeof content>): Promise<number> {
    const [created] = await db.insert(content).values(row).returning({ id: content.id });
    if (!created) throw new Error('content insert returned nothing');
    return created.id;
  },

  async updateContent(tenantId: number, contentId: number, fields: Partial<Insert<typeof content>>) {
    await db
      .update(content)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(oneItem(tenantId, contentId));
  },

  async deleteContent(tenantId: number, contentId: number) {
    await db.delete(content).where(oneItem(tenantId, contentId));
  },

  async setStatus(tenantId: number, contentId: number, status: ContentStatus) {
    await db.update(content).set({ status, updatedAt: sql`now()` }).where(oneItem(tenantId, contentId));
  },

  /** The material, its media and (for a TASK) its task details go and are written again, as a whole. */
  async clearMaterial(tenantId: number, contentId: number) {
    await db.delete(material).where(and(eq(material.tenantId, tenantId), eq(material.contentId, contentId)));
    await db.delete(media).where(and(eq(media.tenantId, tenantId), eq(media.contentId, contentId)));
  },

  async clearQuestions(tenantId: number, contentId: number) {
    await db.delete(question).where(and(eq(question.tenantId, tenantId), eq(question.contentId, contentId)));
  },

  async clearTask(tenantId: number, contentId: number) {
    await db.delete(task).where(and(eq(task.tenantId, tenantId), eq(task.contentId, contentId)));
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

  /** A task's details as stored, before an edit writes them again. */
  async taskOf(tenantId: number, contentId: number) {
    const [row] = await db
      .select()
      .from(task)
      .where(and(eq(task.tenantId, tenantId), eq(task.contentId, contentId)));
    return row;
  },

  /** The next occurrence has replaced this one. */
  async supersede(tenantId: number, contentId: number, at: Date) {
    await db
      .update(task)
      .set({ supersededAt: at })
      .where(and(eq(task.tenantId, tenantId), eq(task.contentId, contentId)));
  },

  /**
   * The item's row, locked until the transaction ends so two syncs of one item run one after the other. Not
   * `FOR UPDATE`: that also stops the foreign-key checks of rows that only name the item (a notice, a bell),
   * whose writers may hold what this transaction is about to wait for (their job's row).
   */
  async lockItem(tenantId: number, contentId: number) {
    const [row] = await db
      .select({
        status: content.status,
        type: content.type,
        creatorId: content.creatorId,
        publishAt: content.publishAt,
        deadline: task.deadline,
        supersededAt: task.supersededAt,
      })
      .from(content)
      .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
      .where(oneItem(tenantId, contentId))
      .for('no key update', { of: content });
    return row;
  },

  /**
   * Takes the item's lock as `lockItem` does, unless another transaction holds it (an edit under way): true
   * then, and nothing is locked. False also when the item is gone.
   */
  async itemBusy(tenantId: number, contentId: number): Promise<boolean> {
    const locked = await db
      .select({ id: content.id })
      .from(content)
      .where(oneItem(tenantId, contentId))
      .for('no key update', { skipLocked: true });
    if (locked.length > 0) return false;
    const [exists] = await db.select({ id: content.id }).from(content).where(oneItem(tenantId, contentId));
    return exists !== undefined;
  },

  /** Items aimed at a group, to re-sync when its members change. */
  async contentIdsOfGroup(tenantId: number, groupId: number): Promise<number[]> {
    const rows = await db
      .select({ id: contentAudienceGroup.contentId })
      .from(contentAudienceGroup)
      .where(and(eq(contentAudienceGroup.tenantId, tenantId), eq(contentAudienceGroup.groupId, groupId)));
    return rows.map((r) => r.id);
  },

  /** GET /content: one page of the tenant's items and how many match (authoring-list.ts). */
  list: (tenantId: number, query: StaffContentQuery, now: Date) => staffList(db, tenantId, query, now),

  /** The item itself, with its creator, task, material and reach. */
  async find(tenantId: number, contentId: number, now: Date) {
    const [row] = await db
      .select({
        id: content.id,
        type: content.type,
        configuration: content.configuration,
        status: shownStatus(now),
        storedStatus: content.status,
        name: content.name,
        description: content.description,
        image: content.image,
        category: content.category,
        settings: content.settings,
        audienceAll: content.audienceAll,
        publishAt: content.publishAt,
        createdAt: content.createdAt,
        updatedAt: content.updatedAt,
        creatorId: content.creatorId,
        creatorName: appUser.name,
        link: material.link,
        doc: material.doc,
        deadline: task.deadline,
        repeat: task.repeat,
        reminderMinutes: task.reminderMinutes,
        hasTask: sql<boolean>`${task.contentId} IS NOT NULL`,
        isCopy: exists(
          db
            .select({ one: sql`1` })
            .from(promotionCopy)
            .where(and(eq(promotionCopy.tenantId, content.tenantId), eq(promotionCopy.contentId, content.id))),
        ) as SQL<boolean>,
        ...reachColumns,
        answered: or(
          exists(
            db
              .select({ one: sql`1` })
              .from(attempt)
              .where(and(eq(attempt.tenantId, content.tenantId), eq(attempt.contentId, content.id))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(pollResponse)
              .where(and(eq(pollResponse.tenantId, content.tenantId), eq(pollResponse.contentId, content.id))),
          ),
        ) as SQL<boolean>,
      })
      .from(content)
      .innerJoin(appUser, creatorOf)
      .leftJoin(material, and(eq(material.tenantId, content.tenantId), eq(material.contentId, content.id)))
      .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
      .innerJoinLateral(reachOfItem, sql`true`)
      .where(oneItem(tenantId, contentId));
    return row;
  },

  /** What an item's statistics need of it: the item's row and its reach, no joins beyond them. */
  async findSummary(tenantId: number, contentId: number, now: Date) {
    const [row] = await db
      .select({
        id: content.id,
        name: content.name,
        type: content.type,
        status: shownStatus(now),
        creatorId: content.creatorId,
        publishAt: content.publishAt,
        settings: content.settings,
        audience: reachColumns.audience,
      })
      .from(content)
      .innerJoinLateral(reachOfItem, sql`true`)
      .where(oneItem(tenantId, contentId));
    return row;
  },

  /** The tenant's categories in use, in alphabetical order (accents folded). */
  async categories(tenantId: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ category: content.category, folded: sql`kanal_fold(${content.category})` })
      .from(content)
      .where(and(eq(content.tenantId, tenantId), sql`${content.category} IS NOT NULL`))
      .orderBy(sql`kanal_fold(${content.category})`, asc(content.category));
    return rows.flatMap((r) => (r.category ? [r.category] : []));
  },

  /** The audience who have the item live in their inbox and have not finished it: a notice's recipients. */
  async countUnfinished(tenantId: number, contentId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contentInteraction)
      .where(
        and(
          eq(contentInteraction.tenantId, tenantId),
          eq(contentInteraction.contentId, contentId),
          eq(contentInteraction.live, true),
          sql`${contentInteraction.finishedAt} IS NULL`,
        ),
      );
    return row?.n ?? 0;
  },

  /** A step of the item's review history. */
  async insertReviewStep(row: Insert<typeof contentReview>): Promise<void> {
    await db.insert(contentReview).values(row);
  },

  async insertNotice(row: Insert<typeof contentNotice>): Promise<number> {
    const [created] = await db.insert(contentNotice).values(row).returning({ id: contentNotice.id });
    if (!created) throw new Error('notice insert returned nothing');
    return created.id;
  },

  /** An item's automatic notice of `kind`, unless it has had one: undefined then (it goes out once). */
  async insertAutomaticNotice(tenantId: number, contentId: number, kind: 'published' | 'reminder', at: Date) {
    const [created] = await db
      .insert(contentNotice)
      .values({ tenantId, contentId, kind, recipients: 0, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: contentNotice.id });
    return created?.id;
  },

  /** A notice handed to its recipients: how many there were. */
  async markNoticeSent(tenantId: number, noticeId: number, recipients: number): Promise<void> {
    await db
      .update(contentNotice)
      .set({ status: 'sent', recipients })
      .where(and(eq(contentNotice.tenantId, tenantId), eq(contentNotice.id, noticeId)));
  },

  /** When staff last notified an item's audience (the hourly limit). */
  async lastManualNotice(tenantId: number, contentId: number): Promise<Date | undefined> {
    const [row] = await db
      .select({ at: contentNotice.createdAt })
      .from(contentNotice)
      .where(
        and(
          eq(contentNotice.tenantId, tenantId),
          eq(contentNotice.contentId, contentId),
          eq(contentNotice.kind, 'manual'),
        ),
      )
      .orderBy(desc(contentNotice.createdAt))
      .limit(1);
    return row?.at;
  },

  /** What an item's schedule follows: its status and times, a task's repetition, and the notices it has had. */
  async itemSchedule(tenantId: number, contentId: number) {
    const [row] = await db
      .select({
        status: content.status,
        publishAt: content.publishAt,
        deadline: task.deadline,
        reminderMinutes: task.reminderMinutes,
        repeat: task.repeat,
        anchor: task.anchor,
        occurrence: task.occurrence,
        supersededAt: task.supersededAt,
        sent: sql<string[]>`array(SELECT kind FROM content_notice n
          WHERE n.tenant_id = ${content.tenantId} AND n.content_id = ${content.id} AND n.kind IN ('published', 'reminder'))`,
      })
      .from(content)
      .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
      .where(oneItem(tenantId, contentId));
    return row;
  },

  /** A batch of every tenant's media with their files' kinds and keys, after (tenantId, id), in that order. */
  mediaBatch: (after: { tenantId: number; id: number }, limit: number) =>
    db
      .select({
        tenantId: media.tenantId,
        id: media.id,
        contentId: media.contentId,
        type: media.type,
        mime: file.mime,
        storageKey: file.storageKey,
      })
      .from(media)
      .innerJoin(file, and(eq(file.tenantId, media.tenantId), eq(file.id, media.fileId)))
      .where(sql`(${media.tenantId}, ${media.id}) > (${after.tenantId}, ${after.id})`)
      .orderBy(asc(media.tenantId), asc(media.id))
      .limit(limit),

  async retypeMedia(tenantId: number, mediaId: number, type: MediaType) {
    await db
      .update(media)
      .set({ type })
      .where(and(eq(media.tenantId, tenantId), eq(media.id, mediaId)));
  },

  /** Deletes a promotion's copies (with their inbox rows and answers, by cascade), before its source goes. */
  async deleteCopiesOf(sourceTenantId: number, sourceId: number) {
    await db.execute(sql`
      DELETE FROM content c USING promotion_copy pc
      WHERE pc.source_tenant_id = ${sourceTenantId} AND pc.source_id = ${sourceId}
        AND c.tenant_id = pc.tenant_id AND c.id = pc.content_id`);
  },

  /** An item's media as they are written (for a promotion's copies). */
  mediaOf: (tenantId: number, contentId: number) =>
    db
      .select({ type: media.type, fileId: media.fileId, name: media.name })
      .from(media)
      .where(and(eq(media.tenantId, tenantId), eq(media.contentId, contentId)))
      .orderBy(asc(media.position), asc(media.id)),

  /** An item's questions with their answers, in order, as they are written (for a promotion's copies). */
  async questionsOf(tenantId: number, contentId: number) {
    const rows = await db
      .select({
        id: question.id,
        title: question.title,
        type: question.type,
        answerTitle: answer.title,
        isCorrect: answer.isCorrect,
      })
      .from(question)
      .leftJoin(answer, and(eq(answer.tenantId, question.tenantId), eq(answer.questionId, question.id)))
      .where(and(eq(question.tenantId, tenantId), eq(question.contentId, contentId)))
      .orderBy(asc(question.position), asc(question.id), asc(answer.position), asc(answer.id));
    const questions: {
      id: number;
      title: string;
      type: QuestionType;
      answers: { title: string; isCorrect: boolean }[];
    }[] = [];
    for (const row of rows) {
      let current = questions.at(-1);
      if (current?.id !== row.id) {
        current = { id: row.id, title: row.title, type: row.type, answers: [] };
        questions.push(current);
      }
      if (row.answerTitle !== null) current.answers.push({ title: row.answerTitle, isCorrect: row.isCorrect === true });
    }
    return questions;
  },
});
export type AuthoringRepository = ReturnType<typeof createAuthoringRepository>;
