/**
 * Whether an error (as thrown by either driver, possibly wrapped by drizzle) is a unique violation:
 * the database's answer when two requests race past a "not taken yet" check.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
