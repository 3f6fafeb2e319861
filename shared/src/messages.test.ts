import { describe, expect, it } from 'vitest';
import { ResetPasswordMessages, SignupMessages } from './messages.js';

describe('messages built from the limits', () => {
  it('say exactly what the product says', () => {
    expect(SignupMessages.fullNameTooShort).toBe('Full name must be at least 3 characters');
    expect(SignupMessages.passwordTooShort).toBe('Password must be at least 8 characters');
    expect(ResetPasswordMessages.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(ResetPasswordMessages.hint).toBe('Must be at least 8 characters long');
  });
});
