/**
 * Retried creates create once: a create sent with an `Idempotency-Key` header (any visible text up to
 * 255 characters; a random UUID is best) answers, for 24 hours, the same status and body to the same
 * key and body, and creates nothing more. Keys are the member's own: another member's same key is
 * another request.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key holds its first answer. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;
/** The longest key accepted. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** Set on an answer that is the stored first answer, not a new one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IdempotencyMessages = {
  keyInvalid: `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters (a random UUID is best).`,
  otherRequest: `This ${IDEMPOTENCY_HEADER} was used with another request in the last 24 hours. Use a new key for a new request.`,
  inFlight: `The first request with this ${IDEMPOTENCY_HEADER} is still being handled. Try again in a moment for its answer.`,
} as const;
