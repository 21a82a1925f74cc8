import { POINTS_PER_CORRECT_ANSWER, type QuestionType, type SubmissionResult } from '@kanal/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { callerColumns, callerPlaceholders, liveCaller } from '../../db/caller.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
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
  submissionKey,
} from '../../db/schema/index.js';
import { sameItem, visibleTo } from '../../db/visibility.js';
import type { Inbox } from '../inbox/inbox.service.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** The reason of the ledger row a passed education pays, unique per user and item (the partial index). */
const EDUCATION_PASSED = 'education_passed';

/** A question as a submission is scored against: its answers, each right or wrong. */
export type GradedQuestion = { id: number; type: QuestionType; answers: { id: number; isCorrect: boolean }[] };
/** An answer checked in the current run (the first checked of its question). */
export type RecordedCheck = { questionId: number; answerIds: number[] };

/** What storing a submission is given; `result` lacks what the statement decides (attempt id, points). */
export type SubmissionToStore = {
  tenantId: number;
  userId: number;
  contentId: number;
  key: string | null;
  now: Date;
  /** A named attempt (education, inquiry); a poll's answers are stored without one. */
  named: boolean;
  finalMark: number | null;
  correct: number | null;
  total: number;
  /** Points the submission earns if the ledger has not paid this item yet. */
  earned: number;
  /** Whether the submission finishes the item. */
  finishes: boolean;
  result: Omit<SubmissionResult, 'attemptId' | 'points'>;
  /** The stored answer rows as parallel arrays: one per chosen answer, else one with the text or empty. */
  questionIds: number[];
  answerIds: (number | null)[];
  texts: (string | null)[];
  /** Each row's question scored right or wrong; null where not graded. */
  corrects: (boolean | null)[];
  /** A poll answer's day ('YYYY-MM-DD'). */
  responseDate: string;
  /** The questions whose recorded checks the submission was found to keep: the run it consumes. */
  checkedQuestionIds: number[];
};
export type StoreOutcome =
  | { outcome: 'stored'; result: SubmissionResult }
  | { outcome: 'finished' | 'keyTaken' | 'gone' };

/** The submission's parameters: tenantId and userId are the caller's, as the reading found them. */
const ph = {
  tenantId: sql.placeholder('tenantId'),
  userId: sql.placeholder('userId'),
  contentId: sql.placeholder('contentId'),
  key: sql.placeholder('key'),
  now: sql.placeholder('now'),
};

/** The user's idempotency key (none matches a null key). */
const keyOf = (tenantId: SQLWrapper, userId: SQLWrapper) =>
  and(eq(submissionKey.tenantId, tenantId), eq(submissionKey.userId, userId), eq(submissionKey.key, ph.key));

/** The caller's inbox row joined to its item, when the item is visible to them; joined LATERAL to the caller. */
const visibleItem = new QueryBuilder({ casing: 'snake_case' })
  .select({ id: content.id, type: content.type, settings: content.settings, finishedAt: contentInteraction.finishedAt })
  .from(contentInteraction)
  .innerJoin(content, sameItem)
  .where(
    and(
      visibleTo(liveCaller.tenantId, liveCaller.userId, callerPlaceholders.now),
      eq(contentInteraction.contentId, ph.contentId),
    ),
  )
  .as('item');

/** The item's questions in order, each with its answers in order, as one JSON array (null without any). */
const questionsOfItem = sql`(
    SELECT json_agg(json_build_object('id', ${question.id}, 'type', ${question.type}, 'answers', (
        SELECT coalesce(json_agg(json_build_object('id', ${answer.id}, 'isCorrect', ${answer.isCorrect})
                                 ORDER BY ${answer.position}, ${answer.id}), '[]')
        FROM ${answer} WHERE ${answer.tenantId} = ${question.tenantId} AND ${answer.questionId} = ${question.id}))
      ORDER BY ${question.position}, ${question.id})
    FROM ${question} WHERE ${question.tenantId} = ${liveCaller.tenantId} AND ${question.contentId} = ${visibleItem.id})`;

/** The answers checked in the caller's current run of the item, as one JSON array. */
const checksOfRun = sql`(
    SELECT coalesce(json_agg(json_build_object('questionId', ${questionCheck.questionId}, 'answerIds', ${questionCheck.answerIds})), '[]')
    FROM ${questionCheck}
    WHERE ${questionCheck.tenantId} = ${liveCaller.tenantId} AND ${questionCheck.userId} = ${liveCaller.userId} AND ${questionCheck.contentId} = ${ph.contentId})`;

