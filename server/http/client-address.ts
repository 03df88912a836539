// Who is asking: the address sign-in attempts are counted on. The peer of the TCP connection,
// unless that peer is a proxy listed in TRUSTED_PROXIES: then X-Forwarded-For is read from the
// right, past every trusted proxy, and the first address no trusted proxy added is the client's.
// A header from anyone else is ignored, so a client cannot pick the address it is counted on.
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { ServerConfig } from '../config';
import type { HonoEnv } from '../context';

/** Stands for a peer the runtime did not name (app.request() without a socket, in tests). */
export const UNKNOWN_PEER = 'unknown';

const lists = new WeakMap<readonly string[], BlockList>();

function trustedList(config: Pick<ServerConfig, 'trustedProxies'>): BlockList | null {
  const entries = config.trustedProxies;
  if (!entries || entries.length === 0) return null;
  let list = lists.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    lists.set(entries, list);
  }
  return list;
}

/** `::ffff:192.0.2.1` → `192.0.2.1`: one address, one spelling. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return m ? m[1]! : address;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The connection's peer as Node reports it, or null outside a Node server. */
export function peerAddress(c: Context<HonoEnv>): string | null {
  const env = c.env as
    | {
        incoming?: { socket?: { remoteAddress?: string } };
        server?: { incoming?: { socket?: { remoteAddress?: string } } };
      }
    | undefined;
  const address = env?.incoming?.socket?.remoteAddress ?? env?.server?.incoming?.socket?.remoteAddress;
  return address ? unmapped(address) : null;
}

/** True when the connection comes from a proxy listed in TRUSTED_PROXIES. */
export function fromTrustedProxy(c: Context<HonoEnv>): boolean {
  const list = trustedList(c.get('deps').config);
  const peer = peerAddress(c);
  return list !== null && peer !== null && isTrusted(list, peer);
}

/** The client's address: the peer, or what trusted proxies say in X-Forwarded-For. */
export function clientAddress(c: Context<HonoEnv>): string {
  const peer = peerAddress(c);
  if (peer === null) return UNKNOWN_PEER;
  const list = trustedList(c.get('deps').config);
  if (!list || !isTrusted(list, peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => unmapped(h.trim()))
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // Anything but an address was not written by a proxy we trust: stop at the last one that was.
    if (isIP(hop) === 0) break;
    client = hop;
    if (!isTrusted(list, hop)) break;
  }
  return client;
}

/** Eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16) || 0);
}

/**
 * The key an address is counted on: an IPv4 address as it is; an IPv6 address by its /64, the
 * block one subscriber is usually given, so a client cannot spread its attempts over its own
 * addresses.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
