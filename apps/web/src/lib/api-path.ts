import { fillPath, type Operation } from '@kanal/contract';

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** An operation's path under /api with its parameters and query string filled in. */
export function pathOf(
  operation: Operation,
  params?: Readonly<Record<string, unknown>>,
  query?: Record<string, QueryValue>,
) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const text = Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
    if (text !== '') search.set(name, text);
  }
  const path = fillPath(operation.path, params);
  return search.size > 0 ? `${path}?${search}` : path;
}
