import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPeriod } from './format';

describe('date formatting (spec point 9)', () => {
  it('writes dates as DD.MM.YYYY. with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5, 9, 7))).toBe('05.01.2024.');
    expect(formatDate(new Date(1999, 11, 31))).toBe('31.12.1999.');
  });

  it('writes times as DD.MM.YYYY., HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 9, 7))).toBe('05.01.2024., 09:07');
    expect(formatDateTime(new Date(2024, 6, 14, 23, 59))).toBe('14.07.2024., 23:59');
  });

  it('accepts ISO strings and timestamps', () => {
    const date = new Date(2025, 2, 9, 14, 30);
    expect(formatDateTime(date.toISOString())).toBe('09.03.2025., 14:30');
    expect(formatDate(date.getTime())).toBe('09.03.2025.');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('archive periods', () => {
  it('names the month in the given language', () => {
    expect(formatPeriod('2026-11', 'hr')).toMatch(/studen(i|oga) 2026/);
    expect(formatPeriod('2026-01', 'en')).toBe('January 2026');
  });

  it('leaves a value it cannot read as it is', () => {
    expect(formatPeriod('soon', 'en')).toBe('soon');
  });
});
