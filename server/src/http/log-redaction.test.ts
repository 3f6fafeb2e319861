import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides the values of token, code and other secret-looking parameters', () => {
    expect(redactUrl('/admin/queues?token=abc123')).toBe('/admin/queues?token=[redacted]');
    expect(redactUrl('/reset-password?token=t0k&lang=en')).toBe('/reset-password?token=[redacted]&lang=en');
    expect(redactUrl('/x?code=1&api_key=k&client_secret=s&page=2')).toBe(
      '/x?code=[redacted]&api_key=[redacted]&client_secret=[redacted]&page=2',
    );
    expect(redactUrl('/x?Access%5FToken=zz')).toBe('/x?Access%5FToken=[redacted]');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/api/admin/users?page=2&limit=50')).toBe('/api/admin/users?page=2&limit=50');
    expect(redactUrl('/a?flag')).toBe('/a?flag');
  });
});
