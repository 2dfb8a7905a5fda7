import ipaddr from 'ipaddr.js';

/**
 * Whether an address a host name resolved to may be connected to (decision 090): public unicast
 * only, as ipaddr.js classifies it. Refused: private (RFC 1918), loopback, link-local, carrier-grade
 * NAT (RFC 6598), multicast, broadcast, unspecified, reserved and documentation ranges, IPv6
 * unique-local and site-local, and the IPv6 forms that carry an IPv4 address (mapped, RFC 6145,
 * NAT64, 6to4, Teredo). An IPv4-mapped address is judged as the IPv4 address it holds.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}
