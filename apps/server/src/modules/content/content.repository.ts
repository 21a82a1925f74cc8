import { APP_TIME_ZONE, type FinishedFilters } from '@kanal/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder, union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import {
  answer,
  appUser,
  attempt,
  comment,
  content,
  contentInteraction,
  file,
  material,
  media,
  question,
  task,
} from '../../db/schema/index.js';
import { sameItem, visibleTo } from '../../db/visibility.js';
import { itemColumns, readFeed } from './content-cards.js';

/** The month (`YYYY-MM`) an item was finished in, in the organisations' time zone: the archive's period. */
const finishedMonth = sql<string>`to_char(${contentInteraction.finishedAt} AT TIME ZONE ${sql.raw(`'${APP_TIME_ZONE}'`)}, 'YYYY-MM')`;

/** The caller's finished rows of items still visible to them (statement parameters tenantId, userId, now). */
const finishedByCaller = () => and(visibleTo(ph.tenantId, ph.userId, ph.now), isNotNull(contentInteraction.finishedAt));

/**
 * One archive filter as an array parameter named after its FinishedFilters field: empty means any value,
 * otherwise the row must match one (OR within a group; the groups are ANDed). So every combination of
 * filters runs the same prepared statement: planning the archive query costs more than running it.
 */
const anyOf = (value: SQL, name: keyof FinishedFilters, type: 'text' | 'int') => {
  const values = sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  return sql`(cardinality(${values}) = 0 OR ${value} = ANY(${values}))`;
};

const archiveFilters = () => [
  anyOf(sql`${content.type}::text`, 'contentTypes', 'text'),
  anyOf(sql`${content.creatorId}`, 'creators', 'int'),
  anyOf(sql`${content.category}`, 'categories', 'text'),
  anyOf(finishedMonth, 'periods', 'text'),
];

const finishedTotal = (db: DbOrTx) =>
  db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(contentInteraction)
    .innerJoin(content, sameItem)
    .where(and(finishedByCaller(), ...archiveFilters()));

/** The row user's latest attempt at the row's item (joined LATERAL): one probe of attempt_user_content_idx per row. */
const latestAttempt = new QueryBuilder({ casing: 'snake_case' })
  .select({
    id: attempt.id,
    finalMark: attempt.finalMark,
    correct: attempt.correct,
    total: attempt.total,
    createdAt: attempt.createdAt,
  })
  .from(attempt)
  .where(
    and(
      eq(attempt.tenantId, contentInteraction.tenantId),
      eq(attempt.userId, contentInteraction.userId),
      eq(attempt.contentId, contentInteraction.contentId),
    ),
  )
  .orderBy(desc(attempt.createdAt), desc(attempt.id))
  .limit(1)
  .as('latest_attempt');

const latestAttemptColumns = {
  id: latestAttempt.id,
  finalMark: latestAttempt.finalMark,
  correct: latestAttempt.correct,
  total: latestAttempt.total,
  createdAt: latestAttempt.createdAt,
};

const ph = {
  tenantId: sql.placeholder('tenantId'),
  userId: sql.placeholder('userId'),
  now: sql.placeholder('now'),
};

/**
 * An archive page (ContentRepository.finishedList), read in the order of content_interaction_finished_idx,
 * so the scan and the attempt look-ups stop after `limit` rows; the total rides along as an uncorrelated
 * subquery.
 */
const finishedPage = preparedFor((db) =>
  db
    .select({
      ...itemColumns,
      lastAttempt: latestAttemptColumns,
      total: sql<number>`(${finishedTotal(db)})`.mapWith(Number),
    })
    .from(contentInteraction)
    .innerJoin(content, sameItem)
    .innerJoin(appUser, and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId)))
    .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
    .leftJoinLateral(latestAttempt, sql`true`)
    .where(and(finishedByCaller(), ...archiveFilters()))
    .orderBy(
      sql`${contentInteraction.finishedAt} DESC NULLS LAST`,
      sql`${contentInteraction.contentId} DESC NULLS LAST`,
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('content_finished_page'),
);

const finishedCount = preparedFor((db) => finishedTotal(db).prepare('content_finished_count'));

const attemptedUnfinished = preparedFor((db) =>
  db
    .select({ ...itemColumns, lastAttempt: latestAttemptColumns })
    .from(contentInteraction)
    .innerJoin(content, sameItem)
    .innerJoin(appUser, and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId)))
    .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
    .innerJoinLateral(latestAttempt, sql`true`)
    .where(
      and(
        visibleTo(ph.tenantId, ph.userId, ph.now),
        isNull(contentInteraction.finishedAt),
        eq(content.type, 'EDUCATION'),
        // Starts from the caller's few attempts (attempt_user_content_idx), not from every unfinished
        // inbox row: 4–12 ms → 0.02 ms of execution for a user with ~200 unfinished items (bench data).
        inArray(
          contentInteraction.contentId,
          db
            .select({ contentId: attempt.contentId })
            .from(attempt)
            .where(and(eq(attempt.tenantId, ph.tenantId), eq(attempt.userId, ph.userId))),
        ),
      ),
    )
    .orderBy(desc(latestAttempt.createdAt), desc(latestAttempt.id))
    .prepare('content_attempted_unfinished'),
);

