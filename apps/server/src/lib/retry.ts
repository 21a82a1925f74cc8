/** After this many failed attempts a job or a delivery is kept as failed, with its error, for an operator. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/**
 * When to try again after the `failedAttempts`th failure at `now`: 30 s, 1 min, 2 min … doubling up to
 * an hour, so a transport that is down is not hammered; null once the attempts are used up.
 */
export function retryAt(now: Date, failedAttempts: number): Date | null {
  if (failedAttempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failedAttempts - 1)));
}
