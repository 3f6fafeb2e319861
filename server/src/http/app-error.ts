import { ERROR_STATUS, type ErrorCode, Messages } from '@signalroom/shared';

/** The one error type of the server; mapped to the HTTP status and envelope in one place. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static validation(message: string, fields?: Record<string, string>): AppError {
    return new AppError('validation_failed', message, fields ? { fields } : {});
  }
  static unauthorized(message: string = Messages.common.unauthorized): AppError {
    return new AppError('unauthorized', message);
  }
  static forbidden(message: string = Messages.common.forbidden): AppError {
    return new AppError('forbidden', message);
  }
  static notFound(message: string = Messages.common.notFound): AppError {
    return new AppError('not_found', message);
  }
  static conflict(message: string): AppError {
    return new AppError('conflict', message);
  }
  static tooLarge(message: string, fields?: Record<string, string>): AppError {
    return new AppError('too_large', message, fields ? { fields } : {});
  }
  static rateLimited(retryAfterSeconds: number, message: string = Messages.common.rateLimited): AppError {
    return new AppError('rate_limited', message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
  }
}
