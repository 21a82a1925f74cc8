import { POINTS_PER_CORRECT_ANSWER } from '@kanal/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import {
  answer,
  appUser,
  attempt,
  attemptAnswer,
  content,
  contentInteraction,
  pointsLedger,
  pollResponse,
  question,
  questionCheck,
} from '../../db/schema/index.js';
import type { Inbox } from '../inbox/inbox.service.js';
import {
  EDUCATION_PASSED,
  resultUnderKey,
  type StoreOutcome,
  type SubmissionToStore,
  submissionReading,
  submissionStoring,
} from './submission-statements.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

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

/**
 * The points each education should have paid: 10 per correct answer of the first passing attempt
 * (DESIGN.md §5), judged as the submission judged it (correct / total against the pass mark, in double
 * precision like the server's scoring), per user and item; `where` narrows the attempts.
 */
const duePoints = (where: SQL) => sql`
  SELECT DISTINCT ON (a.tenant_id, a.user_id, a.content_id) a.tenant_id, a.user_id, a.content_id,
         a.correct * ${POINTS_PER_CORRECT_ANSWER} AS points
  FROM attempt a
  JOIN content c ON c.tenant_id = a.tenant_id AND c.id = a.content_id AND c.type = 'EDUCATION'
  WHERE ${where} AND a.correct IS NOT NULL
    AND a.correct::float8 / greatest(a.total, 1) >= coalesce((c.settings->>'passingScore')::float8, 0)
  ORDER BY a.tenant_id, a.user_id, a.content_id, a.created_at, a.id`;

/** An attempt as its list shows it: when, at which item, and its mark. */
const attemptColumns = {
  id: attempt.id,
  contentId: attempt.contentId,
  createdAt: attempt.createdAt,
  finalMark: attempt.finalMark,
  correct: attempt.correct,
  total: attempt.total,
};

/** What staff read of an attempt: whose, at which item. */
const staffAttemptColumns = {
  ...attemptColumns,
  userId: appUser.id,
  userName: appUser.name,
  contentName: content.name,
  contentType: content.type,
  passingScore: sql<number | null>`(${content.settings}->>'passingScore')::float8`,
};

