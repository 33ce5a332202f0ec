import { isIP } from 'node:net';

/** Bits of an IPv6 address that one subscriber controls: providers hand out at least a /64. */
const IPV6_SUBSCRIBER_BITS = 64;

/** The eight 16-bit groups of an IPv6 address ('::' expanded, a trailing IPv4 part folded in). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0].toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  const groups =
    tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/**
 * The unit a rate limit counts for an address. IPv4 addresses count one by one; an IPv6 caller
 * counts by its /64, because one subscriber (one phone, one home) is given a whole /64 and could
 * otherwise take a fresh address, and a fresh allowance, for every request.
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const prefix = groups.slice(0, IPV6_SUBSCRIBER_BITS / 16).map((g) => g.toString(16));
  return `${prefix.join(':')}::/${IPV6_SUBSCRIBER_BITS}`;
}
