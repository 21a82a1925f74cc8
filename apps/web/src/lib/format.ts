const pad = (value: number) => String(value).padStart(2, '0');

function toDate(input: Date | string | number): Date | null {
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** DD.MM.YYYY. (spec point 9), in the browser's time zone; '' for an invalid date. */
export function formatDate(input: Date | string | number): string {
  const date = toDate(input);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}.`;
}

/**
 * A calendar day (YYYY-MM-DD, a start date) as DD.MM.YYYY., read as written: no time zone can move it
 * to the day before.
 */
export function formatDay(day: string): string {
  const [, year, month, date] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) ?? [];
  return year ? `${date}.${month}.${year}.` : '';
}

/** DD.MM.YYYY., HH:mm (24-hour clock). */
export function formatDateTime(input: Date | string | number): string {
  const date = toDate(input);
  if (!date) return '';
  return `${formatDate(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A file size in the user's language: "512 B", "1,2 MB" (hr) or "1.2 MB" (en). */
export function formatFileSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}

/**
 * An archive period (`YYYY-MM`) as month and year in the user's language ("studeni 2026.", "November
 * 2026"), formatted here rather than taken from the server so a language switch applies at once.
 */
export function formatPeriod(period: string, language: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
}
