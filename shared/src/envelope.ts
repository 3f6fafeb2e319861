import { z } from 'zod';

/** Error codes of the one server error type; each maps to one HTTP status. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'too_large',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A request that cannot be taken as sent: an Idempotency-Key reused for another request. */
  unprocessable: 422,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export const ZErrorDetail = z.object({
  code: z.enum(ERROR_CODES),
  /** Field name to the product's message, for form validation failures. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Seconds to wait, for rate limits and cooldowns. */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

/** Every JSON answer of the API: `{ success, message, data, error, timestamp }`. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T | null;
  error: TErrorDetail | null;
  timestamp: string;
  /** Only on paged lists: numbered pages (admin lists), or a cursor to the next page (history reads). */
  pagination?: Pagination | CursorPagination;
}

export interface Pagination {
  total: number;
  pages: number;
  current: number;
}

/** A page of a list read newest first: the cursor that asks for the next (older) page, null on the last. */
export interface CursorPagination {
  nextCursor: string | null;
}