const finishedFacets = preparedFor((db) =>
  db
    .selectDistinct({
      type: content.type,
      creatorId: content.creatorId,
      creatorName: appUser.name,
      category: content.category,
      period: finishedMonth,
    })
    .from(contentInteraction)
    .innerJoin(content, sameItem)
    .innerJoin(appUser, and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId)))
    .where(finishedByCaller())
    .prepare('content_finished_facets'),
);

const countOf = (table: typeof question | typeof media, where?: SQL) =>
  sql<number>`(SELECT count(*) FROM ${table} WHERE ${table.tenantId} = ${content.tenantId} AND ${table.contentId} = ${content.id}${where ? sql` AND ${where}` : sql``})`.mapWith(
    Number,
  );

/** What a media entry shows: its own fields and its file's type and size. */
const mediaColumns = {
  id: media.id,
  type: media.type,
  name: media.name,
  fileId: media.fileId,
  mime: file.mime,
  size: file.size,
};

export const createContentRepository = (db: DbOrTx) => ({
  /** The caller's feed page with their session check: no rows when the session is not live. */
  feedNew: (tenantId: number, tokenHash: string, now: Date, limit: number, offset: number) =>
    readFeed(db, { tenantId, tokenHash, now, limit, offset }),

  /** An item the caller can see, with what its detail screen counts; undefined when they cannot. */
  async findDetail(tenantId: number, userId: number, contentId: number, now: Date) {
    const [row] = await db
      .select({
        ...itemColumns,
        questions: countOf(question),
        images: countOf(media, sql`${media.type} = 'IMAGE'`),
        videos: countOf(media, sql`${media.type} = 'VIDEO'`),
        documents: countOf(media, sql`${media.type} = 'DOCUMENT'`),
        link: material.link,
        text: material.text,
      })
      .from(contentInteraction)
      .innerJoin(content, sameItem)
      .innerJoin(appUser, and(eq(appUser.tenantId, content.tenantId), eq(appUser.id, content.creatorId)))
      .leftJoin(task, and(eq(task.tenantId, content.tenantId), eq(task.contentId, content.id)))
      .leftJoin(material, and(eq(material.tenantId, content.tenantId), eq(material.contentId, content.id)))
      .where(and(visibleTo(tenantId, userId, now), eq(contentInteraction.contentId, contentId)));
    return row;
  },

  /** The bits of a visible item that rules need (comments allowed? finished?); undefined when not visible. */
  async findVisible(tenantId: number, userId: number, contentId: number, now: Date) {
    const [row] = await db
      .select({
        id: content.id,
        type: content.type,
        settings: content.settings,
        finishedAt: contentInteraction.finishedAt,
      })
      .from(contentInteraction)
      .innerJoin(content, sameItem)
      .where(and(visibleTo(tenantId, userId, now), eq(contentInteraction.contentId, contentId)));
    return row;
  },

  listOwnComments: (tenantId: number, userId: number, contentId: number) =>
    db
      .select({
        id: comment.id,
        text: comment.text,
        createdAt: comment.createdAt,
        reply: comment.reply,
        repliedAt: comment.repliedAt,
        hiddenReason: comment.hiddenReason,
        hiddenAt: comment.hiddenAt,
      })
      .from(comment)
      .where(and(eq(comment.tenantId, tenantId), eq(comment.contentId, contentId), eq(comment.userId, userId)))
      .orderBy(asc(comment.createdAt), asc(comment.id)),

  async findMaterial(tenantId: number, contentId: number) {
    const [row] = await db
      .select({ link: material.link, text: material.text, doc: material.doc })
      .from(material)
      .where(and(eq(material.tenantId, tenantId), eq(material.contentId, contentId)));
    return row;
  },

  listMedia: (tenantId: number, contentId: number) =>
    db
      .select(mediaColumns)
      .from(media)
      .innerJoin(file, and(eq(file.tenantId, media.tenantId), eq(file.id, media.fileId)))
      .where(and(eq(media.tenantId, tenantId), eq(media.contentId, contentId)))
      .orderBy(asc(media.position), asc(media.id)),

  /** One media entry, only if its item is visible to the caller. */
  async findVisibleMedia(tenantId: number, userId: number, mediaId: number, now: Date) {
    const [row] = await db
      .select(mediaColumns)
      .from(media)
      .innerJoin(file, and(eq(file.tenantId, media.tenantId), eq(file.id, media.fileId)))
      .innerJoin(
        contentInteraction,
        and(
          eq(contentInteraction.tenantId, media.tenantId),
          eq(contentInteraction.contentId, media.contentId),
          eq(contentInteraction.userId, userId),
        ),
      )
      .innerJoin(content, sameItem)
      .where(and(eq(media.tenantId, tenantId), eq(media.id, mediaId), visibleTo(tenantId, userId, now)));
    return row;
  },

  /**
   * Whether an item the user sees (inbox or archive) shows the file, as its cover image or among its
   * media: the items showing the file first (content_image_idx, media_file_idx), then a probe of the
   * user's inbox row of each (its primary key), so the cost does not grow with the inbox.
   */
  async showsFile(tenantId: number, userId: number, fileId: string, now: Date): Promise<boolean> {
    const showing = union(
      db
        .select({ id: content.id })
        .from(content)
        .where(and(eq(content.tenantId, tenantId), eq(content.image, fileId))),
      db
        .select({ id: media.contentId })
        .from(media)
        .where(and(eq(media.tenantId, tenantId), eq(media.fileId, fileId))),
    );
    const [row] = await db
      .select({ one: sql`1` })
      .from(contentInteraction)
      .innerJoin(content, sameItem)
      .where(and(visibleTo(tenantId, userId, now), inArray(contentInteraction.contentId, showing)))
      .limit(1);
    return row !== undefined;
  },

  /** Questions in order, each with its answers in order (a question without answers has one null row). */
  listQuestions: (tenantId: number, contentId: number) =>
    db
      .select({
        id: question.id,
        position: question.position,
        title: question.title,
        type: question.type,
        answerId: answer.id,
        answerTitle: answer.title,
        answerIsCorrect: answer.isCorrect,
      })
      .from(question)
      .leftJoin(answer, and(eq(answer.tenantId, question.tenantId), eq(answer.questionId, question.id)))
      .where(and(eq(question.tenantId, tenantId), eq(question.contentId, contentId)))
      .orderBy(asc(question.position), asc(question.id), asc(answer.position), asc(answer.id)),

  /** Removes a comment (moderation's call); false when the item has no such comment. */
  async deleteComment(tenantId: number, contentId: number, commentId: number): Promise<boolean> {
    const rows = await db
      .delete(comment)
      .where(and(eq(comment.tenantId, tenantId), eq(comment.contentId, contentId), eq(comment.id, commentId)))
      .returning({ id: comment.id });
    return rows.length > 0;
  },

  /**
   * Moderation's changes to a comment, the fields given written as a whole; answers its writer and whether
   * it had a reply before, or undefined when the item has no such comment.
   */
  async changeComment(
    tenantId: number,
    contentId: number,
    commentId: number,
    changes: Partial<
      Pick<typeof comment.$inferInsert, 'reply' | 'repliedAt' | 'hiddenReason' | 'hiddenAt' | 'handledAt'>
    >,
  ): Promise<{ userId: number; hadReply: boolean } | undefined> {
    const one = and(eq(comment.tenantId, tenantId), eq(comment.contentId, contentId), eq(comment.id, commentId));
    // Locked as it was: two replies at once are told as one new reply, not two.
    const [before] = await db
      .select({ userId: comment.userId, reply: comment.reply })
      .from(comment)
      .where(one)
      .for('update');
    if (!before) return undefined;
    // A call that asks for nothing changes nothing (an UPDATE needs something to set).
    if (Object.keys(changes).length > 0) await db.update(comment).set(changes).where(one);
    return { userId: before.userId, hadReply: before.reply !== null };
  },

  async insertComment(row: typeof comment.$inferInsert) {
    const [created] = await db.insert(comment).values(row).returning({ id: comment.id });
    if (!created) throw new Error('comment insert returned nothing');
    return created.id;
  },

  /** All and finished items among those the caller can see. */
  /**
   * The archive: the caller's finished, visible items, latest finish first, filtered (AND across the
   * groups, OR within one), each with the caller's latest attempt.
   */
  finishedList: (
    tenantId: number,
    userId: number,
    now: Date,
    filters: FinishedFilters,
    limit: number,
    offset: number,
  ) => finishedPage(db).execute({ tenantId, userId, now, ...filters, limit, offset }),

  /** The archive's total alone, for a page past the end (where no row carries it). */
  finishedCount: (tenantId: number, userId: number, now: Date, filters: FinishedFilters) =>
    finishedCount(db)
      .execute({ tenantId, userId, now, ...filters })
      .then((rows) => rows[0]?.total ?? 0),

  /** EDUCATION the caller has tried and not yet passed, latest attempt first, with that attempt. */
  attemptedUnfinished: (tenantId: number, userId: number, now: Date) =>
    attemptedUnfinished(db).execute({ tenantId, userId, now }),

  /** The distinct values the archive can be filtered by, among the caller's finished items. */
  finishedFacets: (tenantId: number, userId: number, now: Date) =>
    finishedFacets(db).execute({ tenantId, userId, now }),
});
export type ContentRepository = ReturnType<typeof createContentRepository>;
export type VisibleItem = NonNullable<Awaited<ReturnType<ContentRepository['findVisible']>>>;
export type ArchiveRow = Omit<Awaited<ReturnType<ReturnType<typeof finishedPage>['execute']>>[number], 'total'>;
