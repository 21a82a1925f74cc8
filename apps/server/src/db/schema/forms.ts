import type { SubmissionResult } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser } from './users.js';

/**
 * A named submission (EDUCATION, INQUIRY). Polls never get one: they are anonymous. An INQUIRY attempt is
 * not graded, so its final_mark and correct are NULL (and both are, or neither).
 *
 * Like every row a submission stores (its answers, key, points, a poll's answers, a run's checks), it references
 * its person's rows only, never the item's or a question's, which every submission of the item shares: a foreign
 * key's check locks the row it finds (ADR 0052). The statement that deletes an item or a question deletes them
 * (migration 0041's triggers).
 */
export const attempt = pgTable(
  'attempt',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    contentId: integer().notNull(),
    finalMark: real(),
    correct: integer(),
    total: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Profile accuracy sums one user's attempts; the attempts screens list them per item; the archive
    // reads one user's latest attempt at an item (LIMIT 1 in this order, no sort).
    index('attempt_user_content_idx').on(t.tenantId, t.userId, t.contentId, t.createdAt.desc(), t.id.desc()),
    index('attempt_content_idx').on(t.tenantId, t.contentId),
    check('attempt_final_mark_range', sql`${t.finalMark} BETWEEN 0 AND 1`),
    check('attempt_counts', sql`${t.total} >= 0 AND ${t.correct} >= 0 AND ${t.correct} <= ${t.total}`),
    check('attempt_graded_whole', sql`(${t.finalMark} IS NULL) = (${t.correct} IS NULL)`),
    foreignKey({
      name: 'attempt_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * What an attempt answered: one row per chosen answer, or one row with the text, or one empty row for
 * a question left unanswered (the time ran out), so the review shows every question. `correct` is the
 * question's result as scored at submission (NULL when not graded), kept so that later edits of the
 * item do not rewrite history.
 */
export const attemptAnswer = pgTable(
  'attempt_answer',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    attemptId: integer().notNull(),
    questionId: integer().notNull(),
    answerId: integer(),
    text: text(),
    correct: boolean(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('attempt_answer_attempt_idx').on(t.tenantId, t.attemptId),
    foreignKey({
      name: 'attempt_answer_attempt_fk',
      columns: [t.tenantId, t.attemptId],
      foreignColumns: [attempt.tenantId, attempt.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One poll answer. Polls are anonymous (DESIGN.md §4), so this must hold in the database too: no user
 * id, a random id (a sequence would order rows as people answered, next to their finished_at), and a
 * date, not a time. Participation is only the user's content_interaction. One row per chosen answer,
 * one per text, and one empty row (no answer, no text) per question left unanswered.
 */
export const pollResponse = pgTable(
  'poll_response',
  {
    id: uuid().notNull().defaultRandom(),
    tenantId: integer().notNull(),
    contentId: integer().notNull(),
    questionId: integer().notNull(),
    answerId: integer(),
    text: text(),
    responseDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Results count one poll's rows by question and answer.
    index('poll_response_content_idx').on(t.tenantId, t.contentId, t.questionId, t.answerId),
  ],
);

/**
 * A submission's idempotency key (header Idempotency-Key) and what it answered, so a retry stores
 * nothing new and answers the same. The result is the SubmissionResult, which never holds answers: a
 * poll's key row must not tie the user to what they answered.
 */
export const submissionKey = pgTable(
  'submission_key',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    key: text().notNull(),
    contentId: integer().notNull(),
    result: jsonb().$type<SubmissionResult>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
    foreignKey({
      name: 'submission_key_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The run's checked answers (POST …/questions/{questionId}/check): the first answer a user had checked for
 * a question since their last submission of the item, the only one that run may submit for it, so a
 * check cannot be used to learn the key and then answer right. A submission deletes its run's rows in
 * its own transaction. Rows live only while a run is open, so they are few: deleting an item or a
 * question cascades to them without an index of its own.
 */
export const questionCheck = pgTable(
  'question_check',
  {
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    contentId: integer().notNull(),
    questionId: integer().notNull(),
    /** The chosen answer ids, distinct and ascending. */
    answerIds: integer().array().notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // A run is the rows of one user and item: the submission takes them by this key's prefix.
    primaryKey({ columns: [t.tenantId, t.userId, t.contentId, t.questionId] }),
    foreignKey({
      name: 'question_check_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);

/** Points are a ledger, never a counter: every award (or correction) is a row with its reason. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer().notNull(),
    userId: integer().notNull(),
    /** The item the points came from; null for a correction not tied to one. */
    contentId: integer(),
    points: integer().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Profile points and the tenant's rank are sums per user of one tenant.
    index('points_ledger_user_idx').on(t.tenantId, t.userId),
    index('points_ledger_content_idx').on(t.tenantId, t.contentId),
    // A passed education pays once per user and item, however many submissions race.
    uniqueIndex('points_ledger_education_passed_key')
      .on(t.tenantId, t.userId, t.contentId)
      .where(sql`${t.reason} = 'education_passed'`),
    foreignKey({
      name: 'points_ledger_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('cascade'),
  ],
);
