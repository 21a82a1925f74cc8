import { APP_TIME_ZONE } from '@kanal/contract';

/** Time is a dependency so tests can move it (session expiry, link expiry, rate-limit windows). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of `at` in the organisations' time zone, as YYYY-MM-DD. */
export const appDay = (at: Date): string => dayFormat.format(at);

/** The calendar day `days` after a YYYY-MM-DD day (before it when negative). */
export function addDays(day: string, days: number): string {
  // Noon UTC steps whole calendar days whatever the time zone's offset that day.
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const dayParts = new Intl.DateTimeFormat('hr-HR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: APP_TIME_ZONE,
});
const time = new Intl.DateTimeFormat('hr-HR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: APP_TIME_ZONE,
});
const parts = (format: Intl.DateTimeFormat, date: Date) =>
  Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));

/** `DD.MM.YYYY.` in the organisations' time zone, as every screen writes a date. */
export function formatDate(date: Date | null): string {
  if (!date) return '';
  const { day: d, month, year } = parts(dayParts, date);
  return `${d}.${month}.${year}.`;
}

/** `DD.MM.YYYY., HH:mm`. */
export function formatDateTime(date: Date | null): string {
  if (!date) return '';
  const { hour, minute } = parts(time, date);
  return `${formatDate(date)}, ${hour}:${minute}`;
}
