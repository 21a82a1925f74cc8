import {
  APP_TIME_ZONE,
  type AudienceMemberList,
  type ContentInfo,
  type ContentReach,
  type ContentUsersQuery,
  type GroupReachList,
  percentOf,
  type StaffContent,
} from '@kanal/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Author } from '../content/content-staff.js';
import type { ContentStatsRepository } from './content-stats.repository.js';

type Deps = {
  repo: ContentStatsRepository;
  /** The item as its staff read it: 404 for another tenant's (from the content module). */
  itemOf: (author: Author, contentId: number) => Promise<StaffContent>;
  clock: Clock;
};

/** A date as YYYY-MM-DD in the app's time zone. */
const dayIn = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE });

/** The calendar days from `first` to `last` (YYYY-MM-DD), both included. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  // Noon UTC steps a calendar day at a time whatever the offset of the time zone that day.
  for (let at = new Date(`${first}T12:00:00Z`); ; at = new Date(at.getTime() + 86_400_000)) {
    const day = at.toISOString().slice(0, 10);
    if (day > last) return days;
    days.push(day);
  }
}

/**
 * An item's statistics for its staff (spec point 7, "Content" info calls): the tenant's admins and
 * analysts, and a creator for their own items (another's answers 403).
 */
export const createContentStats = ({ repo, itemOf, clock }: Deps) => {
  async function readable(author: Author, contentId: number): Promise<StaffContent> {
    const item = await itemOf(author, contentId);
    if (author.role === 'CREATOR' && item.creator.id !== author.userId) throw new AppError('Forbidden', 403);
    return item;
  }

  return {
    /** GET /content/{id}/info. */
    async info(author: Author, contentId: number): Promise<ContentInfo> {
      const item = await readable(author, contentId);
      const education = item.type === 'EDUCATION';
      const [totals, marks] = await Promise.all([
        repo.totals(author.tenantId, contentId),
        education ? repo.marks(author.tenantId, contentId, item.settings.passingScore) : null,
      ]);
      // A poll's answers are kept without a name: each respondent finished it, and that is their attempt.
      const attempts = item.type === 'POLL' ? totals.finished : totals.attempts;
      return {
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
      };
    },

    /** GET /content/{id}/reach: a day for every day since it was published, today's included. */
    async reach(author: Author, contentId: number): Promise<ContentReach> {
      const item = await readable(author, contentId);
      const now = clock.now();
      if (item.status === 'draft' || new Date(item.publishAt) > now) return { days: [] };
      const { viewed, finished } = await repo.reachByDay(author.tenantId, contentId);
      const first = dayIn.format(new Date(item.publishAt));
      // Opened before its time (a time moved later since) still counts, from its day.
      const start = [first, ...viewed.map((d) => d.day), ...finished.map((d) => d.day)].sort()[0] ?? first;
      const count = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
      const [views, finishes] = [count(viewed), count(finished)];
      return {
        days: daysBetween(start, dayIn.format(now)).map((date) => ({
          date,
          viewed: views.get(date) ?? 0,
          finished: finishes.get(date) ?? 0,
        })),
      };
    },

    /** GET /content/{id}/users: a page of the audience with each person's state, attempts and marks. */
    async users(author: Author, contentId: number, query: ContentUsersQuery): Promise<AudienceMemberList> {
      const item = await readable(author, contentId);
      const { count, rows } = await repo.audience(author.tenantId, contentId, query);
      const poll = item.type === 'POLL';
      return {
        count,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          username: r.username,
          active: r.active,
          state: r.finishedAt ? 'finished' : r.attempts > 0 ? 'failed' : r.viewedAt ? 'viewed' : 'notViewed',
          viewedAt: r.viewedAt?.toISOString() ?? null,
          finishedAt: r.finishedAt?.toISOString() ?? null,
          // A poll's answers are kept without a name: a respondent's one submission is what finished it.
          attempts: poll ? Number(r.finishedAt !== null) : r.attempts,
          bestMark: r.best,
          lastMark: r.last,
        })),
      };
    },

    /** GET /content/{id}/groups-reach. */
    async groupsReach(author: Author, contentId: number): Promise<GroupReachList> {
      await readable(author, contentId);
      const groups = await repo.groupsReach(author.tenantId, contentId);
      return {
        items: groups.map((g) => ({
          ...g,
          percent: { viewed: percentOf(g.viewed, g.audience), finished: percentOf(g.finished, g.audience) },
        })),
      };
    },
  };
};
export type ContentStats = ReturnType<typeof createContentStats>;
