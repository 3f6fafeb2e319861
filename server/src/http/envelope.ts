import type { CursorPagination, Envelope, Pagination, TErrorDetail } from '@signalroom/shared';

/** A success envelope. */
export function ok<T>(data: T, message = 'OK', pagination?: Pagination | CursorPagination): Envelope<T> {
  return {
    success: true,
    message,
    data,
    error: null,
    timestamp: new Date().toISOString(),
    ...(pagination ? { pagination } : {}),
  };
}

/** A failure envelope. */
export function failure(message: string, error: TErrorDetail): Envelope<never> {
  return { success: false, message, data: null, error, timestamp: new Date().toISOString() };
}
