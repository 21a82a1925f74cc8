import { useCallback, useEffect, useState } from 'react';

/** The set with `id` ticked if it was not, and cleared if it was. */
export function toggled(ids: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(ids);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * The rows ticked in a console table, by id, for the rows on screen. A new page or search (`resetOn`
 * changes) starts with nothing ticked, so nothing stays selected out of sight.
 */
export function useRowSelection<T extends { id: number }>(rows: readonly T[], resetOn: unknown) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's parameters are the trigger.
  useEffect(() => setIds(new Set()), [resetOn]);
  const toggle = useCallback((id: number) => setIds((current) => toggled(current, id)), []);
  const allTicked = rows.length > 0 && rows.every((row) => ids.has(row.id));
  return {
    ticked: rows.filter((row) => ids.has(row.id)),
    isTicked: (id: number) => ids.has(id),
    toggle,
    allTicked,
    toggleAll: () => setIds(allTicked ? new Set() : new Set(rows.map((row) => row.id))),
    clear: () => setIds(new Set()),
  };
}
