import type { ErrorCode } from '@kanal/contract';

/** The one error type services throw; the error handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    /** Values the translated message interpolates, and headers the reply needs (Retry-After). */
    readonly extra: { params?: Record<string, string | number>; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('NotFound', 404);
