import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The proxies whose X-Forwarded-For is believed: TRUST_PROXY, comma-separated addresses or CIDR
 * ranges (`10.0.0.0/8, ::1`). Empty (the default) trusts no proxy: the socket's address counts.
 */
export function parseTrustedProxies(setting: string): BlockList {
  const list = new BlockList();
  for (const raw of setting.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, bits] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new Error(`TRUST_PROXY: "${entry}" has a bad prefix length`);
      }
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}

/** '::ffff:192.0.2.1' (an IPv4 client on a dual-stack socket) is '192.0.2.1'. */
const normalise = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function trusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The caller's address for rate limits. The socket's address, unless that is a trusted proxy: then
 * X-Forwarded-For is read from the right (each proxy appends the address it saw) and the first
 * address that is not a trusted proxy is the client. Anything a client writes itself sits to the
 * left of that and is never reached.
 */
export function clientIp(c: Context<AppEnv>, proxies: BlockList): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = normalise(incoming?.socket?.remoteAddress ?? 'unknown');
  if (!trusted(proxies, peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trusted(proxies, hops[i])) return hops[i].slice(0, 64);
  }
  return hops[0]?.slice(0, 64) ?? peer;
}
