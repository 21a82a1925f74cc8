import { ERROR_STATUS, type ErrorCode } from '@kanal/contract';

/** The one error type services throw; the error handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /**
     * Values the translated message interpolates, headers the reply needs (Retry-After), and for
     * BodyParamsInvalid raised by a service the offending field with a locale key as its reason.
     */
    readonly extra: {
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      field?: { name: string; message: string };
      /** What failed underneath (a file store's error behind a 503), for the log. */
      cause?: unknown;
    } = {},
  ) {
    super(code, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'AppError';
  }

  /** The status the contract gives the code (ERROR_STATUS), the same wherever it is thrown. */
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = () => new AppError('NotFound');

/** Seconds a client is asked to wait while the database is away; the pool reconnects by itself. */
const RETRY_AFTER_SECONDS = 5;
export const databaseUnavailable = () =>
  new AppError('ServiceUnavailable', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
/** The embedded database's queue is full (db/embedded-queue.ts): it empties within a second or so. */
export const embeddedDatabaseBusy = () => new AppError('ServiceUnavailable', { headers: { 'retry-after': '1' } });
