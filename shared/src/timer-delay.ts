/** setTimeout's ceiling (2^31 − 1 ms, about 24.8 days): Node fires a longer timer after 1 ms instead. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * The delay to arm a timer with for a moment `untilMs` away: never negative, never past the ceiling.
 * A wait longer than the ceiling fires early, and its handler must look at the time again and re-arm.
 */
export function timerDelay(untilMs: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, untilMs));
}
