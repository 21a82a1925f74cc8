import { describe, expect, it } from 'vitest';
import { periodStart, periodsOf } from './periods.js';

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

describe('periods', () => {
  it('starts weeks on Monday and months on the 1st, across a year’s end', () => {
    expect(periodStart('2026-01-01', 'week')).toBe('2025-12-29');
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23');
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23');
    expect(periodStart('2026-12-31', 'month')).toBe('2026-12-01');
  });

  it('covers whole periods from the one holding `from` to the one holding `to`', () => {
    expect(periodsOf({ from: '2026-11-30', to: '2027-02-01', granularity: 'month' }, noon('2027-03-01'))).toEqual({
      starts: ['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01'],
      first: '2026-11-01',
      last: '2027-02-28',
    });
    expect(periodsOf({ from: '2026-03-28', to: '2026-03-30', granularity: 'day' }, noon('2026-04-01')).starts).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });

  it('takes the last 30 days to today when no range is named', () => {
    const { starts } = periodsOf({ granularity: 'day' }, noon('2026-11-25'));
    expect([starts.length, starts[0], starts.at(-1)]).toEqual([30, '2026-10-27', '2026-11-25']);
  });
});
