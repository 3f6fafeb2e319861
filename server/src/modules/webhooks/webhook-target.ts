import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WebhookMessages, webhookUrlProblem } from '@signalroom/shared';
import ipaddr from 'ipaddr.js';

/** Longest wait for the resolution of an endpoint's host name when it is added. */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * Whether an address is one a webhook may reach in production: ordinary public unicast only. Loopback,
 * private, link-local, carrier-grade NAT, unique-local, multicast, reserved and unspecified addresses
 * are refused, and an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * What is wrong with an endpoint URL for this deployment, or null: the URL's own rules, then, unless
 * local targets are allowed, every address its host resolves to must be public. This gives a clear
 * answer when the endpoint is added; the sender checks the address again on every connection (a name
 * may resolve elsewhere later).
 */
export async function webhookTargetProblem(
  url: string,
  rules: { localTargets: boolean },
  resolve: (host: string) => Promise<string[]> = resolveHost,
): Promise<string | null> {
  const problem = webhookUrlProblem(url, rules);
  if (problem || rules.localTargets) return problem;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return WebhookMessages.unresolvable;
  }
  if (addresses.length === 0) return WebhookMessages.unresolvable;
  return addresses.every(isPublicAddress) ? null : WebhookMessages.privateAddress;
}

async function resolveHost(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer resolving ${host}`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}
