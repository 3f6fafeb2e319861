import { describe, expect, it } from 'vitest';
import { formatOfferTimeLeft, msUntilNextSecond, OFFER_DAYS_ABOVE_MS, offerTimeParts } from './countdown.js';

const HOUR = 3_600_000;

describe('offer countdown units', () => {
  it('shows hours:minutes:seconds up to 48 hours', () => {
    expect(formatOfferTimeLeft(8 * HOUR)).toBe('08:00:00');
    expect(formatOfferTimeLeft(OFFER_DAYS_ABOVE_MS)).toBe('48:00:00');
    expect(offerTimeParts(47 * HOUR + 59 * 60_000 + 59_000)).toEqual({
      days: null,
      hours: '47',
      minutes: '59',
      seconds: '59',
    });
  });

  it('shows days above 48 hours, with the hours within the day', () => {
    expect(formatOfferTimeLeft(OFFER_DAYS_ABOVE_MS + 1000)).toBe('2 days 00:00:01');
    // A 30-day offer a moment after it started: 29 days, not "719 hours".
    expect(formatOfferTimeLeft(30 * 24 * HOUR - 1000)).toBe('29 days 23:59:59');
    expect(offerTimeParts(30 * 24 * HOUR)).toEqual({ days: 30, hours: '00', minutes: '00', seconds: '00' });
  });

  it('never shows a negative time', () => {
    expect(formatOfferTimeLeft(-5000)).toBe('00:00:00');
  });
});

describe('msUntilNextSecond', () => {
  it('waits until the digits (whole seconds left, rounded down) change: a millisecond past the whole second', () => {
    const deadline = 100_000;
    // 45 000 ms left reads 45 and turns 44 a millisecond later; 45 400 ms left turns 45 in 401 ms.
    expect(msUntilNextSecond(deadline, deadline - 45_000)).toBe(1);
    expect(msUntilNextSecond(deadline, deadline - 45_400)).toBe(401);
    expect(msUntilNextSecond(deadline, deadline)).toBe(1000);
  });
});