export const createFormsRepository = (db: DbOrTx, inbox: Pick<Inbox, 'finishingSteps'>) => {
  // Built on first use: a repository bound to a transaction for answer checks never stores a submission.
  let storing: ReturnType<typeof submissionStoring> | undefined;
  return {
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

    /**
     * Everything a submission decides on, with the caller, in one round trip (see submissionReading);
     * undefined when the session of (tenantId, tokenHash) is not live. `key` null reads no key.
     */
    async readSubmission(tenantId: number, tokenHash: string, contentId: number, key: string | null, now: Date) {
      const [row] = await submissionReading(db).execute({ tenantId, tokenHash, contentId, key, now });
      if (!row) return undefined;
      const { caller, keyContentId, keyResult, type, settings, finishedAt, questions, checks, attempts } = row;
      return {
        caller,
        known: keyContentId === null || keyResult === null ? null : { contentId: keyContentId, result: keyResult },
        item:
          type === null || settings === null
            ? null
            : { type, settings, finishedAt, questions: questions ?? [], checks: checks ?? [], attempts: attempts ?? 0 },
      };
    },

    /**
     * Stores a submission in one statement (see submissionStoring): `stored` with its result; else
     * `finished` when the row was finished meanwhile, `keyTaken` when a submission with the same key
     * stored first, `gone` when the caller's inbox row is no more.
     */
    async storeSubmission(submission: SubmissionToStore): Promise<StoreOutcome> {
      storing ??= submissionStoring(db, inbox);
      const [row] = await storing.execute({ ...submission, result: JSON.stringify(submission.result) });
      if (!row) return { outcome: 'gone' };
      if (!row.open) return { outcome: 'finished' };
      return row.result ? { outcome: 'stored', result: row.result } : { outcome: 'keyTaken' };
    },

    /** How many attempts the user has made at the item: which questions an education's draw asks next (draw.ts). */
    async attemptCount(tenantId: number, userId: number, contentId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(attempt)
        .where(and(eq(attempt.tenantId, tenantId), eq(attempt.userId, userId), eq(attempt.contentId, contentId)));
      return row?.n ?? 0;
    },

    /** A stored idempotency key of the user's; a statement of its own, so it sees what committed meanwhile. */
    async findKey(tenantId: number, userId: number, key: string) {
      const [row] = await resultUnderKey(db).execute({ tenantId, userId, key });
      return row;
    },

    /** A page of the user's attempts at items still visible to them, newest first, with the whole count. */
    listAttempts: (tenantId: number, userId: number, now: Date, { contentIds, limit, offset }: AttemptsSelection) => {
      const query = db
        .select({ ...attemptColumns, count: sql<number>`count(*) OVER ()`.mapWith(Number) })
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

    /** The right answers of graded questions, in question and answer order: the review shows them beside wrong ones. */
    listCorrectAnswers: (tenantId: number, questionIds: number[]) =>
      db
        .select({ questionId: answer.questionId, id: answer.id, title: answer.title })
        .from(answer)
        .where(and(eq(answer.tenantId, tenantId), inArray(answer.questionId, questionIds), eq(answer.isCorrect, true)))
        .orderBy(asc(answer.questionId), asc(answer.position), asc(answer.id)),

    /** GET /userAnswer: a page of the tenant's attempts, of an item or a person or both, newest first. */
    async staffAttempts(
      tenantId: number,
      {
        contentId,
        userId,
        attemptId,
        creatorId,
        limit,
        offset,
      }: {
        contentId?: number;
        userId?: number;
        attemptId?: number;
        /** Only attempts at items this person made. */
        creatorId?: number;
        limit: number;
        offset: number;
      },
    ) {
      const where = and(
        eq(attempt.tenantId, tenantId),
        contentId === undefined ? undefined : eq(attempt.contentId, contentId),
        creatorId === undefined ? undefined : eq(content.creatorId, creatorId),
        userId === undefined ? undefined : eq(attempt.userId, userId),
        attemptId === undefined ? undefined : eq(attempt.id, attemptId),
      );
      const rows = await db
        .select({ ...staffAttemptColumns, count: sql<number>`count(*) OVER ()`.mapWith(Number) })
        .from(attempt)
        .innerJoin(appUser, and(eq(appUser.tenantId, attempt.tenantId), eq(appUser.id, attempt.userId)))
        .innerJoin(content, and(eq(content.tenantId, attempt.tenantId), eq(content.id, attempt.contentId)))
        .where(where)
        .orderBy(desc(attempt.createdAt), desc(attempt.id))
        .limit(limit)
        .offset(offset);
      const counted = async () => {
        const [row] = await db
          .select({ n: count() })
          .from(attempt)
          .innerJoin(content, and(eq(content.tenantId, attempt.tenantId), eq(content.id, attempt.contentId)))
          .where(where);
        return row?.n ?? 0;
      };
      const total = rows[0]?.count ?? (offset > 0 ? await counted() : 0);
      return { count: total, rows };
    },

    /** Deletes an attempt; answers whose and of which item it was, or undefined when there is none. */
    async deleteAttempt(tenantId: number, attemptId: number) {
      const [row] = await db
        .delete(attempt)
        .where(and(eq(attempt.tenantId, tenantId), eq(attempt.id, attemptId)))
        .returning({ userId: attempt.userId, contentId: attempt.contentId });
      return row;
    },

    /** Whether the user still has an attempt at the item that finishes it: any for an inquiry, a passing one for an education. */
    async stillFinishes(tenantId: number, userId: number, contentId: number): Promise<boolean> {
      const [row] = rowsOf<{ finishes: boolean }>(
        await db.execute(sql`
        SELECT EXISTS (
          SELECT FROM attempt a JOIN content c ON c.tenant_id = a.tenant_id AND c.id = a.content_id
          WHERE a.tenant_id = ${tenantId} AND a.user_id = ${userId} AND a.content_id = ${contentId}
            AND (c.type <> 'EDUCATION'
                 OR a.correct::float8 / greatest(a.total, 1) >= coalesce((c.settings->>'passingScore')::float8, 0))
        ) AS finishes`),
      );
      return row?.finishes === true;
    },

    /**
     * Makes the ledger's education awards agree with the attempts, for one user and item or (no
     * narrowing) everywhere, in two statements; answers each award that changed, as it was and is.
     */
    async settlePoints(only?: { tenantId: number; userId: number; contentId: number }) {
      const narrow = (alias: string) =>
        only
          ? sql`${sql.raw(alias)}.tenant_id = ${only.tenantId} AND ${sql.raw(alias)}.user_id = ${only.userId}
                AND ${sql.raw(alias)}.content_id = ${only.contentId}`
          : sql`true`;
      const changed = rowsOf<{ tenant_id: number; user_id: number; content_id: number; was: number; due: number }>(
        await db.execute(sql`
          SELECT coalesce(d.tenant_id, p.tenant_id) AS tenant_id, coalesce(d.user_id, p.user_id) AS user_id,
                 coalesce(d.content_id, p.content_id) AS content_id,
                 coalesce(p.points, 0)::int AS was, coalesce(d.points, 0)::int AS due
          FROM (${duePoints(narrow('a'))}) d
          FULL JOIN (
            SELECT tenant_id, user_id, content_id, sum(points) AS points FROM points_ledger l
            WHERE l.reason = ${EDUCATION_PASSED} AND ${narrow('l')}
            GROUP BY tenant_id, user_id, content_id
          ) p USING (tenant_id, user_id, content_id)
          WHERE coalesce(d.points, 0) <> coalesce(p.points, 0)`),
      );
      if (changed.length === 0) return [];
      const keys = sql.param(JSON.stringify(changed.map((c) => [c.tenant_id, c.user_id, c.content_id])));
      const picked = sql`(SELECT (k->>0)::int AS tenant_id, (k->>1)::int AS user_id, (k->>2)::int AS content_id
                          FROM jsonb_array_elements(${keys}::jsonb) k)`;
      await db.execute(sql`
        DELETE FROM points_ledger l USING ${picked} k
        WHERE l.reason = ${EDUCATION_PASSED} AND l.tenant_id = k.tenant_id AND l.user_id = k.user_id
          AND l.content_id = k.content_id`);
      await db.execute(sql`
        INSERT INTO points_ledger (tenant_id, user_id, content_id, points, reason)
        SELECT c.tenant_id, c.user_id, c.content_id, c.due, ${EDUCATION_PASSED}
        FROM jsonb_to_recordset(${sql.param(JSON.stringify(changed))}::jsonb)
             AS c(tenant_id int, user_id int, content_id int, due int)
        WHERE c.due > 0`);
      return changed.map((c) => ({
        tenantId: Number(c.tenant_id),
        userId: Number(c.user_id),
        contentId: Number(c.content_id),
        was: Number(c.was),
        is: Number(c.due),
      }));
    },

    /** The user's points now, from the ledger. */
    async pointsOf(tenantId: number, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${pointsLedger.points}), 0)`.mapWith(Number) })
        .from(pointsLedger)
        .where(and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.userId, userId)));
      return row?.n ?? 0;
    },

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
        .where(
          and(eq(pollResponse.tenantId, tenantId), eq(pollResponse.contentId, contentId), isNull(pollResponse.text)),
        )
        .groupBy(pollResponse.questionId, pollResponse.answerId),
  };
};
export type FormsRepository = ReturnType<typeof createFormsRepository>;