/**
 * Everything a submission decides on, in one round trip, with the caller's session check (db/caller.ts):
 * no row when the session is not live, else one row whatever is found: the caller, the result stored
 * under their idempotency key (a retry is answered from it alone, so nothing else is read then), and
 * the item if it is visible to them, with their finish, its questions and the answers checked in the
 * current run. Reading takes no lock: the storing statement re-checks under its lock what may have
 * changed since (the finish, the key).
 */
const submissionReading = preparedFor((db) =>
  db
    .select({
      caller: callerColumns,
      keyContentId: submissionKey.contentId,
      keyResult: submissionKey.result,
      type: visibleItem.type,
      settings: visibleItem.settings,
      finishedAt: visibleItem.finishedAt,
      questions: sql<GradedQuestion[] | null>`CASE WHEN ${submissionKey.key} IS NULL THEN ${questionsOfItem} END`.as(
        'questions',
      ),
      checks: sql<RecordedCheck[] | null>`CASE WHEN ${submissionKey.key} IS NULL THEN ${checksOfRun} END`.as('checks'),
    })
    .from(liveCaller)
    .leftJoin(submissionKey, keyOf(liveCaller.tenantId, liveCaller.userId))
    .leftJoinLateral(visibleItem, sql`true`)
    .prepare('forms_submission_reading'),
);

/** The result stored under the caller's key, read anew when storing found the key taken meanwhile. */
const resultUnderKey = preparedFor((db) =>
  db
    .select({ contentId: submissionKey.contentId, result: submissionKey.result })
    .from(submissionKey)
    .where(keyOf(ph.tenantId, ph.userId))
    .prepare('forms_submission_key'),
);

/** The storing statement's own parameters, beside `ph`: a SubmissionToStore's fields by name. */
const stored = {
  named: sql.placeholder('named'),
  finalMark: sql.placeholder('finalMark'),
  correct: sql.placeholder('correct'),
  total: sql.placeholder('total'),
  earned: sql.placeholder('earned'),
  finishes: sql.placeholder('finishes'),
  result: sql.placeholder('result'),
  questionIds: sql.placeholder('questionIds'),
  answerIds: sql.placeholder('answerIds'),
  texts: sql.placeholder('texts'),
  corrects: sql.placeholder('corrects'),
  responseDate: sql.placeholder('responseDate'),
  checkedQuestionIds: sql.placeholder('checkedQuestionIds'),
};

/**
 * Stores a submission in ONE statement. A statement is its own transaction: no BEGIN and COMMIT round
 * trips, and the inbox row stays locked only while this statement runs and commits.
 *
 * Under READ COMMITTED every part of a statement reads the snapshot taken when it began, except where
 * PostgreSQL waits for a row or a key that another transaction holds and then goes by what that one
 * committed. The two gates are of that kind, so each decides on the latest state:
 * - inbox_row (the inbox module's step): the caller's row, locked as an update locks it. A concurrent
 *   submission holding it makes this one wait; the row is then re-read as committed, so a row finished
 *   meanwhile shows finished and nothing is stored. Two passing submissions cannot both find it open.
 * - stored_key: the idempotency key, inserted ON CONFLICT DO NOTHING before anything else is written.
 *   The unique index sees keys committed after the snapshot and waits for one still being inserted: of
 *   two submissions with one key exactly one inserts it, and the other stores nothing (its caller then
 *   reads the key in a statement of its own, whose snapshot holds the winner's result).
 * Everything else is written from `admitted` only (the row was open, and the key, if any, is ours), so a
 * submission is stored whole or not at all.
 *
 * The key row holds the result, attempt id included, yet is written before the attempt: the id is drawn
 * from the attempt's identity sequence first (a refused submission leaves a gap, nothing else). Points
 * are what the ledger pays: none when it has paid the item already. The snapshot is enough for that: the
 * ledger row is written with the finish of the row locked here, so one written since the snapshot would
 * have shown as a finished row. The run's checks consumed are those the submission was found to keep
 * (one recorded since the reading belongs to the next run, as if recorded after this submission), or all
 * of them when the item finishes: no run follows.
 */
