import * as z from 'zod/mini';
import { ARCHIVE_PAGE_SIZE, TEXT_ANSWER_MAX_LENGTH } from './constants.js';
import { ContentItemSchema, IsoDateTimeSchema } from './content.js';
import { ContentTypeSchema, QuestionTypeSchema } from './enums.js';
import { csv, IdSchema, IdStringSchema, pageQuery } from './envelope.js';

// Quizzes, polls and inquiries (spec points 3 and 4): the Form, answer submission, attempts, the
// archive lists and their filter options.

/**
 * One answer option. Which options are correct is never sent with the questions (spec point 3's Form has
 * `isCorrect`): it would be the answer key before the answer. The quiz screen asks the check call instead.
 */
export const AnswerOptionSchema = z.object({ id: z.int(), title: z.string() });
export type AnswerOption = z.infer<typeof AnswerOptionSchema>;

/** GET /mobile/content/{id}/questions: questions in order (zero-based `order`), answers in order. */
export const QuestionSchema = z.object({
  id: z.int(),
  order: z.int(),
  title: z.string(),
  type: QuestionTypeSchema,
  answers: z.array(AnswerOptionSchema),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionListSchema = z.object({ questions: z.array(QuestionSchema) });
export type QuestionList = z.infer<typeof QuestionListSchema>;

/** POST /mobile/content/{id}/questions/{questionId}/check: the path's ids. */
export const QuestionParamsSchema = z.object({ id: IdStringSchema, questionId: IdStringSchema });
export type QuestionParams = z.infer<typeof QuestionParamsSchema>;

/** The answer ids chosen for one question of an education, to be checked. */
export const CheckAnswerBodySchema = z.object({
  answers: z.array(IdSchema).check(z.minLength(1, { error: 'validation.required' }), z.maxLength(50)),
});
export type CheckAnswerBody = z.infer<typeof CheckAnswerBodySchema>;

/**
 * The verdict on a checked answer. The first answer checked for a question counts for the run (every
 * check since the caller's last submission of the item): `answers` is that one, whatever a later check
 * sent, and the submission must carry it. `correctAnswers` are the question's correct ids.
 */
export const AnswerCheckSchema = z.object({
  answers: z.array(z.int()),
  correct: z.boolean(),
  correctAnswers: z.array(z.int()),
});
export type AnswerCheck = z.infer<typeof AnswerCheckSchema>;

/**
 * Spec point 3, "Answer submission item": the chosen answer ids and/or a text. An empty item (no ids, no
 * text) is a question left unanswered, as when the time limit runs out.
 */
export const QuestionAnswerSchema = z.object({
  questionId: IdSchema,
  answers: z._default(z.array(IdSchema).check(z.maxLength(50)), []),
  text: z.optional(
    z.string().check(z.trim(), z.maxLength(TEXT_ANSWER_MAX_LENGTH, { error: 'validation.answerTooLong' })),
  ),
});
export type QuestionAnswer = z.infer<typeof QuestionAnswerSchema>;
export type QuestionAnswerInput = z.input<typeof QuestionAnswerSchema>;

/** POST /mobile/content/{id}/form/attempt. Every question of the item appears exactly once. */
export const SubmitAnswersBodySchema = z.object({
  questionAnswers: z
    .array(QuestionAnswerSchema)
    .check(z.minLength(1, { error: 'validation.required' }), z.maxLength(200)),
});
export type SubmitAnswersBody = z.infer<typeof SubmitAnswersBodySchema>;

/**
 * A retried submission carrying the same key stores one attempt and answers as the first did.
 * Optional; the web app sends a fresh UUID per submission attempt of the user.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/));
/** A malformed key answers 400 naming the header; a missing one means the submission is not retried. */
export const SubmissionHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.optional(IdempotencyKeySchema) });

/**
 * What a submission stored and how it scored. EDUCATION: finalMark = correct / total over the graded
 * questions (those with a correct answer), passed when finalMark ≥ passingScore. INQUIRY: a named,
 * ungraded attempt. POLL: no attempt (polls keep no link to the user), so `attemptId` is null.
 */
export const SubmissionResultSchema = z.object({
  attemptId: z.nullable(z.int()),
  finalMark: z.nullable(z.number()),
  correct: z.nullable(z.int()),
  total: z.int(),
  passMark: z.nullable(z.number()),
  passed: z.nullable(z.boolean()),
  /** Points this submission earned (first passing attempt of an EDUCATION item only). */
  points: z.int(),
  /** Whether the item is now finished for the caller (passed education, any poll or inquiry). */
  finished: z.boolean(),
});
export type SubmissionResult = z.infer<typeof SubmissionResultSchema>;

/**
 * One answered question of an attempt, for the review screen. `correct` is null when not graded;
 * `correctAnswers` are a graded question's right answers (shown beside a wrong one), null when not graded.
 */
export const UserAnswerSchema = z.object({
  question: z.object({ id: z.int(), order: z.int(), title: z.string(), type: QuestionTypeSchema }),
  text: z.nullable(z.string()),
  answers: z.array(z.object({ id: z.int(), title: z.string() })),
  correct: z.nullable(z.boolean()),
  correctAnswers: z.nullable(z.array(z.object({ id: z.int(), title: z.string() }))),
});
export type UserAnswer = z.infer<typeof UserAnswerSchema>;

