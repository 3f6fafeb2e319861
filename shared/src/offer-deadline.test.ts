import { describe, expect, it } from 'vitest';
import { offerDeadlineClaim } from './offer-deadline.js';

const LAGOS = 'Africa/Lagos'; // UTC+1 all year

describe('offerDeadlineClaim', () => {
  const now = new Date('2026-11-24T10:00:00Z'); // 11:00 in Lagos

  it('says today only when the deadline falls on today in the operator zone', () => {
    expect(offerDeadlineClaim(new Date('2026-11-24T22:30:00Z'), false, now, LAGOS).kind).toBe('today');
    // 23:30 UTC is already tomorrow in Lagos: not "today", although it is still the 24th in UTC.
    expect(offerDeadlineClaim(new Date('2026-11-24T23:30:00Z'), false, now, LAGOS).kind).toBe('later');
    expect(offerDeadlineClaim(new Date('2026-12-24T10:00:00Z'), false, now, LAGOS)).toEqual({
      kind: 'later',
      deadline: new Date('2026-12-24T10:00:00Z'),
    });
  });

  it('says ended once the deadline has passed or the server says so', () => {
    expect(offerDeadlineClaim(new Date('2026-11-24T09:59:59Z'), false, now, LAGOS).kind).toBe('ended');
    expect(offerDeadlineClaim(new Date('2026-11-24T12:00:00Z'), true, now, LAGOS).kind).toBe('ended');
  });

  it('claims nothing while the deadline is unknown', () => {
    expect(offerDeadlineClaim(null, false, now, LAGOS).kind).toBe('unknown');
  });
});
