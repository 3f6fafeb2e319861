import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WebhookMessages, webhookUrlProblem } from '@signalroom/shared';
import { isPublicAddress } from './public-address.js';

/** Longest wait for the resolution of an endpoint's host name when it is added. */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * What is wrong with an endpoint URL for this deployment, or null: the URL's own rules, then, unless
 * local targets are allowed, every address its host resolves to must be public (`isPublicAddress`).
 * This gives a clear answer when the endpoint is added; the sender checks the address again, by the
 * same rule, on every connection (a name may resolve elsewhere later).
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
