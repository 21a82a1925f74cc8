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

const wallClock = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
  timeZone: APP_TIME_ZONE,
});
const HOUR_MS = 3_600_000;
/** Offsets found, by the UTC hour they hold for; let go past a few years' hours, never needed all at once. */
const offsets = new Map<number, number>();
const OFFSETS_KEPT = 50_000;

/**
 * How far the organisations' wall clock is ahead of UTC at `date`, in ms. The offset changes only on a whole
 * UTC hour (summer time starts and ends at 01:00 UTC), so it is found once per hour: an export writes
 * 100,000 dates, and asking Intl for each one's parts took most of its formatting time.
 */
function offsetAt(date: Date): number {
  const hour = Math.floor(date.getTime() / HOUR_MS);
  const known = offsets.get(hour);
  if (known !== undefined) return known;
  const start = new Date(hour * HOUR_MS);
  const p = Object.fromEntries(wallClock.formatToParts(start).map((part) => [part.type, Number(part.value)]));
  const offset = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute) - start.getTime();
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(hour, offset);
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');
/** `date` as the organisations' wall clock shows it, read through the UTC getters. */
const wall = (date: Date) => new Date(date.getTime() + offsetAt(date));

const dayOfWall = (w: Date) => `${two(w.getUTCDate())}.${two(w.getUTCMonth() + 1)}.${w.getUTCFullYear()}.`;

/** `DD.MM.YYYY.` in the organisations' time zone, as every screen writes a date. */
export const formatDate = (date: Date | null): string => (date ? dayOfWall(wall(date)) : '');

/** `DD.MM.YYYY., HH:mm`. */
export function formatDateTime(date: Date | null): string {
  if (!date) return '';
  const w = wall(date);
  return `${dayOfWall(w)}, ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}`;
}
