import type { DateSystem } from './spreadsheet.js';

const DAY_MS = 86_400_000;
/** Day 0 of each date system, so that day N is N days after it (the 1900 one counts 1900-02-29, which never was). */
const EPOCH: Record<DateSystem, number> = { '1900': Date.UTC(1899, 11, 30), '1904': Date.UTC(1904, 0, 1) };
/** 1900-03-01: days before it are off by one in the 1900 system (its 29 February), and no start date is so early. */
const FIRST_SERIAL_1900 = 61;

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD of a day that is in the calendar; undefined for one that is not (31.04., 29.02.2023.). */
function isoDay(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/**
 * A day as a spreadsheet cell holds it, as YYYY-MM-DD: written as Croatians write dates (1.3.2024. or
 * 01. 03. 2024., the last dot optional), in ISO (2024-03-01), or a date cell of an XLSX file, whose value
 * is its number of days in the workbook's date system (`dates`; a CSV has none). Undefined when it is
 * none of these, or not a day of the calendar.
 */
export function parseDay(text: string, dates?: DateSystem): string | undefined {
  const value = text.trim();
  const croatian = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?$/.exec(value);
  if (croatian) return isoDay(Number(croatian[3]), Number(croatian[2]), Number(croatian[1]));
  // An ISO day, perhaps with a time (an XLSX cell of type d holds one).
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(T[\d:.]+Z?)?$/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (dates && /^\d+(\.\d+)?$/.test(value)) {
    // A date with a time of day has a fraction: the day is its whole part.
    const serial = Math.floor(Number(value));
    if (dates === '1900' && serial < FIRST_SERIAL_1900) return undefined;
    const date = new Date(EPOCH[dates] + serial * DAY_MS);
    return isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  return undefined;
}

/** A YYYY-MM-DD day as Croatians write it (spec point 9): DD.MM.YYYY. */
export const formatDay = (day: string | null) =>
  day ? `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}.` : null;
