import { APP_TIME_ZONE, type AudienceState, type ContentUsersQuery, TEXT_ANSWERS_SHOWN } from '@kanal/contract';
import { and, asc, count, desc, eq, exists, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { reachOf } from '../../db/reach.js';
import {
  answer,
  appUser,
  attempt,
  attemptAnswer,
  comment,
  content,
  contentAudienceGroup,
  contentAudienceRule,
  contentInteraction,
  groupMember,
  userGroup,
} from '../../db/schema/index.js';
import { searchWords } from '../../db/search.js';

const dayEvents = {
  viewed: [contentInteraction, contentInteraction.viewedAt],
  finished: [contentInteraction, contentInteraction.finishedAt],
  attempts: [attempt, attempt.createdAt],
} as const;
type DayEvent = keyof typeof dayEvents;
const zone = sql.raw(`'${APP_TIME_ZONE}'`);

const ci = contentInteraction;
/** A person's attempts at the item of their inbox row. */
const ownAttempts = and(
  eq(attempt.tenantId, ci.tenantId),
  eq(attempt.userId, ci.userId),
  eq(attempt.contentId, ci.contentId),
);
/** The inbox row's person. */
const person = and(eq(appUser.tenantId, ci.tenantId), eq(appUser.id, ci.userId));

/**
 * The figures of one item, read (never written) from the tables their modules keep: the inbox and its
 * reach counters, the attempts, the comments and the groups. Each reads this item's rows alone, through
 * its (tenant_id, content_id) indexes.
 */
export const createContentStatsRepository = (db: DbOrTx) => {
  /** A person's attempts at the item, their best and their last mark: over `attempt` rows grouped by person. */
  const markColumns = {
    attempts: sql<number>`count(*)`.as('attempts'),
    best: sql<number | null>`max(${attempt.finalMark})`.as('best'),
    last: sql<
      number | null
    >`(array_agg(${attempt.finalMark} ORDER BY ${attempt.createdAt} DESC, ${attempt.id} DESC))[1]`.as('last'),
  };
  /** The same, as a row of the audience shows them (no attempt: none, and no marks). */
  const marksShown = (marks: { attempts: unknown; best: unknown; last: unknown }) => ({
    attempts: sql<number>`coalesce(${marks.attempts}, 0)`.mapWith(Number),
    best: sql<number | null>`${marks.best}`.mapWith((v) => (v === null ? null : Number(v))),
    last: sql<number | null>`${marks.last}`.mapWith((v) => (v === null ? null : Number(v))),
  });
  const audienceColumns = {
    id: appUser.id,
    name: appUser.name,
    email: appUser.email,
    username: appUser.username,
    searchText: appUser.searchText,
    active: appUser.active,
    viewedAt: ci.viewedAt,
    finishedAt: ci.finishedAt,
  };

  /**
   * A page of the audience matching `where`, by name, each with their attempts, best and last mark. The page
   * is chosen first (an index range over the names) and only its people's attempts are looked up: a
   * lateral lookup beside the sort would be made for every person of an audience of 100,000.
   */
  function audienceRows(where: SQL | undefined, limit: number, offset = 0) {
    const page = db
      .select({ tenantId: ci.tenantId, contentId: ci.contentId, userId: ci.userId, searchText: appUser.searchText })
      .from(ci)
      .innerJoin(appUser, person)
      .where(where)
      .orderBy(asc(appUser.searchText), asc(appUser.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    const marks = db.select(markColumns).from(attempt).where(ownAttempts).as('marks');
    return db
      .select({ ...audienceColumns, ...marksShown(marks) })
      .from(page)
      .innerJoin(ci, and(eq(ci.tenantId, page.tenantId), eq(ci.userId, page.userId), eq(ci.contentId, page.contentId)))
      .innerJoin(appUser, person)
      .leftJoinLateral(marks, sql`true`)
      .orderBy(asc(page.searchText), asc(appUser.id));
  }

  return {
    /** Audience, viewed and finished (content_reach, kept by the inbox's triggers), attempts and comments. */
    async totals(tenantId: number, contentId: number) {
      const [reach, [attempts], [comments]] = await Promise.all([
        reachOf(db, tenantId, contentId),
        db
          .select({ n: count() })
          .from(attempt)
          .where(and(eq(attempt.tenantId, tenantId), eq(attempt.contentId, contentId))),
        db
          .select({ n: count() })
          .from(comment)
          .where(and(eq(comment.tenantId, tenantId), eq(comment.contentId, contentId))),
      ]);
      return {
        ...reach,
        attempts: attempts?.n ?? 0,
        comments: comments?.n ?? 0,
      };
    },

    /**
     * Each person's best graded attempt, summed up: how many reached `passMark` (with none, every graded
     * attempt passes) and the mean of those best marks (null before the first).
     */
    async marks(tenantId: number, contentId: number, passMark: number | null) {
      const best = db
        .select({ best: sql<number>`max(${attempt.finalMark})`.as('best') })
        .from(attempt)
        .where(and(eq(attempt.tenantId, tenantId), eq(attempt.contentId, contentId), isNotNull(attempt.finalMark)))
        .groupBy(attempt.userId)
        .as('people');
      const [row] = await db
        .select({
          passed: sql<number>`count(*) FILTER (WHERE ${best.best} >= ${passMark ?? 0})`.mapWith(Number),
          average: sql<number | null>`avg(${best.best})`.mapWith((v) => (v === null ? null : Number(v))),
        })
        .from(best);
      return { passed: row?.passed ?? 0, average: row?.average ?? null };
    },

    /**
     * How many of the item's events happened on each day (in the app's time zone) that had any: first
     * openings, finishes or attempts; within `range` (YYYY-MM-DD, both included) when one is given.
     */
    perDay(tenantId: number, contentId: number, event: DayEvent, range?: { first: string; last: string }) {
      const [table, column] = dayEvents[event];
      // The zone written into the statement, not bound: the grouped and selected expressions must be the same text.
      const day = sql<string>`(${column} AT TIME ZONE ${zone})::date::text`;
      return db
        .select({ day, n: count() })
        .from(table)
        .where(
          and(
            eq(table.tenantId, tenantId),
            eq(table.contentId, contentId),
            isNotNull(column),
            range && sql`${column} >= (${range.first}::date::timestamp AT TIME ZONE ${zone})`,
            range && sql`${column} < ((${range.last}::date + 1)::timestamp AT TIME ZONE ${zone})`,
          ),
        )
        .groupBy(day);
    },

    /**
     * Per group the item was sent to (every group with members in the audience, when sent to everyone or by
     * rule: a rule's audience crosses groups): its members in the audience, and how many of them opened and
     * finished it.
     */
    groupsReach: (tenantId: number, contentId: number) =>
      db
        .select({
          id: userGroup.id,
          name: userGroup.name,
          audience: count(),
          viewed: count(contentInteraction.viewedAt),
          finished: count(contentInteraction.finishedAt),
        })
        .from(contentInteraction)
        .innerJoin(
          groupMember,
          and(eq(groupMember.tenantId, contentInteraction.tenantId), eq(groupMember.userId, contentInteraction.userId)),
        )
        .innerJoin(userGroup, and(eq(userGroup.tenantId, groupMember.tenantId), eq(userGroup.id, groupMember.groupId)))
        .where(
          and(
            eq(contentInteraction.tenantId, tenantId),
            eq(contentInteraction.contentId, contentId),
            // The groups it was sent to (every group, when sent to everyone or by rule), not every group its people are in.
            or(
              exists(
                db
                  .select({ one: sql`1` })
                  .from(contentAudienceRule)
                  .where(and(eq(contentAudienceRule.tenantId, tenantId), eq(contentAudienceRule.contentId, contentId))),
              ),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(content)
                  .where(and(eq(content.tenantId, tenantId), eq(content.id, contentId), eq(content.audienceAll, true))),
              ),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(contentAudienceGroup)
                  .where(
                    and(
                      eq(contentAudienceGroup.tenantId, tenantId),
                      eq(contentAudienceGroup.contentId, contentId),
                      eq(contentAudienceGroup.groupId, userGroup.id),
                    ),
                  ),
              ),
            ),
          ),
        )
        .groupBy(userGroup.id, userGroup.name)
        .orderBy(sql`kanal_fold(${userGroup.name})`, asc(userGroup.id)),

    /** The attempts' answers counted per question and answer, and the attempts that answered each question. */
    async answerCounts(tenantId: number, contentId: number) {
      const ofItem = and(
        eq(attempt.tenantId, tenantId),
        eq(attempt.contentId, contentId),
        eq(attemptAnswer.tenantId, attempt.tenantId),
        eq(attemptAnswer.attemptId, attempt.id),
      );
      const [picks, answered] = await Promise.all([
        db
          .select({ questionId: attemptAnswer.questionId, answerId: attemptAnswer.answerId, n: count() })
          .from(attempt)
          .innerJoin(attemptAnswer, ofItem)
          .where(isNotNull(attemptAnswer.answerId))
          .groupBy(attemptAnswer.questionId, attemptAnswer.answerId),
        db
          .select({
            questionId: attemptAnswer.questionId,
            n: sql<number>`count(DISTINCT ${attemptAnswer.attemptId})`.mapWith(Number),
          })
          .from(attempt)
          .innerJoin(attemptAnswer, ofItem)
          .where(sql`${attemptAnswer.answerId} IS NOT NULL OR ${attemptAnswer.text} IS NOT NULL`)
          .groupBy(attemptAnswer.questionId),
      ]);
      return { picks, answered };
    },

    /** Each question's newest free-text answers (TEXT_ANSWERS_SHOWN at most), with their authors. */
    async texts(tenantId: number, contentId: number) {
      const ranked = db
        .select({
          questionId: attemptAnswer.questionId,
          text: sql<string>`${attemptAnswer.text}`.as('text'),
          userId: sql<number>`${attempt.userId}`.as('user_id'),
          at: sql<Date>`${attempt.createdAt}`.as('at'),
          rank: sql<number>`row_number() OVER (PARTITION BY ${attemptAnswer.questionId} ORDER BY ${attempt.createdAt} DESC, ${attemptAnswer.id} DESC)`.as(
            'rank',
          ),
        })
        .from(attempt)
        .innerJoin(
          attemptAnswer,
          and(eq(attemptAnswer.tenantId, attempt.tenantId), eq(attemptAnswer.attemptId, attempt.id)),
        )
        .where(and(eq(attempt.tenantId, tenantId), eq(attempt.contentId, contentId), isNotNull(attemptAnswer.text)))
        .as('ranked');
      return db
        .select({
          questionId: ranked.questionId,
          text: ranked.text,
          userId: ranked.userId,
          name: appUser.name,
          at: sql<string>`${ranked.at}`.mapWith((v) => new Date(v).toISOString()),
        })
        .from(ranked)
        .innerJoin(appUser, and(eq(appUser.tenantId, tenantId), eq(appUser.id, ranked.userId)))
        .where(sql`${ranked.rank} <= ${TEXT_ANSWERS_SHOWN}`)
        .orderBy(ranked.questionId, ranked.rank);
    },

    /**
     * A page of the audience by name, with each person's attempts: one lookup per person of the page in the
     * attempts' (tenant, user, item) index, never a count over the whole item's attempts.
     */
    async audience(tenantId: number, contentId: number, query: ContentUsersQuery) {
      const tried = exists(db.select({ one: sql`1` }).from(attempt).where(ownAttempts));
      const states: Record<AudienceState, SQL | undefined> = {
        notViewed: isNull(ci.viewedAt),
        viewed: and(isNotNull(ci.viewedAt), isNull(ci.finishedAt)),
        finished: isNotNull(ci.finishedAt),
        failed: and(isNull(ci.finishedAt), tried),
      };
      const where = and(
        eq(ci.tenantId, tenantId),
        eq(ci.contentId, contentId),
        ...searchWords(appUser.searchText, query.q),
        query.state ? states[query.state] : undefined,
      );
      // Without a search, the item's counters (content_reach, one row per inbox row) give the count of every
      // state but `failed`, instead of a count over the whole audience.
      const counted = async () => {
        if (query.q || query.state === 'failed') {
          const [total] = await db.select({ n: count() }).from(ci).innerJoin(appUser, person).where(where);
          return total?.n ?? 0;
        }
        const reach = await reachOf(db, tenantId, contentId);
        if (query.state === 'notViewed') return reach.audience - reach.viewed;
        if (query.state === 'viewed') return reach.viewed - reach.finished;
        if (query.state === 'finished') return reach.finished;
        return reach.audience;
      };
      const [rows, total] = await Promise.all([audienceRows(where, query.limit, query.offset), counted()]);
      return { count: total, rows };
    },

    /**
     * The whole audience by name, each with their attempts and marks: an export's one sorted read. The
     * item's attempts are grouped once and joined, instead of being looked up person by person.
     */
    audienceInOrder(tenantId: number, contentId: number) {
      const marks = db
        .select({ userId: attempt.userId, ...markColumns })
        .from(attempt)
        .where(and(eq(attempt.tenantId, tenantId), eq(attempt.contentId, contentId)))
        .groupBy(attempt.userId)
        .as('marks');
      return db
        .select({ ...audienceColumns, ...marksShown(marks) })
        .from(ci)
        .innerJoin(appUser, person)
        .leftJoin(marks, eq(marks.userId, ci.userId))
        .where(and(eq(ci.tenantId, tenantId), eq(ci.contentId, contentId)))
        .orderBy(asc(appUser.searchText), asc(appUser.id));
    },

    /** Each of these people's latest attempt at the item, answer by answer (choices by title, or the text). */
    latestAnswers(tenantId: number, contentId: number, userIds: number[]) {
      const latest = db
        .selectDistinctOn([attempt.userId], { id: attempt.id, userId: attempt.userId })
        .from(attempt)
        .where(
          and(
            eq(attempt.tenantId, tenantId),
            eq(attempt.contentId, contentId),
            // One array parameter, not one per person: a batch's statement is built and planned as a small one.
            sql`${attempt.userId} = ANY(${sql.param(userIds)}::int[])`,
          ),
        )
        .orderBy(attempt.userId, desc(attempt.createdAt), desc(attempt.id))
        .as('latest');
      return db
        .select({
          userId: latest.userId,
          questionId: attemptAnswer.questionId,
          answer: answer.title,
          text: attemptAnswer.text,
        })
        .from(latest)
        .innerJoin(attemptAnswer, and(eq(attemptAnswer.tenantId, tenantId), eq(attemptAnswer.attemptId, latest.id)))
        .leftJoin(answer, and(eq(answer.tenantId, tenantId), eq(answer.id, attemptAnswer.answerId)))
        .orderBy(latest.userId, attemptAnswer.questionId, asc(answer.position), asc(attemptAnswer.id));
    },
  };
};
export type ContentStatsRepository = ReturnType<typeof createContentStatsRepository>;
