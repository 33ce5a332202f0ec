import { BlockList, isIP } from 'node:net';

/**
 * Which addresses outbound HTTP from blocks (API Call, Web Crawler, Web Search) may reach. A flow's
 * author or a learner chooses the URL, so without this the server would fetch its own admin ports,
 * the cloud metadata service (169.254.169.254) or the office network for them (SSRF).
 *
 * Refused unless the operator allows them (HTTP_OUT_ALLOW, CIDR list): private, loopback,
 * link-local, multicast, unspecified, shared (CGNAT), reserved and documentation ranges, and the
 * IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64, 6to4), so `::ffff:127.0.0.1` or
 * `::ffff:7f00:1` is judged as 127.0.0.1.
 */
const FORBIDDEN_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const FORBIDDEN_V6: ReadonlyArray<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard-only
];

const forbidden = new BlockList();
for (const [net, bits] of FORBIDDEN_V4) forbidden.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of FORBIDDEN_V6) forbidden.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16). */
export function embeddedIpv4(address: string): string | null {
  const words = expandIpv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

/** Eight 16-bit words, or null for text that is not an IPv6 address. */
function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  const words = [...left, ...fill, ...right].map((w) => Number.parseInt(w, 16));
  return words.length === 8 && words.every((w) => w >= 0 && w <= 0xffff) ? words : null;
}

/** HTTP_OUT_ALLOW: comma-separated addresses or CIDR ranges the operator lets blocks reach anyway. */
export function parseAllowList(setting: string): BlockList {
  const list = new BlockList();
  for (const raw of setting.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, bits] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`HTTP_OUT_ALLOW: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`HTTP_OUT_ALLOW: "${entry}" has a bad prefix length`);
    }
    list.addSubnet(address, prefix, type);
  }
  return list;
}

const check = (list: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * True when a block may connect to this address. The operator's allow list wins (it names exactly
 * what they opened); otherwise an address is refused when it, or the IPv4 address it embeds, is in a
 * forbidden range. Text that is not an IP address is refused.
 */
export function addressAllowed(address: string, allow: BlockList): boolean {
  const plain = address.replace(/^\[|\]$/g, '');
  if (!isIP(plain)) return false;
  const inner = embeddedIpv4(plain);
  if (check(allow, plain) || (inner !== null && check(allow, inner))) return true;
  if (check(forbidden, plain)) return false;
  return inner === null || !check(forbidden, inner);
}
