import { APP_TIME_ZONE } from '@kanal/contract';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './clock.js';

const reference = new Intl.DateTimeFormat('hr-HR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: APP_TIME_ZONE,
});

/** What Intl itself writes for `date` in the organisations' time zone. */
function byIntl(date: Date) {
  const p = Object.fromEntries(reference.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.day}.${p.month}.${p.year}., ${p.hour}:${p.minute}`;
}

describe('dates as the organisations read them', () => {
  it('writes each minute around both changes of summer time as Intl does', () => {
    // Summer time starts and ends at 01:00 UTC on the last Sundays of March and October.
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2027-03-28T01:00:00Z']) {
      for (let minute = -90; minute <= 90; minute += 1) {
        const date = new Date(Date.parse(change) + minute * 60_000);
        expect(formatDateTime(date), date.toISOString()).toBe(byIntl(date));
      }
    }
  });

  it('writes the day and time of dates over many years as Intl does', () => {
    for (let at = Date.parse('1999-12-31T22:59:30Z'); at < Date.parse('2031-01-01T00:00:00Z'); at += 79_190_017) {
      const date = new Date(at);
      expect(formatDateTime(date), date.toISOString()).toBe(byIntl(date));
      expect(formatDate(date)).toBe(byIntl(date).slice(0, 11));
    }
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});
