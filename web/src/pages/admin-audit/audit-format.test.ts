import { AUDIT_ACTIONS } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { auditActionLabel, changedFields } from './audit-format.js';

describe('audit row formatting', () => {
  it('lists only the fields that changed, with both sides', () => {
    expect(
      changedFields(
        { tier: 'guest', dashboardUnlocked: false, hasDeposited: false, tierExpiresAt: null },
        { tier: 'pro', dashboardUnlocked: true, hasDeposited: false, tierExpiresAt: '2026-11-24T12:00:00.000Z' },
      ),
    ).toEqual([
      { field: 'tier', before: 'guest', after: 'pro' },
      { field: 'dashboardUnlocked', before: 'false', after: 'true' },
      { field: 'tierExpiresAt', before: null, after: '2026-11-24T12:00:00.000Z' },
    ]);
  });

  it('reads fields present on one side only, and values that are not objects', () => {
    expect(changedFields(null, { tier: 'silver' })).toEqual([{ field: 'tier', before: null, after: 'silver' }]);
    expect(changedFields('open', 'closed')).toEqual([{ field: 'value', before: 'open', after: 'closed' }]);
    expect(changedFields({ status: 'open' }, { status: 'open' })).toEqual([]);
  });

  it('names known actions and shows any other by its own name', () => {
    expect(auditActionLabel('member.access')).toBe('Access changed');
    expect(auditActionLabel('offer.reset')).toBe('Offer countdown reset');
    expect(auditActionLabel('activation.review')).toBe('Activation reviewed');
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
  });
});
