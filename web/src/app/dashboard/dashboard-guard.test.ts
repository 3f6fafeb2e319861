import { describe, expect, it } from 'vitest';
import { makeUser } from '../../stores/live-signals.test-data.js';
import { decideAfterMe, decideDashboardEntry } from './dashboard-guard.js';

describe('dashboard guard', () => {
  it('sends a device without a stored user to sign-up', () => {
    expect(decideDashboardEntry(null, null)).toBe('signup');
    expect(decideDashboardEntry(null, 'token')).toBe('signup');
  });
  it('sends a device that signed in before, and logged out since, to login', () => {
    expect(decideDashboardEntry(null, null, 'device-token')).toBe('login');
  });
  it('sends a stored user without a token to login', () => {
    expect(decideDashboardEntry(makeUser(), null)).toBe('login');
  });
  it('verifies a stored session with the server', () => {
    expect(decideDashboardEntry(makeUser(), 'token')).toBe('verify');
  });
  it('sends a dead token to login and keeps the stored user when the server is unreachable', () => {
    const failure = (status: 'unauthorized' | 'unreachable' | 'failed') =>
      ({ ok: false, status, message: 'x', fields: {} }) as const;
    expect(decideAfterMe(failure('unauthorized'))).toEqual({ next: 'login' });
    expect(decideAfterMe(failure('unreachable'))).toEqual({ next: 'ready', user: null });
    expect(decideAfterMe(failure('failed'))).toEqual({ next: 'ready', user: null });
    const user = makeUser({ tier: 'silver' });
    expect(decideAfterMe({ ok: true, data: user, message: 'OK', pagination: null })).toEqual({ next: 'ready', user });
  });
});
