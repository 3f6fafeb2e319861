import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, timerDelay } from './timer-delay.js';

describe('timerDelay', () => {
  it('keeps a wait within what setTimeout honours', () => {
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(1500)).toBe(1500);
    // Three years: Node would fire after 1 ms (TimeoutOverflowWarning); the timer re-arms at the ceiling.
    expect(timerDelay(3 * 365 * 86_400_000)).toBe(MAX_TIMER_MS);
  });
});
