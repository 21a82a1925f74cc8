import { expect, it } from 'vitest';
import { occurrenceDeadline } from './recurrence.js';

const zagreb = (at: Date) =>
  new Intl.DateTimeFormat('hr-HR', {
    timeZone: 'Europe/Zagreb',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(at);

it('keeps a monthly task due on the 31st on the last day of shorter months, and back on the 31st', () => {
  // 31 January 2027, 17:00 in Zagreb (winter time, UTC+1).
  const anchor = new Date('2027-01-31T16:00:00Z');
  const deadlines = [0, 1, 2, 3, 4].map((n) => occurrenceDeadline(anchor, 'MONTHLY', n).toISOString());
  expect(deadlines).toEqual([
    '2027-01-31T16:00:00.000Z',
    '2027-02-28T16:00:00.000Z',
    // Summer time from 28 March: 17:00 in Zagreb is 15:00 UTC.
    '2027-03-31T15:00:00.000Z',
    '2027-04-30T15:00:00.000Z',
    '2027-05-31T15:00:00.000Z',
  ]);
});

it('keeps a daily task at the same wall-clock time across both daylight-saving changes', () => {
  const spring = new Date('2027-03-27T08:00:00Z'); // 09:00 on the Saturday before the change
  expect(occurrenceDeadline(spring, 'DAILY', 1).toISOString()).toBe('2027-03-28T07:00:00.000Z');
  const autumn = new Date('2027-10-30T07:00:00Z'); // 09:00 on the Saturday before the change
  expect(occurrenceDeadline(autumn, 'DAILY', 1).toISOString()).toBe('2027-10-31T08:00:00.000Z');
  expect(zagreb(occurrenceDeadline(autumn, 'WEEKLY', 1))).toBe(zagreb(new Date('2027-11-06T08:00:00Z')));
});

it('puts a yearly task due on 29 February on the 28th in common years and back on the 29th in leap years', () => {
  const anchor = new Date('2028-02-29T11:00:00Z');
  expect(occurrenceDeadline(anchor, 'YEARLY', 1).toISOString()).toBe('2029-02-28T11:00:00.000Z');
  expect(occurrenceDeadline(anchor, 'YEARLY', 4).toISOString()).toBe('2032-02-29T11:00:00.000Z');
});

it('lands a wall-clock time the spring change skips an hour later', () => {
  // 02:30 on 28 March 2027 does not exist in Zagreb: clocks go from 02:00 to 03:00.
  const anchor = new Date('2027-03-27T01:30:00Z'); // 02:30 the day before
  expect(zagreb(occurrenceDeadline(anchor, 'DAILY', 1))).toBe(zagreb(new Date('2027-03-28T01:30:00Z')));
});
