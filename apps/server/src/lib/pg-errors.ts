/** The error and its causes (drizzle wraps the driver's error), nearest first. */
export function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/**
 * Whether an error (as thrown by either driver, possibly wrapped by drizzle) is a unique violation:
 * the database's answer when two requests race past a "not taken yet" check.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of causes(error)) if (e.code === '23505') return true;
  return false;
}

// Socket errors of a database that went away or cannot be reached.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATE: 08 connection exceptions; 57P01–57P03 the server shutting down or not yet accepting.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
// node-postgres says these in words only: a socket that closed under a query, a client that lost its
// connection, a pool that could not connect in time.
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/**
 * Whether an error means the database cannot be reached right now (as opposed to a query it refused):
 * the request may succeed when it is retried, so it answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** The nearest code an error or its causes carry (a SQLSTATE, a socket error's), and that error's message. */
export function databaseErrorOf(error: unknown): { code?: string; message?: string } {
  for (const e of causes(error)) {
    if (typeof e.code === 'string')
      return { code: e.code, ...(typeof e.message === 'string' ? { message: e.message } : {}) };
  }
  return {};
}
