// A submission's two statements: the reading of everything it decides on, and the storing of its attempt,
// answers, points and finish in one round trip each (issue 6). The repository runs them; they are built here.
import type { QuestionType, SubmissionResult } from '@kanal/contract';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { callerColumns, callerPlaceholders, liveCaller } from '../../db/caller.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import {
  answer,
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

/** The reason of the ledger row a passed education pays, unique per user and item (the partial index). */
export const EDUCATION_PASSED = 'education_passed';

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

/**
 * How many attempts the caller has made at the item, for an education that draws its questions (draw.ts);
 * null otherwise, when the count would only be read for nothing.
 */
const attemptsSoFar = sql<number | null>`CASE WHEN ${visibleItem.settings} ->> 'questionsPerAttempt' IS NOT NULL THEN (
    SELECT count(*)::int FROM ${attempt}
    WHERE ${attempt.tenantId} = ${liveCaller.tenantId} AND ${attempt.userId} = ${liveCaller.userId}
      AND ${attempt.contentId} = ${visibleItem.id}) END`;

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
export const submissionReading = preparedFor((db) =>
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
      attempts: attemptsSoFar.as('attempts'),
    })
    .from(liveCaller)
    .leftJoin(submissionKey, keyOf(liveCaller.tenantId, liveCaller.userId))
    .leftJoinLateral(visibleItem, sql`true`)
    .prepare('forms_submission_reading'),
);

/** The result stored under the caller's key, read anew when storing found the key taken meanwhile. */
export const resultUnderKey = preparedFor((db) =>
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
export function submissionStoring(db: DbOrTx, inbox: Pick<Inbox, 'finishingSteps'>) {
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
