import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { WebhookMessages } from '@signalroom/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.js';
import { createWebhookSender } from './webhook.sender.js';
import { webhookTargetProblem } from './webhook-target.js';

/**
 * Endpoint URLs as a member could type them, each with the address the URL parser makes of its host
 * and whether a webhook may reach it. Every IPv6 form that carries an IPv4 address is refused, whatever
 * that IPv4 address is.
 */
const URL_FORMS: [url: string, address: string, allowed: boolean][] = [
  // IPv4-compatible: the two forms, and the long ones.
  ['https://[::127.0.0.1]/hook', '::7f00:1', false],
  ['https://[::7f00:1]/hook', '::7f00:1', false],
  ['https://[0:0:0:0:0:0:127.0.0.1]/hook', '::7f00:1', false],
  ['https://[0000:0000:0000:0000:0000:0000:7f00:0001]/hook', '::7f00:1', false],
  ['https://[::10.0.0.1]/hook', '::a00:1', false],
  ['https://[::169.254.169.254]/hook', '::a9fe:a9fe', false],
  ['https://[::8.8.8.8]/hook', '::808:808', false],
  // IPv4-mapped, dotted and hexadecimal.
  ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1', false],
  ['https://[::ffff:7f00:1]/hook', '::ffff:7f00:1', false],
  ['https://[0:0:0:0:0:ffff:127.0.0.1]/hook', '::ffff:7f00:1', false],
  ['https://[::ffff:192.168.1.1]/hook', '::ffff:c0a8:101', false],
  ['https://[::ffff:8.8.8.8]/hook', '::ffff:808:808', false],
  // IPv4-translated (SIIT).
  ['https://[::ffff:0:127.0.0.1]/hook', '::ffff:0:7f00:1', false],
  // NAT64: the well-known prefix and the local-use one.
  ['https://[64:ff9b::7f00:1]/hook', '64:ff9b::7f00:1', false],
  ['https://[64:ff9b::127.0.0.1]/hook', '64:ff9b::7f00:1', false],
  ['https://[64:ff9b::a9fe:a9fe]/hook', '64:ff9b::a9fe:a9fe', false],
  ['https://[64:ff9b:1::a00:1]/hook', '64:ff9b:1::a00:1', false],
  // 6to4 and Teredo tunnels.
  ['https://[2002:7f00:1::]/hook', '2002:7f00:1::', false],
  ['https://[2002:a00:1::1]/hook', '2002:a00:1::1', false],
  ['https://[2001:0:7f00:1::1]/hook', '2001:0:7f00:1::1', false],
  ['https://[2001::80ff:fffe]/hook', '2001::80ff:fffe', false],
  // ISATAP interface identifiers under a global prefix.
  ['https://[2a00:1450:4001:80b:0:5efe:7f00:1]/hook', '2a00:1450:4001:80b:0:5efe:7f00:1', false],
  ['https://[2a00:1450:4001:80b:200:5efe:a00:1]/hook', '2a00:1450:4001:80b:200:5efe:a00:1', false],
  // The plain IPv6 specials.
  ['https://[::1]/hook', '::1', false],
  ['https://[::]/hook', '::', false],
  ['https://[fe80::1]/hook', 'fe80::1', false],
  ['https://[fd00::1]/hook', 'fd00::1', false],
  ['https://[fec0::1]/hook', 'fec0::1', false],
  ['https://[ff02::1]/hook', 'ff02::1', false],
  ['https://[2001:db8::1]/hook', '2001:db8::1', false],
  ['https://[100::1]/hook', '100::1', false],
  // IPv4 in the forms the URL parser reads as IPv4.
  ['https://127.0.0.1/hook', '127.0.0.1', false],
  ['https://2130706433/hook', '127.0.0.1', false],
  ['https://0x7f000001/hook', '127.0.0.1', false],
  ['https://0177.0.0.1/hook', '127.0.0.1', false],
  ['https://127.1/hook', '127.0.0.1', false],
  ['https://10.1.2.3/hook', '10.1.2.3', false],
  ['https://100.64.0.1/hook', '100.64.0.1', false],
  ['https://169.254.169.254/hook', '169.254.169.254', false],
  ['https://0.0.0.0/hook', '0.0.0.0', false],
  // Public addresses stay allowed.
  ['https://[2606:4700:4700::1111]/hook', '2606:4700:4700::1111', true],
  ['https://[2a00:1450:4001:80b::200e]/hook', '2a00:1450:4001:80b::200e', true],
  ['https://[2a00:1450:4001:80b:0:5eff:7f00:1]/hook', '2a00:1450:4001:80b:0:5eff:7f00:1', true],
  ['https://93.184.215.14/hook', '93.184.215.14', true],
  ['https://8.8.8.8/hook', '8.8.8.8', true],
];

const production = { localTargets: false };
const neverResolve = async (): Promise<string[]> => {
  throw new Error('an address in the URL is judged without resolving');
};

describe('the public address rule over the forms a URL can take', () => {
  it.each(URL_FORMS)('%s is %s (allowed: %s)', async (url, address, allowed) => {
    expect(new URL(url).hostname.replace(/^\[|\]$/g, '')).toBe(address);
    expect(isPublicAddress(address)).toBe(allowed);
    expect(await webhookTargetProblem(url, production, neverResolve)).toBe(
      allowed ? null : WebhookMessages.privateAddress,
    );
  });

  it('judges IPv6 with a zone, and what is not an address, as not public', () => {
    for (const text of ['fe80::1%eth0', 'not an address', '', '::ffff:999.0.0.1', '1.2.3']) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });

  it('refuses a name when any address it resolves to carries a private IPv4 inside IPv6', async () => {
    for (const address of ['::7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:c0a8:101::1']) {
      const resolved = async () => ['93.184.215.14', address];
      expect(await webhookTargetProblem('https://hooks.example.com/in', production, resolved), address).toBe(
        WebhookMessages.privateAddress,
      );
    }
  });
});

/** A resolver that answers every name with these addresses, as the system's would. */
function resolvesTo(addresses: string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const all: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) callback(null, all);
    else callback(null, all[0]?.address ?? '', all[0]?.family);
  };
}

describe('the send-time filter applies the same rule', () => {
  const senders: { close(): void }[] = [];
  afterAll(() => {
    for (const sender of senders) sender.close();
  });
  const sender = (lookup?: LookupFunction) => {
    const created = createWebhookSender({
      allowLocal: false,
      timeoutMs: 2000,
      userAgent: 'test',
      ...(lookup ? { lookup } : {}),
    });
    senders.push(created);
    return created;
  };

  it.each(URL_FORMS.filter(([, , allowed]) => !allowed))(
    'refuses to connect to %s written in the URL',
    async (url, address) => {
      const result = await sender().post(url, {}, '{}');
      expect(result).toMatchObject({ succeeded: false, status: null });
      expect(result.error).toBe(`address not allowed (${address}): not a public address`);
    },
  );

  it('refuses a name that resolves to an embedded IPv4 form at delivery time', async () => {
    for (const address of ['::7f00:1', '::ffff:127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::1', '127.0.0.1']) {
      const result = await sender(resolvesTo([address])).post('https://hooks.example.com/in', {}, '{}');
      expect(result.error, address).toBe(`address not allowed (${address}): not a public address`);
    }
  });
});
