import {
  type AnswerCheck,
  type Attempt,
  type AttemptList,
  type AttemptPage,
  type AttemptsQuery,
  type CheckAnswerBody,
  hasForm,
  isPassed,
  POINTS_PER_CORRECT_ANSWER,
  POLL_RESULTS_MIN_RESPONDENTS,
  type PollResults,
  percentOf,
  type QuestionAnswer,
  type QuestionList,
  type SubmissionResult,
  type SubmitAnswersBody,
  scoreAnswers,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import { appDay, type Clock } from '../../lib/clock.js';
import type { Checked, Credentials, RequestContext } from '../../plugins/request-context.js';
import type { Form } from '../content/content.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import { askedQuestions } from './draw.js';
import type { AttemptsSelection, FormsRepository } from './forms.repository.js';
import type { GradedQuestion, RecordedCheck } from './submission-statements.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId'>;

type Deps = {
  repo: FormsRepository;
  /**
   * Runs `fn` in one transaction, with the repository and the inbox bound to it: an answer check
   * share-locks the caller's inbox row, which a submission's statement locks as an update does, so no
   * check lands in a run a submission is taking (forms.repository.ts, submissionStoring).
   */
  transaction: <T>(fn: (repo: FormsRepository, inbox: Pick<Inbox, 'lockShared'>) => Promise<T>) => Promise<T>;
  clock: Clock;
  /** A visible item with its questions (404 otherwise), from the content module. */
  getForm: (ctx: Ctx, contentId: number) => Promise<Form>;
  /** Throws 404 unless the item is visible to the caller, from the content module. */
  assertVisible: (ctx: Ctx, contentId: number) => Promise<unknown>;
};

const invalid = (name: string, message: string) =>
  new AppError('BodyParamsInvalid', { field: { name, message: `validation.${message}` } });

/** One question's validated answer: its distinct answer ids, or its text, or neither; `index` is its entry's. */
type CheckedAnswer = { question: GradedQuestion; index: number; answerIds: number[]; text: string | null };

/** Distinct ids, each one of the question's answers, as many as its type takes (one for SINGLE and LINEAR). */
function choiceOf(question: GradedQuestion, ids: readonly number[], field: string): number[] {
  const answerIds = [...new Set(ids)];
  const own = new Set(question.answers.map((a) => a.id));
  if (!answerIds.every((id) => own.has(id))) throw invalid(field, 'unknownAnswer');
  if (question.type !== 'MULTIPLE' && answerIds.length > 1) throw invalid(field, 'tooManyAnswers');
  return answerIds;
}

const correctIdsOf = (question: GradedQuestion) => question.answers.filter((a) => a.isCorrect).map((a) => a.id);

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

/**
 * Every question checked in this run must be submitted with the answer checked first: otherwise a user
 * could check an answer, learn the correct ids and submit those.
 */
function assertAsChecked(answers: CheckedAnswer[], checks: RecordedCheck[]) {
  const checked = new Map(checks.map((c) => [c.questionId, c.answerIds]));
  for (const { question, index, answerIds } of answers) {
    const first = checked.get(question.id);
    if (first && !sameIds(first, answerIds)) throw invalid(`questionAnswers.${index}.answers`, 'answerNotAsChecked');
  }
}

/**
 * Every question the attempt asks exactly once, each answer one of its question's, as many as its type
 * takes; text only where the question asks for text. An entry with neither ids nor text is a question
 * left unanswered (the time ran out). Returns the answers in the item's question order.
 */
function checkAnswers(questions: GradedQuestion[], given: QuestionAnswer[]): CheckedAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const checked = new Map<number, CheckedAnswer>();
  for (const [i, entry] of given.entries()) {
    const field = `questionAnswers.${i}`;
    const question = byId.get(entry.questionId);
    if (!question) throw invalid(`${field}.questionId`, 'unknownQuestion');
    if (checked.has(question.id)) throw invalid(`${field}.questionId`, 'duplicateQuestion');
    const text = entry.text || null;
    if (question.type === 'TEXT') {
      if (entry.answers.length) throw invalid(`${field}.answers`, 'answersNotAllowed');
      checked.set(question.id, { question, index: i, answerIds: [], text });
    } else {
      if (text !== null) throw invalid(`${field}.text`, 'textNotAllowed');
      checked.set(question.id, {
        question,
        index: i,
        answerIds: choiceOf(question, entry.answers, `${field}.answers`),
        text,
      });
    }
  }
  return questions.map((q) => {
    const answer = checked.get(q.id);
    if (!answer) throw invalid('questionAnswers', 'missingQuestion');
    return answer;
  });
}

