import {
  ACTIVITY_DEFAULT_DAYS,
  ACTIVITY_MAX_PERIODS,
  type ActivityCounts,
  type ActivityPeriod,
  type Granularity,
  type PeriodQuery,
} from '@kanal/contract';
import { AppError } from './app-error.js';
import { addDays, appDay } from './clock.js';

/** The first day of the period (a Monday for weeks, the 1st for months) that holds `day`. */
export function periodStart(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

function nextStart(start: string, granularity: Granularity): string {
  if (granularity === 'day') return addDays(start, 1);
  if (granularity === 'week') return addDays(start, 7);
  const [year = 0, month = 1] = start.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

const invalid = (name: string, message: string) =>
  new AppError('BodyParamsInvalid', { field: { name, message: `validation.${message}` } });

/**
 * The periods an activity call answers: their starts in order, and the days they cover (`first` to
 * `last`, both included). From `from` to `to`, by default the last ACTIVITY_DEFAULT_DAYS to today;
 * a range backwards or of more than ACTIVITY_MAX_PERIODS periods is refused, naming the field.
 */
export function periodsOf(query: Pick<PeriodQuery, 'from' | 'to' | 'granularity'>, now: Date) {
  const to = query.to ?? appDay(now);
  const from = query.from ?? addDays(to, 1 - ACTIVITY_DEFAULT_DAYS);
  if (from > to) throw invalid('from', 'dateOrder');
  const starts: string[] = [];
  let start = periodStart(from, query.granularity);
  for (; start <= to; start = nextStart(start, query.granularity)) {
    if (starts.length === ACTIVITY_MAX_PERIODS) throw invalid('from', 'tooManyPeriods');
    starts.push(start);
  }
  return { starts, first: starts[0] ?? from, last: addDays(start, -1) };
}

/** Counts per day (YYYY-MM-DD) added up per period: every period of `starts`, in order, zeros where none. */
export function sumByPeriod(
  starts: string[],
  granularity: Granularity,
  days: readonly ({ day: string } & Partial<ActivityCounts>)[],
): ActivityPeriod[] {
  const periods = new Map(starts.map((start) => [start, { start, viewed: 0, finished: 0, attempts: 0 }]));
  for (const day of days) {
    const period = periods.get(periodStart(day.day, granularity));
    if (!period) continue;
    period.viewed += day.viewed ?? 0;
    period.finished += day.finished ?? 0;
    period.attempts += day.attempts ?? 0;
  }
  return [...periods.values()];
}
