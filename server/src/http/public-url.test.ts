import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { linkBaseFromAddress, publicBaseUrl } from './public-url.js';

describe('publicBaseUrl', () => {
  it('uses PUBLIC_URL when set, without a trailing slash', () => {
    const config = parseConfig({ PUBLIC_URL: 'https://signals.acme.com/' });
    expect(publicBaseUrl({ config, listenUrl: 'http://0.0.0.0:4100' })).toBe('https://signals.acme.com');
  });

  it('falls back to the address the server listens on, with its real port', () => {
    const config = parseConfig({ PORT: '0' });
    expect(publicBaseUrl({ config, listenUrl: 'http://0.0.0.0:41234' })).toBe('http://localhost:41234');
    expect(publicBaseUrl({ config, listenUrl: 'http://[::1]:8081' })).toBe('http://localhost:8081');
    expect(publicBaseUrl({ config, listenUrl: 'http://10.0.0.7:3000' })).toBe('http://10.0.0.7:3000');
  });

  it('uses the configured port before the server listens', () => {
    expect(publicBaseUrl({ config: parseConfig({ PORT: '4000' }) })).toBe('http://localhost:4000');
  });
});

describe('linkBaseFromAddress', () => {
  it('names wildcard and loopback hosts localhost', () => {
    expect(linkBaseFromAddress('http://127.0.0.1:3000')).toBe('http://localhost:3000');
    expect(linkBaseFromAddress('http://[::]:3000')).toBe('http://localhost:3000');
  });
});
