import { useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';

/**
 * The id of a console URL (/admin/users/12), or null for anything that is not one (`abc`, `1.5`, `0`):
 * such a page does not exist, and is shown as missing without asking the server.
 */
export function useRouteId(): number | null {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether the page of the URL is missing: not an id, or an id the server does not know (404). */
export const isMissing = (id: number | null, error: unknown) =>
  id === null || (error instanceof ApiError && error.status === 404);
