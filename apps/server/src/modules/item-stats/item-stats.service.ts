import type { Readable } from 'node:stream';
import {
  type AudienceMemberList,
  type ContentActivity,
  type ContentAttemptsQuery,
  type ContentInfo,
  type ContentReach,
  type ContentResults,
  type ContentUsersQuery,
  type ExportFormat,
  type GroupReachList,
  isUnsent,
  mayReadItemStats,
  type NoticeReach,
  type PeriodQuery,
  percentOf,
  STATS_LIVE_MAX_AUDIENCE,
  type StaffAttempt,
  type StaffAttemptList,
  type StaffContent,
  type UserAnswerQuery,
} from '@kanal/contract';
import type { ReadInBatches } from '../../db/cursor.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { addDays, appDay, type Clock } from '../../lib/clock.js';
import { exportTables } from '../../lib/files/table-export.js';
import { periodsOf, sumByPeriod } from '../../lib/periods.js';
import type { Author, ItemSummary } from '../authoring/authoring.service.js';
import type { FormsService } from '../forms/forms.service.js';
import { contentTables, stateOf } from './item-export.js';
import type { ContentStatsRepository } from './item-stats.repository.js';

type Deps = {
  repo: ContentStatsRepository;
  /** An export's one sorted read, in batches (db/cursor.ts). */
  readInBatches: ReadInBatches;
  /** The item as its staff read it, whole and in summary: 404 for another tenant's (from the content module). */
  itemOf: (author: Author, contentId: number) => Promise<StaffContent>;
  summaryOf: (author: Author, contentId: number) => Promise<ItemSummary>;
  /** An item's questions with their answers, once its summary has been read. */
  questionsOf: (author: Author, contentId: number) => Promise<StaffContent['questions']>;
  /**
   * Figures computed at most once per ITEM_SNAPSHOT_TTL_MS and kept (the statistics module's snapshots),
   * `compute` reading through the repository it is handed.
   */
  snapshot: <T>(
    tenantId: number,
    kind: string,
    compute: (repo: ContentStatsRepository) => Promise<T>,
  ) => Promise<{ body: T; computedAt: string }>;
  /** A poll's answers counted, withheld below five respondents (the forms module's tally). */
  tallyPoll: FormsService['tallyPoll'];
  /** The staff's reads of named attempts (from the forms module): a page by item and person, and one attempt. */
  attempts: {
    list: (staff: Pick<Author, 'tenantId' | 'userId' | 'role'>, query: UserAnswerQuery) => Promise<StaffAttemptList>;
    get: (staff: Pick<Author, 'tenantId' | 'userId' | 'role'>, attemptId: number) => Promise<StaffAttempt>;
  };
  /** An item's notices: notified, received, opened (from the notifications module). */
  noticeReach: (tenantId: number, contentId: number) => Promise<NoticeReach>;
  clock: Clock;
};

/** The calendar days from `first` to `last` (YYYY-MM-DD), both included. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * An item's statistics for its staff (spec point 7, "Content" info calls): the tenant's admins and
 * analysts, and a creator for their own items (another's answers 403).
 */
