import { describe, expect, it } from 'vitest';
import { isPlaceholderContact } from './placeholder-contact.js';

describe('isPlaceholderContact', () => {
  it('tells placeholders from real values', () => {
    for (const value of ['', 'support@signalroom.local', '+2340000000000', 'https://example.org', 'x@y.invalid']) {
      expect(isPlaceholderContact(value), value).toBe(true);
    }
    for (const value of ['@acme', 'ops@acme.io', '+14155550123', 'https://t.me/acme', 'acme.com/join']) {
      expect(isPlaceholderContact(value), value).toBe(false);
    }
  });
});
