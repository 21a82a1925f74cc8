import { APP_TIME_ZONE, type Repeat } from '@kanal/contract';

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: APP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The organisations' wall-clock time of an instant (month 1–12). */
function wallTime(at: Date): Wall {
  const parts = Object.fromEntries(wallFormat.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (w: Wall, ms = 0) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, ms);

/**
 * The instant the organisations' clocks show `wall`: its UTC reading less the zone's offset then. Two
 * corrections settle it across a daylight-saving change; a wall time the spring change skips lands an
 * hour later.
 */
function zonedInstant(wall: Wall, ms: number): Date {
  const target = asUtc(wall, ms);
  let guess = target;
  for (let i = 0; i < 2; i++) guess += target - asUtc(wallTime(new Date(guess)), ms);
  return new Date(guess);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Occurrence `n` of a task repeating from `anchor` (occurrence 0): n days, weeks, months or years later
 * at the same wall-clock time in Europe/Zagreb, whatever daylight saving did in between. A monthly task
 * due on the 31st falls on the last day of a shorter month and returns to the 31st after it (a yearly one
 * due on 29 February, on the 28th in common years).
 */
export function occurrenceDeadline(anchor: Date, repeat: Exclude<Repeat, 'NO_REPEAT'>, n: number): Date {
  const wall = wallTime(anchor);
  const ms = anchor.getUTCMilliseconds();
  if (repeat === 'DAILY' || repeat === 'WEEKLY') {
    const step = repeat === 'DAILY' ? n : 7 * n;
    const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + step));
    return zonedInstant(
      { ...wall, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
      ms,
    );
  }
  const months = repeat === 'MONTHLY' ? n : 12 * n;
  const first = new Date(Date.UTC(wall.year, wall.month - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return zonedInstant({ ...wall, year, month, day: Math.min(wall.day, daysInMonth(year, month)) }, ms);
}