function submissionStoring(db: DbOrTx, inbox: Pick<Inbox, 'finishingSteps'>) {
  const row = inbox.finishingSteps(ph.tenantId, ph.userId, ph.contentId);
  const inboxRow = db.$with('inbox_row').as(row.lock);
  const submission = db.$with('submission', {}).as(sql`
  SELECT attempt_id, points, ${stored.result}::jsonb || jsonb_build_object('attemptId', attempt_id, 'points', points) AS result
  FROM (
    SELECT CASE WHEN ${stored.named} THEN nextval(pg_get_serial_sequence('attempt', 'id'))::int END AS attempt_id,
           CASE WHEN ${stored.earned} > 0 AND NOT EXISTS (
             SELECT FROM ${pointsLedger}
             WHERE ${pointsLedger.tenantId} = ${ph.tenantId} AND ${pointsLedger.userId} = ${ph.userId}
               AND ${pointsLedger.contentId} = ${ph.contentId} AND ${pointsLedger.reason} = ${sql.raw(`'${EDUCATION_PASSED}'`)}
           ) THEN ${stored.earned}::int ELSE 0 END AS points
    FROM inbox_row
    WHERE finished_at IS NULL
  ) AS drawn
`);
  const keyInserted = db.$with('stored_key', {}).as(sql`
  INSERT INTO ${submissionKey} (tenant_id, user_id, key, content_id, result, created_at)
  SELECT ${ph.tenantId}, ${ph.userId}, ${ph.key}, ${ph.contentId}, result, ${ph.now}
  FROM submission
  WHERE ${ph.key}::text IS NOT NULL
  ON CONFLICT DO NOTHING
  RETURNING key
`);
  const admitted = db.$with('admitted', { result: sql<SubmissionResult>`result`.as('result') }).as(sql`
  SELECT attempt_id, points, result
  FROM submission
  WHERE ${ph.key}::text IS NULL OR EXISTS (SELECT FROM stored_key)
`);
  const storedAttempt = db.$with('stored_attempt', {}).as(sql`
  INSERT INTO ${attempt} (id, tenant_id, user_id, content_id, final_mark, correct, total, created_at)
  OVERRIDING SYSTEM VALUE
  SELECT attempt_id, ${ph.tenantId}, ${ph.userId}, ${ph.contentId}, ${stored.finalMark}, ${stored.correct}, ${stored.total}, ${ph.now}
  FROM admitted
  WHERE attempt_id IS NOT NULL
  RETURNING id
`);
  const storedAnswers = db.$with('stored_answers', {}).as(sql`
  INSERT INTO ${attemptAnswer} (tenant_id, attempt_id, question_id, answer_id, text, correct)
  SELECT ${ph.tenantId}, stored_attempt.id, answered.question_id, answered.answer_id, answered.text, answered.correct
  FROM stored_attempt,
    unnest(${stored.questionIds}::int[], ${stored.answerIds}::int[], ${stored.texts}::text[], ${stored.corrects}::boolean[])
      AS answered (question_id, answer_id, text, correct)
`);
  const storedPollAnswers = db.$with('stored_poll_answers', {}).as(sql`
  INSERT INTO ${pollResponse} (tenant_id, content_id, question_id, answer_id, text, response_date)
  SELECT ${ph.tenantId}, ${ph.contentId}, answered.question_id, answered.answer_id, answered.text, ${stored.responseDate}::date
  FROM admitted,
    unnest(${stored.questionIds}::int[], ${stored.answerIds}::int[], ${stored.texts}::text[])
      AS answered (question_id, answer_id, text)
  WHERE NOT ${stored.named}
`);
  const paidPoints = db.$with('paid_points', {}).as(sql`
  INSERT INTO ${pointsLedger} (tenant_id, user_id, content_id, points, reason, created_at)
  SELECT ${ph.tenantId}, ${ph.userId}, ${ph.contentId}, points, ${sql.raw(`'${EDUCATION_PASSED}'`)}, ${ph.now}
  FROM admitted
  WHERE points > 0
  ON CONFLICT (tenant_id, user_id, content_id) WHERE reason = ${sql.raw(`'${EDUCATION_PASSED}'`)} DO NOTHING
`);
  const finishedRow = db
    .$with('finished_row')
    .as(row.finish(ph.now, sql`${stored.finishes} AND EXISTS (SELECT FROM admitted)`));
  const consumedChecks = db.$with('consumed_checks', {}).as(sql`
  DELETE FROM ${questionCheck}
  WHERE tenant_id = ${ph.tenantId} AND user_id = ${ph.userId} AND content_id = ${ph.contentId}
    AND (${stored.finishes} OR question_id = ANY(${stored.checkedQuestionIds}::int[]))
    AND EXISTS (SELECT FROM admitted)
`);
  return db
    .with(
      inboxRow,
      submission,
      keyInserted,
      admitted,
      storedAttempt,
      storedAnswers,
      storedPollAnswers,
      paidPoints,
      finishedRow,
      consumedChecks,
    )
    .select({ open: sql<boolean>`${inboxRow.finishedAt} IS NULL`, result: admitted.result })
    .from(inboxRow)
    .leftJoin(admitted, sql`true`)
    .prepare('forms_store_submission');
}

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
      const { caller, keyContentId, keyResult, type, settings, finishedAt, questions, checks } = row;
      return {
        caller,
        known: keyContentId === null || keyResult === null ? null : { contentId: keyContentId, result: keyResult },
        item:
          type === null || settings === null
            ? null
            : { type, settings, finishedAt, questions: questions ?? [], checks: checks ?? [] },
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
