import type { Granularity } from '@kanal/contract';
import { formatDate, formatPeriod } from '@/lib/format';

const pad = (value: number) => String(value).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD, `days` after `from` (before it when negative). */
export function isoDay(from: Date, days = 0): string {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A YYYY-MM-DD day as DD.MM.YYYY. (noon, so no time zone moves it to a neighbouring day). */
export const dayLabel = (day: string) => formatDate(new Date(`${day}T12:00:00`));

/** A period's start as its label: the day, the week's Monday, or the month in words. */
export const periodLabel = (start: string, granularity: Granularity, language: string) =>
  granularity === 'month' ? formatPeriod(start.slice(0, 7), language) : dayLabel(start);

/** A share as percentOf gives it: whole per cent, and under 1 % (but not none) "<1 %". */
export const percentText = (value: number) => (value > 0 && value < 1 ? '<1 %' : `${value} %`);
