import type { ArchiveFilters } from '../api/get-finished';

export const FILTER_GROUPS = [
  'contentTypes',
  'creators',
  'categories',
  'periods',
] as const satisfies readonly (keyof ArchiveFilters)[];

/** Spec point 3: every filter empty by default. */
export const EMPTY_FILTERS: ArchiveFilters = { contentTypes: [], creators: [], categories: [], periods: [] };

export const activeFilterCount = (filters: ArchiveFilters) =>
  FILTER_GROUPS.reduce((sum, group) => sum + filters[group].length, 0);

/** Stored filters as they were written, or null for anything else (an older shape, a hand edit). */
export function parseFilters(stored: unknown): ArchiveFilters | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const filters = { ...EMPTY_FILTERS };
  for (const group of FILTER_GROUPS) {
    const values = record[group];
    if (values === undefined) continue;
    if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) return null;
    filters[group] = values;
  }
  return filters;
}

export function toggleFilter(filters: ArchiveFilters, group: keyof ArchiveFilters, value: string): ArchiveFilters {
  const values = filters[group];
  return {
    ...filters,
    [group]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value],
  };
}