/** Spec point 3, "Attempts response". finalMark 0..1; null for an (ungraded) INQUIRY attempt. */
export const AttemptSchema = z.object({
  id: z.int(),
  contentId: z.int(),
  createdAt: IsoDateTimeSchema,
  finalMark: z.nullable(z.number()),
  correct: z.nullable(z.int()),
  total: z.int(),
  userAnswers: z.array(UserAnswerSchema),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/** GET /mobile/content/{id}/form/attempts: the caller's attempts at one item, newest first. */
export const AttemptListSchema = z.object({ attempts: z.array(AttemptSchema) });
export type AttemptList = z.infer<typeof AttemptListSchema>;

/** A time-period filter value: a calendar month in the app's time zone, `YYYY-MM`. */
export const PeriodSchema = z.string().check(z.regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' }));

/** GET /mobile/content/form/attempts: the caller's attempts across items, newest first. */
export const AttemptsQuerySchema = z.object({
  contentIds: csv(IdStringSchema),
  ...pageQuery(20),
});
export type AttemptsQuery = z.infer<typeof AttemptsQuerySchema>;

export const AttemptPageSchema = z.object({ count: z.int(), items: z.array(AttemptSchema) });
export type AttemptPage = z.infer<typeof AttemptPageSchema>;

/** The last attempt as an archive card shows it: mark as a whole percent, correct out of total. */
export const LastAttemptSchema = z.object({
  id: z.int(),
  finalMark: z.nullable(z.number()),
  correct: z.nullable(z.int()),
  total: z.int(),
  createdAt: IsoDateTimeSchema,
});
export type LastAttempt = z.infer<typeof LastAttemptSchema>;

export const ArchiveItemSchema = z.extend(ContentItemSchema, { lastAttempt: z.nullable(LastAttemptSchema) });
export type ArchiveItem = z.infer<typeof ArchiveItemSchema>;

/** GET /mobile/content/list/finished and /list/new-with-attempts. */
export const ArchiveListSchema = z.object({ count: z.int(), content: z.array(ArchiveItemSchema) });
export type ArchiveList = z.infer<typeof ArchiveListSchema>;

/** GET /mobile/content/list/finished: spec point 7, limit 3, offset 3·page, comma-separated filters. */
export const FinishedQuerySchema = z.object({
  ...pageQuery(ARCHIVE_PAGE_SIZE),
  contentTypes: csv(ContentTypeSchema, 5),
  creators: csv(IdStringSchema),
  categories: csv(z.string().check(z.maxLength(200))),
  periods: csv(PeriodSchema, 120),
});
export type FinishedQuery = z.infer<typeof FinishedQuerySchema>;
export type FinishedFilters = Pick<FinishedQuery, 'contentTypes' | 'creators' | 'categories' | 'periods'>;

const FilterOptionSchema = z.object({ label: z.string(), value: z.string() });
export type FilterOption = z.infer<typeof FilterOptionSchema>;

/**
 * GET /mobile/content/list/filters: only values that occur among the caller's finished items. Labels
 * are in the caller's language; values are what /list/finished takes (type, creator id, category,
 * `YYYY-MM`), newest period first.
 */
export const FilterOptionsSchema = z.object({
  contentTypes: z.array(FilterOptionSchema),
  categories: z.array(FilterOptionSchema),
  creators: z.array(FilterOptionSchema),
  periods: z.array(FilterOptionSchema),
});
export type FilterOptions = z.infer<typeof FilterOptionsSchema>;

/**
 * GET /mobile/content/{id}/poll/results: a poll's answers counted over everyone who took it, for the
 * archive's review (the poll keeps no personal answers to show). Below POLL_RESULTS_MIN_RESPONDENTS the
 * counts are withheld (`questions` empty, `hidden` true). Free-text answers are never shown.
 */
export const PollResultsSchema = z.object({
  respondents: z.int(),
  hidden: z.boolean(),
  questions: z.array(
    z.object({
      id: z.int(),
      order: z.int(),
      title: z.string(),
      type: QuestionTypeSchema,
      /** People who answered this question (a MULTIPLE question's percentages are of these). */
      answered: z.int(),
      answers: z.array(z.object({ id: z.int(), title: z.string(), count: z.int(), percent: z.int() })),
    }),
  ),
});
export type PollResults = z.infer<typeof PollResultsSchema>;

/**
 * The scoring rule (spec point 9: a question is correct when the selected answer ids equal the set of
 * correct ids), run by the server only: the client never has the correct ids. Only questions with at
 * least one correct answer are graded; finalMark is 1 when none is.
 */
export function scoreAnswers(
  questions: readonly { id: number; answers: readonly { id: number; isCorrect?: boolean | undefined }[] }[],
  given: readonly { questionId: number; answers?: readonly number[] | undefined }[],
): { correct: number; total: number; finalMark: number; perQuestion: Map<number, boolean | null> } {
  const chosen = new Map(given.map((g) => [g.questionId, new Set(g.answers ?? [])]));
  const perQuestion = new Map<number, boolean | null>();
  let correct = 0;
  let total = 0;
  for (const q of questions) {
    const right = new Set(q.answers.filter((a) => a.isCorrect).map((a) => a.id));
    if (right.size === 0) {
      perQuestion.set(q.id, null);
      continue;
    }
    total += 1;
    const picked = chosen.get(q.id) ?? new Set<number>();
    const ok = picked.size === right.size && [...picked].every((id) => right.has(id));
    perQuestion.set(q.id, ok);
    if (ok) correct += 1;
  }
  return { correct, total, finalMark: total === 0 ? 1 : correct / total, perQuestion };
}

/** Spec point 4: passed when finalMark ≥ pass mark; no pass mark set means any result passes. */
export const isPassed = (finalMark: number, passMark: number | null) => passMark === null || finalMark >= passMark;
