import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './delivery.js';

describe('push endpoints', () => {
  const hosts = ['fcm.googleapis.com', 'notify.windows.com'];
  it('allows the push services and their subdomains only', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://evilfcm.googleapis.com.attacker.net/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://notify.windows.com.evil/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://10.0.0.5/admin', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('not a url', hosts)).toBe(false);
  });
});
