import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const LIKE_SPECIAL = /[\\%_]/g;

/**
 * The admin search: each word of `q` must occur in `folded` (text passed through kanal_fold, migration
 * 0014), folded the same way, so any order and any accents match: "sime cacic" finds "Šime Čačić".
 */
export const searchWords = (folded: SQLWrapper, q: string | undefined): SQL[] =>
  (q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => sql`${folded} LIKE '%' || kanal_fold(${word.replace(LIKE_SPECIAL, '\\$&')}) || '%'`);
