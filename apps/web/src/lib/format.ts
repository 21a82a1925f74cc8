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

/** DD.MM.YYYY., HH:mm (24-hour clock). */
export function formatDateTime(input: Date | string | number): string {
  const date = toDate(input);
  if (!date) return '';
  return `${formatDate(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
