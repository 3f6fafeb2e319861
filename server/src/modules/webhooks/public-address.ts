import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv6 ranges whose addresses carry (or stand for) an IPv4 address. Each can lead to an IPv4 host
 * inside the network, so none is a webhook target, whatever IPv4 address it carries:
 * - `::/96` IPv4-compatible (`::127.0.0.1`, which the URL parser writes `::7f00:1`), with `::` and `::1`;
 * - `::ffff:0:0/96` IPv4-mapped, `::ffff:0:0:0/96` IPv4-translated (SIIT);
 * - `64:ff9b::/96` and `64:ff9b:1::/48` NAT64, whose gateway connects to the embedded IPv4;
 * - `2002::/16` 6to4 and `2001::/32` Teredo, tunnels whose relays reach the embedded IPv4.
 */
const EMBEDDED_IPV4_RANGES: readonly [ipaddr.IPv6, number][] = [
  '::/96',
  '::ffff:0:0/96',
  '::ffff:0:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '2002::/16',
  '2001::/32',
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Where the global unicast addresses are allocated (2000::/3); every other IPv6 block is special. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * An ISATAP interface identifier (`…:0:5efe:a.b.c.d`, or `200:5efe` when globally unique) names the
 * IPv4 address of the host behind any prefix, so it is refused under every prefix.
 */
function hasIsatapInterfaceId(address: ipaddr.IPv6): boolean {
  const parts = address.parts;
  return ((parts[4] ?? 0) & 0xfcff) === 0 && parts[5] === 0x5efe;
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  if (EMBEDDED_IPV4_RANGES.some((range) => address.match(range))) return false;
  if (!address.match(GLOBAL_UNICAST) || hasIsatapInterfaceId(address)) return false;
  return address.range() === 'unicast';
}

/**
 * Whether an address is one a webhook may reach in production: ordinary public unicast only. The one
 * rule for the endpoint check (when a URL is added) and the connection filter (every try, after DNS).
 * IPv4: loopback, private, link-local, carrier-grade NAT, multicast, reserved and unspecified are
 * refused. IPv6: only global unicast (2000::/3) that is not special (documentation, benchmarking ...)
 * and carries no IPv4 address in any of its standard forms; whether that IPv4 address is public or not,
 * it is refused, since the translator or tunnel that reaches it may sit inside the network. Only an
 * address in the form a resolver answers and the URL parser writes is judged; any other text
 * (`1.2.3`, which some parsers read as 1.2.0.3) is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  return isPublicIPv6(parsed as ipaddr.IPv6);
}

/** `0.0.0.0` or `::`: "this host", which connects to the machine itself. */
export function isUnspecifiedAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'unspecified';
}
