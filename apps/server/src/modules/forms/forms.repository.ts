import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  answer,
  attempt,
  attemptAnswer,
  contentInteraction,
  pointsLedger,
  pollResponse,
  question,
  questionCheck,
  submissionKey,
} from '../../db/schema/index.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** The reason of the ledger row a passed education pays, unique per user and item (the partial index). */
const EDUCATION_PASSED = 'education_passed';

/** Which attempts to list: of some items (all when empty), a page (all when limit is null). */
export type AttemptsSelection = { contentIds: number[]; limit: number | null; offset: number };

const inboxRowOfAttempt = and(
  eq(contentInteraction.tenantId, attempt.tenantId),
  eq(contentInteraction.userId, attempt.userId),
  eq(contentInteraction.contentId, attempt.contentId),
);

/** The user's attempts at items still visible to them: live and due, by their inbox row's copies. */
const visibleAttempts = (tenantId: number, userId: number, now: Date, contentIds: number[]) =>
  and(
    eq(attempt.tenantId, tenantId),
    eq(attempt.userId, userId),
    contentIds.length ? inArray(attempt.contentId, contentIds) : undefined,
    sql`${contentInteraction.live}`,
    lte(contentInteraction.publishAt, now),
  );

export const createFormsRepository = (db: DbOrTx) => ({
  /**
   * Records a checked answer unless the run has one for the question already, and returns the one
   * recorded: the first. One statement, so two checks at once cannot both be first (the no-op update
   * makes a conflicting insert return the row that is there).
   */
  async recordCheck(row: Insert<typeof questionCheck>): Promise<number[]> {
    const [recorded] = await db
      .insert(questionCheck)
      .values(row)
      .onConflictDoUpdate({
        target: [questionCheck.tenantId, questionCheck.userId, questionCheck.contentId, questionCheck.questionId],
        set: { answerIds: sql`${questionCheck.answerIds}` },
      })
      .returning({ answerIds: questionCheck.answerIds });
    if (!recorded) throw new Error('question check upsert returned nothing');
    return recorded.answerIds;
  },

  /** Deletes the run's checked answers and returns them: a submission consumes the run. */
  takeChecks: (tenantId: number, userId: number, contentId: number) =>
    db
      .delete(questionCheck)
      .where(
        and(
          eq(questionCheck.tenantId, tenantId),
          eq(questionCheck.userId, userId),
          eq(questionCheck.contentId, contentId),
        ),
      )
      .returning({ questionId: questionCheck.questionId, answerIds: questionCheck.answerIds }),

  /** A stored idempotency key of the user's. A statement of its own, so it sees what committed while we waited for the lock. */
  async findKey(tenantId: number, userId: number, key: string) {
    const [row] = await db
      .select({ contentId: submissionKey.contentId, result: submissionKey.result })
      .from(submissionKey)
      .where(and(eq(submissionKey.tenantId, tenantId), eq(submissionKey.userId, userId), eq(submissionKey.key, key)));
    return row;
  },

  /** False when the key was taken meanwhile (by a submission for another item). */
  async saveKey(row: Insert<typeof submissionKey>) {
    const saved = await db
      .insert(submissionKey)
      .values(row)
      .onConflictDoNothing()
      .returning({ key: submissionKey.key });
    return saved.length > 0;
  },

  async insertAttempt(row: Insert<typeof attempt>): Promise<number> {
    const [created] = await db.insert(attempt).values(row).returning({ id: attempt.id });
    if (!created) throw new Error('attempt insert returned nothing');
    return created.id;
  },

  async insertAttemptAnswers(rows: Insert<typeof attemptAnswer>[]) {
    if (rows.length) await db.insert(attemptAnswer).values(rows);
  },

  async insertPollResponses(rows: Insert<typeof pollResponse>[]) {
    if (rows.length) await db.insert(pollResponse).values(rows);
  },

  /** Pays a passed education once per user and item; false when it was already paid. */
  async awardEducationPoints(tenantId: number, userId: number, contentId: number, points: number, at: Date) {
    const paid = await db
      .insert(pointsLedger)
      .values({ tenantId, userId, contentId, points, reason: EDUCATION_PASSED, createdAt: at })
      .onConflictDoNothing({
        target: [pointsLedger.tenantId, pointsLedger.userId, pointsLedger.contentId],
        where: sql`${pointsLedger.reason} = ${sql.raw(`'${EDUCATION_PASSED}'`)}`,
      })
      .returning({ id: pointsLedger.id });
    return paid.length > 0;
  },

  /** A page of the user's attempts at items still visible to them, newest first, with the whole count. */
  listAttempts: (tenantId: number, userId: number, now: Date, { contentIds, limit, offset }: AttemptsSelection) => {
    const query = db
      .select({
        id: attempt.id,
        contentId: attempt.contentId,
        createdAt: attempt.createdAt,
        finalMark: attempt.finalMark,
        correct: attempt.correct,
        total: attempt.total,
        count: sql<number>`count(*) OVER ()`.mapWith(Number),
      })
      .from(attempt)
      .innerJoin(contentInteraction, inboxRowOfAttempt)
      .where(visibleAttempts(tenantId, userId, now, contentIds))
      .orderBy(desc(attempt.createdAt), desc(attempt.id))
      .offset(offset)
      .$dynamic();
    return limit === null ? query : query.limit(limit);
  },

  /** The count alone, for a page past the end (where no row carries it). */
  async countAttempts(tenantId: number, userId: number, now: Date, contentIds: number[]) {
    const [row] = await db
      .select({ n: count() })
      .from(attempt)
      .innerJoin(contentInteraction, inboxRowOfAttempt)
      .where(visibleAttempts(tenantId, userId, now, contentIds));
    return row?.n ?? 0;
  },

  /** What the given attempts answered, in question and answer order: one query for a whole page. */
  listAttemptAnswers: (tenantId: number, attemptIds: number[]) =>
    db
      .select({
        attemptId: attemptAnswer.attemptId,
        questionId: question.id,
        order: question.position,
        title: question.title,
        type: question.type,
        answerId: answer.id,
        answerTitle: answer.title,
        text: attemptAnswer.text,
        correct: attemptAnswer.correct,
      })
      .from(attemptAnswer)
      .innerJoin(
        question,
        and(eq(question.tenantId, attemptAnswer.tenantId), eq(question.id, attemptAnswer.questionId)),
      )
      .leftJoin(answer, and(eq(answer.tenantId, attemptAnswer.tenantId), eq(answer.id, attemptAnswer.answerId)))
      .where(and(eq(attemptAnswer.tenantId, tenantId), inArray(attemptAnswer.attemptId, attemptIds)))
      .orderBy(
        asc(attemptAnswer.attemptId),
        asc(question.position),
        asc(question.id),
        asc(answer.position),
        asc(answer.id),
      ),

  /** People who took the poll: its finished inbox rows (the only trace of participation). */
  async pollRespondents(tenantId: number, contentId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(contentInteraction)
      .where(
        and(
          eq(contentInteraction.tenantId, tenantId),
          eq(contentInteraction.contentId, contentId),
          isNotNull(contentInteraction.finishedAt),
        ),
      );
    return row?.n ?? 0;
  },

  /**
   * The poll's picks counted per question and answer; a null answer counts the people who left the
   * question empty. Free texts are not counted.
   */
  pollCounts: (tenantId: number, contentId: number) =>
    db
      .select({ questionId: pollResponse.questionId, answerId: pollResponse.answerId, n: count() })
      .from(pollResponse)
      .where(and(eq(pollResponse.tenantId, tenantId), eq(pollResponse.contentId, contentId), isNull(pollResponse.text)))
      .groupBy(pollResponse.questionId, pollResponse.answerId),
});
export type FormsRepository = ReturnType<typeof createFormsRepository>;