/**
 * How a submission scores (DESIGN.md §5). EDUCATION with the contract's rule, so the quiz screen and
 * the server agree; INQUIRY and POLL are not graded: every question counts in the total, none is right.
 */
function grade(form: Pick<Form, 'type' | 'settings'> & { questions: GradedQuestion[] }, answers: CheckedAnswer[]) {
  if (form.type !== 'EDUCATION') {
    const ungraded = new Map(answers.map((a) => [a.question.id, null]));
    return {
      finalMark: null,
      correct: null,
      total: answers.length,
      passMark: null,
      passed: null,
      perQuestion: ungraded,
    };
  }
  const score = scoreAnswers(
    form.questions,
    answers.map((a) => ({ questionId: a.question.id, answers: a.answerIds })),
  );
  const passMark = form.settings.passingScore ?? null;
  return { ...score, passMark, passed: isPassed(score.finalMark, passMark) };
}

/** The rows a submission stores: one per chosen answer, else one with the text or empty. */
type StoredAnswer = { questionId: number; answerId: number | null; text: string | null };

function answerRows(answers: CheckedAnswer[]): StoredAnswer[] {
  return answers.flatMap(({ question, answerIds, text }): StoredAnswer[] =>
    answerIds.length
      ? answerIds.map((answerId) => ({ questionId: question.id, answerId, text: null }))
      : [{ questionId: question.id, answerId: null, text }],
  );
}

/** What a key stored answers a retry, unless the key was used for another item. */
function storedUnder(known: { contentId: number; result: SubmissionResult }, contentId: number) {
  if (known.contentId !== contentId) throw new AppError('IdempotencyKeyReused');
  return known.result;
}

/** What a submission's reading found: the caller (a live session), the key's stored result, the item. */
type SubmissionReading = NonNullable<Awaited<ReturnType<FormsRepository['readSubmission']>>>;

type AttemptRow = Omit<Attempt, 'createdAt' | 'userAnswers'> & { createdAt: Date };
type AnswerRow = Awaited<ReturnType<FormsRepository['listAttemptAnswers']>>[number];
type CorrectAnswerRow = Awaited<ReturnType<FormsRepository['listCorrectAnswers']>>[number];

/**
 * Attempts with their answers grouped per question, from one query's rows in attempt and question
 * order, and each graded question's right answers.
 */
function withAnswers(attempts: AttemptRow[], rows: AnswerRow[], correctRows: CorrectAnswerRow[]): Attempt[] {
  const rightAnswers = new Map<number, { id: number; title: string }[]>();
  for (const { questionId, id, title } of correctRows) {
    const list = rightAnswers.get(questionId) ?? [];
    rightAnswers.set(questionId, list);
    list.push({ id, title });
  }
  const byAttempt = new Map<number, Attempt['userAnswers']>();
  for (const row of rows) {
    const list = byAttempt.get(row.attemptId) ?? [];
    byAttempt.set(row.attemptId, list);
    let current = list.at(-1);
    if (current?.question.id !== row.questionId) {
      current = {
        question: { id: row.questionId, order: row.order, title: row.title, type: row.type },
        text: row.text,
        answers: [],
        correct: row.correct,
        correctAnswers: row.correct === null ? null : (rightAnswers.get(row.questionId) ?? []),
      };
      list.push(current);
    }
    if (row.answerId !== null && row.answerTitle !== null)
      current.answers.push({ id: row.answerId, title: row.answerTitle });
  }
  return attempts.map((a) => ({
    id: a.id,
    contentId: a.contentId,
    createdAt: a.createdAt.toISOString(),
    finalMark: a.finalMark,
    correct: a.correct,
    total: a.total,
    userAnswers: byAttempt.get(a.id) ?? [],
  }));
}

/** Attempts with what they answered and, where graded, the right answers: three queries for a whole page. */
export async function attemptsWithAnswers(repo: FormsRepository, tenantId: number, rows: AttemptRow[]) {
  if (rows.length === 0) return [];
  const answers = await repo.listAttemptAnswers(
    tenantId,
    rows.map((r) => r.id),
  );
  const graded = [...new Set(answers.filter((a) => a.correct !== null).map((a) => a.questionId))];
  const correctAnswers = graded.length ? await repo.listCorrectAnswers(tenantId, graded) : [];
  return withAnswers(rows, answers, correctAnswers);
}

/** A poll's question as its tally reads it. */
type PollQuestion = Pick<PollResults['questions'][number], 'id' | 'order' | 'title' | 'type'> & {
  answers: { id: number; title: string }[];
};

