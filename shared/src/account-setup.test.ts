import { describe, expect, it } from 'vitest';
import { AccountSetupMessages, depositAmountToSend, depositMinimumIssue, minimumDepositFor } from './account-setup.js';

describe('minimumDepositFor', () => {
  it('is $30 for manual and $500 for auto', () => {
    expect(minimumDepositFor('manual')).toBe(30);
    expect(minimumDepositFor('auto')).toBe(500);
  });
});

describe('depositAmountToSend', () => {
  it('sends a value that parses to a number above 0', () => {
    expect(depositAmountToSend('30')).toBe(30);
    expect(depositAmountToSend(' 750.25 ')).toBe(750.25);
    expect(depositAmountToSend('0.5')).toBe(0.5);
  });
  it('sends nothing for empty, zero, negative or unparsable input', () => {
    for (const raw of ['', '   ', '0', '-30', 'abc', '30abc', 'Infinity', 'NaN']) {
      expect(depositAmountToSend(raw), raw).toBeUndefined();
    }
  });
});

describe('depositMinimumIssue', () => {
  it('accepts amounts at or above the path minimum', () => {
    expect(depositMinimumIssue('manual', 30)).toBeNull();
    expect(depositMinimumIssue('manual', 499)).toBeNull();
    expect(depositMinimumIssue('auto', 500)).toBeNull();
    expect(depositMinimumIssue('auto', 10_000)).toBeNull();
  });
  it('refuses amounts below the path minimum with the path-specific message', () => {
    expect(depositMinimumIssue('manual', 29.99)).toBe(AccountSetupMessages.depositBelowMinimum.manual);
    expect(depositMinimumIssue('auto', 499.99)).toBe(AccountSetupMessages.depositBelowMinimum.auto);
    expect(depositMinimumIssue('auto', 30)).toBe('Deposit amount must be at least $500 for Auto Copy Trading');
    expect(depositMinimumIssue('manual', 1)).toBe('Deposit amount must be at least $30 for Manual Trading Access');
  });
  it('does not check when no path is chosen or no deposit is declared', () => {
    expect(depositMinimumIssue(null, 5)).toBeNull();
    expect(depositMinimumIssue(undefined, 5)).toBeNull();
    expect(depositMinimumIssue('auto', 0)).toBeNull();
    expect(depositMinimumIssue('auto', undefined)).toBeNull();
  });
});
