import { describe, expect, it } from 'vitest';
import { AccountSetupMessages } from './account-setup.js';
import {
  ActivationMessages,
  grantableTier,
  parseAccessPath,
  proofFieldIssues,
  rejectReasonIssue,
  suggestedTier,
} from './activation.js';
import { Messages } from './messages.js';

describe('proof fields', () => {
  const ok = { brokerAccount: 'BRK-1', depositAmount: '250', accessPath: 'manual' as const };

  it('accepts a complete proof', () => {
    expect(proofFieldIssues(ok)).toEqual({});
    expect(proofFieldIssues({ ...ok, accessPath: 'auto', depositAmount: '500' })).toEqual({});
  });

  it('refuses hidden control characters in the typed fields, as the server does', () => {
    expect(proofFieldIssues({ ...ok, brokerAccount: 'BRK\u00001' }).brokerAccount).toBe(
      Messages.common.hiddenCharacters,
    );
    expect(proofFieldIssues({ ...ok, depositAmount: '25\u202e0' }).depositAmount).toBe(
      Messages.common.hiddenCharacters,
    );
  });

  it('requires the broker account and a deposit, with the account-setup minimum of the path', () => {
    expect(proofFieldIssues({ ...ok, brokerAccount: '  ' })).toEqual({
      brokerAccount: ActivationMessages.brokerAccountRequired,
    });
    expect(proofFieldIssues({ ...ok, brokerAccount: undefined }).brokerAccount).toBe(
      ActivationMessages.brokerAccountRequired,
    );
    expect(proofFieldIssues({ ...ok, depositAmount: '' })).toEqual({
      depositAmount: ActivationMessages.depositRequired,
    });
    expect(proofFieldIssues({ ...ok, depositAmount: '1e400' }).depositAmount).toBe(ActivationMessages.depositInvalid);
    expect(proofFieldIssues({ ...ok, depositAmount: '0' }).depositAmount).toBe(ActivationMessages.depositInvalid);
    expect(proofFieldIssues({ ...ok, depositAmount: '29' }).depositAmount).toBe(
      AccountSetupMessages.depositBelowMinimum.manual,
    );
    expect(proofFieldIssues({ ...ok, accessPath: 'auto' }).depositAmount).toBe(
      AccountSetupMessages.depositBelowMinimum.auto,
    );
    // No path chosen yet: the lower minimum applies.
    expect(proofFieldIssues({ ...ok, accessPath: null, depositAmount: '30' })).toEqual({});
    expect(proofFieldIssues({ ...ok, accessPath: null, depositAmount: '10' }).depositAmount).toBe(
      AccountSetupMessages.depositBelowMinimum.manual,
    );
  });

  it('reads the access path field: known, blank or unknown', () => {
    expect(parseAccessPath('auto')).toBe('auto');
    expect(parseAccessPath(' ')).toBeNull();
    expect(parseAccessPath(undefined)).toBeNull();
    expect(parseAccessPath('robot')).toBeUndefined();
  });
});

describe('review rules', () => {
  it('grants only silver, pro or gold', () => {
    expect(grantableTier('pro')).toBe('pro');
    expect(grantableTier(' Gold ')).toBe('gold');
    expect(grantableTier('guest')).toBeNull();
    expect(grantableTier(undefined)).toBeNull();
  });

  it('needs a reason of at most 500 characters to reject', () => {
    expect(rejectReasonIssue(undefined)).toBe(ActivationMessages.reasonRequired);
    expect(rejectReasonIssue('   ')).toBe(ActivationMessages.reasonRequired);
    expect(rejectReasonIssue('x'.repeat(500))).toBeNull();
    expect(rejectReasonIssue(` ${'x'.repeat(500)} `)).toBeNull();
    expect(rejectReasonIssue('x'.repeat(501))).toBe(ActivationMessages.reasonTooLong);
  });

  it('suggests the tier whose capital threshold the deposit meets', () => {
    expect(suggestedTier(30)).toBe('silver');
    expect(suggestedTier(99.99)).toBe('silver');
    expect(suggestedTier(100)).toBe('pro');
    expect(suggestedTier(499)).toBe('pro');
    expect(suggestedTier(500)).toBe('gold');
  });
});