export const createContentStats = ({
  repo,
  readInBatches,
  itemOf,
  summaryOf,
  questionsOf,
  snapshot,
  tallyPoll,
  attempts,
  noticeReach,
  clock,
}: Deps) => {
  async function readable(author: Author, contentId: number): Promise<ItemSummary> {
    const item = await summaryOf(author, contentId);
    if (!mayReadItemStats({ role: author.role, id: author.userId }, item.creatorId)) throw new AppError('Forbidden');
    return item;
  }

  /**
   * Figures of an item read from its rows: for each request up to STATS_LIVE_MAX_AUDIENCE people, beyond
   * that from a snapshot (`kind` and the item's id name it), dated by `computedAt`.
   */
  async function figures<T>(
    author: Author,
    item: ItemSummary,
    kind: string,
    compute: (r: ContentStatsRepository) => Promise<T>,
  ): Promise<{ body: T; computedAt: string | null }> {
    if (item.audience <= STATS_LIVE_MAX_AUDIENCE) return { body: await compute(repo), computedAt: null };
    return snapshot(author.tenantId, `${kind}:${item.id}`, compute);
  }

  /**
   * Every question's answers counted; see ContentResultsSchema. `live` counts them for this call whatever
   * the audience (the export); otherwise a large item's counts come from its snapshot.
   */
  async function resultsOf(author: Author, item: ItemSummary, live = false): Promise<ContentResults> {
    const contentId = item.id;
    const itemQuestions = await questionsOf(author, contentId);
    if (item.type === 'POLL') {
      // The same tally its people see once they have answered; a poll has no correct answer.
      const questions = itemQuestions.map((q, order) => ({ ...q, order }));
      const tally = await tallyPoll(author.tenantId, contentId, questions);
      return {
        ...tally,
        computedAt: null,
        questions: tally.questions.map(({ order: _order, ...q }) => ({
          ...q,
          answers: q.answers.map((a) => ({ ...a, isCorrect: false })),
          texts: [],
        })),
      };
    }
    const count = async (r: ContentStatsRepository) => {
      const [counts, texts, totals] = await Promise.all([
        r.answerCounts(author.tenantId, contentId),
        r.texts(author.tenantId, contentId),
        r.totals(author.tenantId, contentId),
      ]);
      return { ...counts, texts, attempts: totals.attempts };
    };
    const { body, computedAt } = live
      ? { body: await count(repo), computedAt: null }
      : await figures(author, item, 'results', count);
    const { picks, answered, texts, attempts } = body;
    return {
      computedAt,
      respondents: attempts,
      hidden: false,
      questions: itemQuestions.map((q) => {
        const of = answered.find((a) => a.questionId === q.id)?.n ?? 0;
        return {
          id: q.id,
          title: q.title,
          type: q.type,
          answered: of,
          answers: q.answers.map((a) => {
            const n = picks.find((p) => p.questionId === q.id && p.answerId === a.id)?.n ?? 0;
            return { id: a.id, title: a.title, isCorrect: a.isCorrect, count: n, percent: percentOf(n, of) };
          }),
          texts: texts
            .filter((x) => x.questionId === q.id)
            .map((x) => ({ user: { id: x.userId, name: x.name }, text: x.text, at: x.at })),
        };
      }),
    };
  }

  return {
    /** GET /content/{id}/info. */
    async info(author: Author, contentId: number): Promise<ContentInfo> {
      const item = await readable(author, contentId);
      const education = item.type === 'EDUCATION';
      const {
        body: { totals, marks },
        computedAt,
      } = await figures(author, item, 'info', async (r) => {
        const [totals, marks] = await Promise.all([
          r.totals(author.tenantId, contentId),
          education ? r.marks(author.tenantId, contentId, item.passingScore) : null,
        ]);
        return { totals, marks };
      });
      // A poll's answers are kept without a name: each respondent finished it, and that is their attempt.
      const attempts = item.type === 'POLL' ? totals.finished : totals.attempts;
      const notices = await noticeReach(author.tenantId, contentId);
      return {
        computedAt,
        audience: totals.audience,
        viewed: totals.viewed,
        finished: totals.finished,
        passed: marks?.passed ?? null,
        averageMark: marks?.average ?? null,
        attempts,
        comments: totals.comments,
        percent: {
          viewed: percentOf(totals.viewed, totals.audience),
          finished: percentOf(totals.finished, totals.audience),
          passed: marks ? percentOf(marks.passed, totals.audience) : null,
        },
        notices,
      };
    },

    /** GET /content/{id}/reach: a day for every day since it was published, today's included. */
    async reach(author: Author, contentId: number): Promise<ContentReach> {
      const item = await readable(author, contentId);
      const now = clock.now();
      if (isUnsent(item.status) || new Date(item.publishAt) > now) return { days: [] };
      const [viewed, finished] = await Promise.all([
        repo.perDay(author.tenantId, contentId, 'viewed'),
        repo.perDay(author.tenantId, contentId, 'finished'),
      ]);
      const first = appDay(new Date(item.publishAt));
      // Opened before its time (a time moved later since) still counts, from its day.
      const start = [first, ...viewed.map((d) => d.day), ...finished.map((d) => d.day)].sort()[0] ?? first;
      const count = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
      const [views, finishes] = [count(viewed), count(finished)];
      return {
        days: daysBetween(start, appDay(now)).map((date) => ({
          date,
          viewed: views.get(date) ?? 0,
          finished: finishes.get(date) ?? 0,
        })),
      };
    },

    /** GET /content/{id}/info/activity: first openings, finishes and attempts per period of the range. */
    async activity(author: Author, contentId: number, query: PeriodQuery): Promise<ContentActivity> {
      const item = await readable(author, contentId);
      const { starts, first, last } = periodsOf(query, clock.now());
      const range = { first, last };
      const [viewed, finished, tried] = await Promise.all(
        (['viewed', 'finished', 'attempts'] as const).map((event) =>
          repo.perDay(author.tenantId, contentId, event, range),
        ),
      );
      const days = [
        ...(viewed ?? []).map((r) => ({ day: r.day, viewed: r.n })),
        ...(finished ?? []).map((r) => ({ day: r.day, finished: r.n })),
        // A poll keeps no attempt with a name: each respondent's finish is their submission.
        ...((item.type === 'POLL' ? finished : tried) ?? []).map((r) => ({ day: r.day, attempts: r.n })),
      ];
      return { granularity: query.granularity, periods: sumByPeriod(starts, query.granularity, days) };
    },

    /** GET /content/{id}/users: a page of the audience with each person's state, attempts and marks. */
    async users(author: Author, contentId: number, query: ContentUsersQuery): Promise<AudienceMemberList> {
      const item = await readable(author, contentId);
      const { count, rows } = await repo.audience(author.tenantId, contentId, query);
      const isPoll = item.type === 'POLL';
      return {
        count,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          username: r.username,
          active: r.active,
          state: stateOf(r),
          viewedAt: r.viewedAt?.toISOString() ?? null,
          finishedAt: r.finishedAt?.toISOString() ?? null,
          // A poll's answers are kept without a name: a respondent's one submission is what finished it.
          attempts: isPoll ? Number(r.finishedAt !== null) : r.attempts,
          bestMark: r.best,
          lastMark: r.last,
        })),
      };
    },

    /** GET /content/{id}/results: every question's answers counted; see ContentResultsSchema. */
    results: async (author: Author, contentId: number) => resultsOf(author, await readable(author, contentId)),

    /** GET /export/content/{id}: the audience with their answers, and the results; see contentTables. */
    async exportItem(author: Author, contentId: number, format: ExportFormat): Promise<Readable> {
      const summary = await readable(author, contentId);
      const [item, results, totals] = await Promise.all([
        itemOf(author, contentId),
        resultsOf(author, summary, true),
        repo.totals(author.tenantId, contentId),
      ]);
      return exportTables(
        format,
        contentTables(author.lang, item, results, totals, {
          audience: () => readInBatches(repo.audienceInOrder(author.tenantId, contentId)),
          answers: (userIds) => repo.latestAnswers(author.tenantId, contentId, userIds),
        }),
      );
    },

    /** GET /content/{id}/attempts, and with a person /content/{id}/users/{userId}/attempts: newest first. */
    async attempts(author: Author, contentId: number, query: ContentAttemptsQuery, userId?: number) {
      await readable(author, contentId);
      return attempts.list(author, { content: contentId, user: userId, limit: query.limit, offset: query.offset });
    },

    /**
     * GET /content/{id}/users/{userId}/results/{attemptId}: one attempt answer by answer. A poll keeps no
     * attempt with a name, so there is none to show (404), as for an attempt of another item or person.
     */
    async attempt(author: Author, contentId: number, userId: number, attemptId: number): Promise<StaffAttempt> {
      const item = await readable(author, contentId);
      if (item.type === 'POLL') throw notFound();
      const found = await attempts.get(author, attemptId);
      if (found.content.id !== contentId || found.user.id !== userId) throw notFound();
      return found;
    },

    /** GET /content/{id}/groups-reach. */
    async groupsReach(author: Author, contentId: number): Promise<GroupReachList> {
      const item = await readable(author, contentId);
      const { body: groups, computedAt } = await figures(author, item, 'groups-reach', (r) =>
        r.groupsReach(author.tenantId, contentId),
      );
      return {
        computedAt,
        items: groups.map((g) => ({
          ...g,
          percent: { viewed: percentOf(g.viewed, g.audience), finished: percentOf(g.finished, g.audience) },
        })),
      };
    },
  };
};
export type ContentStats = ReturnType<typeof createContentStats>;