export const createFormsService = ({ repo, transaction, clock, getForm, assertVisible }: Deps) => {
  /** A submission decided on what its reading found for the caller, and stored unless a retry (see submit). */
  async function submitWith(
    { caller, known, item }: SubmissionReading,
    contentId: number,
    body: SubmitAnswersBody,
    key: string | undefined,
    now: Date,
  ): Promise<SubmissionResult> {
    const { tenantId, userId } = caller;
    // First, so a retry is answered as the first was, whatever has changed since (the item finished).
    if (known) return storedUnder(known, contentId);
    if (!item) throw notFound();
    if (!hasForm(item.type) || item.questions.length === 0) throw new AppError('NotAForm');
    const perAttempt = item.type === 'EDUCATION' ? item.settings.questionsPerAttempt : null;
    const asked = askedQuestions(item.questions, perAttempt, {
      tenantId,
      userId,
      contentId,
      attempts: item.attempts,
    });
    const answers = checkAnswers(asked, body.questionAnswers);
    if (item.finishedAt) throw new AppError('AlreadySubmitted');
    if (item.type === 'EDUCATION') assertAsChecked(answers, item.checks);
    const score = grade({ ...item, questions: asked }, answers);
    const finishes = item.type !== 'EDUCATION' || score.passed === true;
    const rows = answerRows(answers);
    const outcome = await repo.storeSubmission({
      tenantId,
      userId,
      contentId,
      key: key ?? null,
      now,
      named: item.type !== 'POLL',
      finalMark: score.finalMark,
      correct: score.correct,
      total: score.total,
      earned: item.type === 'EDUCATION' && score.passed ? POINTS_PER_CORRECT_ANSWER * (score.correct ?? 0) : 0,
      finishes,
      result: {
        finalMark: score.finalMark,
        correct: score.correct,
        total: score.total,
        passMark: score.passMark,
        passed: score.passed,
        finished: finishes,
      },
      questionIds: rows.map((r) => r.questionId),
      answerIds: rows.map((r) => r.answerId),
      texts: rows.map((r) => r.text),
      corrects: rows.map((r) => score.perQuestion.get(r.questionId) ?? null),
      // The calendar day is the only time a poll answer keeps.
      responseDate: appDay(now),
      checkedQuestionIds: item.checks.map((c) => c.questionId),
    });
    if (outcome.outcome === 'stored') return outcome.result;
    if (outcome.outcome === 'gone') throw notFound();
    // Another submission stored first: one with this key (answered as it was), or one that finished the
    // item; else the key went to another item at the same moment.
    const taken = key === undefined ? undefined : await repo.findKey(tenantId, userId, key);
    if (taken) return storedUnder(taken, contentId);
    if (outcome.outcome === 'finished') throw new AppError('AlreadySubmitted');
    throw new AppError('IdempotencyKeyReused');
  }

  /** The questions the caller's current attempt at a visible item asks (draw.ts), with their answers. */
  async function askedForm(ctx: Ctx, contentId: number): Promise<Form> {
    const form = await getForm(ctx, contentId);
    const perAttempt = form.type === 'EDUCATION' ? form.settings.questionsPerAttempt : null;
    if (perAttempt == null) return form;
    const attempts = await repo.attemptCount(ctx.tenantId, ctx.userId, contentId);
    const of = { tenantId: ctx.tenantId, userId: ctx.userId, contentId, attempts };
    return { ...form, questions: askedQuestions(form.questions, perAttempt, of) };
  }

  async function attempts(ctx: Ctx, query: AttemptsSelection) {
    const rows = await repo.listAttempts(ctx.tenantId, ctx.userId, clock.now(), query);
    return { rows, items: await attemptsWithAnswers(repo, ctx.tenantId, rows) };
  }

  /**
   * A poll's answers counted over everyone who took it: the end user's results after answering, and the
   * staff's. Below POLL_RESULTS_MIN_RESPONDENTS nothing is shown, so no one's answer can be told from the
   * counts. A question's percentages are of the people who answered it: respondents less those who left it
   * empty. Free-text questions are left out: a text could name its writer.
   */
  async function tallyPoll(tenantId: number, contentId: number, questions: PollQuestion[]): Promise<PollResults> {
    const [respondents, counts] = await Promise.all([
      repo.pollRespondents(tenantId, contentId),
      repo.pollCounts(tenantId, contentId),
    ]);
    if (respondents < POLL_RESULTS_MIN_RESPONDENTS) return { respondents, hidden: true, questions: [] };
    const countOf = (questionId: number, answerId: number | null) =>
      counts.find((c) => c.questionId === questionId && c.answerId === answerId)?.n ?? 0;
    return {
      respondents,
      hidden: false,
      questions: questions
        .filter((q) => q.type !== 'TEXT')
        .map((q) => {
          const answered = Math.max(0, respondents - countOf(q.id, null));
          return {
            id: q.id,
            order: q.order,
            title: q.title,
            type: q.type,
            answered,
            answers: q.answers.map((a) => {
              const n = countOf(q.id, a.id);
              // The app shows a poll's results in whole per cent, a share under 1 % as 0 or 1.
              return { id: a.id, title: a.title, count: n, percent: Math.round(percentOf(n, answered)) };
            }),
          };
        }),
    };
  }

  return {
    /**
     * Scores and stores a submission, and finishes the item when it is done (a passed education, any
     * poll or inquiry). Two statements: one checks the caller's session and reads all the submission
     * depends on, one stores it whole. With an idempotency key a retry answers what the first answered
     * and stores nothing. Undefined without a live session (a `sessionInStatement` route answers 401),
     * decided before anything about the item or the answers can refuse it; a refusal after that is
     * thrown past the route's admission, so it does not slide the session.
     */
    async submit(
      credentials: Credentials,
      contentId: number,
      body: SubmitAnswersBody,
      key: string | undefined,
    ): Promise<Checked<SubmissionResult>> {
      const now = clock.now();
      const reading = await repo.readSubmission(
        credentials.tenantId,
        credentials.tokenHash,
        contentId,
        key ?? null,
        now,
      );
      if (!reading) return undefined;
      return { caller: reading.caller, value: await submitWith(reading, contentId, body, key, now) };
    },

    /**
     * The Form (spec point 3) as the caller's current attempt asks it, without which answers are correct, for
     * every type: sent before the answer it would be the key. The quiz screen learns it per answer from `check`.
     */
    async questions(ctx: Ctx, contentId: number): Promise<QuestionList> {
      const form = await askedForm(ctx, contentId);
      return {
        questions: form.questions.map((q) => ({ ...q, answers: q.answers.map(({ id, title }) => ({ id, title })) })),
      };
    },

    /**
     * Whether an answer to a graded question of an unfinished education is right, and which answers are.
     * The first answer checked in the run is recorded and is the one judged, whatever a later check of
     * the same question sends: repeating a check reveals nothing new.
     */
    async check(ctx: Ctx, contentId: number, questionId: number, body: CheckAnswerBody): Promise<AnswerCheck> {
      const form = await askedForm(ctx, contentId);
      if (form.type !== 'EDUCATION') throw new AppError('NotGraded');
      const question = form.questions.find((q) => q.id === questionId);
      if (!question) throw notFound();
      const correctAnswers = correctIdsOf(question);
      if (correctAnswers.length === 0) throw new AppError('NotGraded');
      const answerIds = choiceOf(question, body.answers, 'answers').sort((a, b) => a - b);
      const { tenantId, userId } = ctx;

      return transaction(async (tx, inbox) => {
        const interaction = await inbox.lockShared(tenantId, userId, contentId);
        if (!interaction) throw notFound();
        if (interaction.finishedAt) throw new AppError('AlreadySubmitted');
        const answers = await tx.recordCheck({
          tenantId,
          userId,
          contentId,
          questionId,
          answerIds,
          checkedAt: clock.now(),
        });
        return { answers, correct: sameIds(answers, correctAnswers), correctAnswers };
      });
    },

    /** The caller's attempts at one visible item, newest first. */
    async listForItem(ctx: Ctx, contentId: number): Promise<AttemptList> {
      await assertVisible(ctx, contentId);
      const { items } = await attempts(ctx, { contentIds: [contentId], limit: null, offset: 0 });
      return { attempts: items };
    },

    /** The caller's attempts across visible items, newest first, a page at a time. */
    async list(ctx: Ctx, query: AttemptsQuery): Promise<AttemptPage> {
      const { rows, items } = await attempts(ctx, query);
      const count =
        rows[0]?.count ??
        (query.offset > 0 ? await repo.countAttempts(ctx.tenantId, ctx.userId, clock.now(), query.contentIds) : 0);
      return { count, items };
    },

    /**
     * A poll's answers counted over everyone, for those who took it (see `tallyPoll`).
     */
    async pollResults(ctx: Ctx, contentId: number): Promise<PollResults> {
      const form = await getForm(ctx, contentId);
      if (form.type !== 'POLL') throw new AppError('NotAForm');
      if (!form.finishedAt) throw new AppError('SubmissionRequired');
      return tallyPoll(ctx.tenantId, contentId, form.questions);
    },

    tallyPoll,
  };
};
export type FormsService = ReturnType<typeof createFormsService>;
