import { describe, expect, it } from 'vitest';
import { isWellFormedResetToken } from './auth.rules.js';

describe('isWellFormedResetToken', () => {
  it('accepts the shape the server issues: 32 random bytes in base64url', () => {
    expect(isWellFormedResetToken(Buffer.alloc(32, 7).toString('base64url'))).toBe(true);
    expect(isWellFormedResetToken('aZ09_-'.repeat(8).slice(0, 43))).toBe(true);
  });
  it('refuses what cannot have been issued', () => {
    expect(isWellFormedResetToken('x')).toBe(false);
    expect(isWellFormedResetToken(Buffer.alloc(31, 7).toString('base64url'))).toBe(false);
    expect(isWellFormedResetToken(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isWellFormedResetToken(`${'a'.repeat(42)} `)).toBe(false);
  });
});
