/**
 * Where a webhook may be sent. In Base mode an endpoint must be HTTPS on a public address: hosts
 * that resolve to private, loopback, link-local, carrier-grade NAT, multicast or reserved ranges
 * are refused (server-side request forgery). The check runs on the addresses DNS gives at each
 * attempt, inside the socket's own lookup, so the address checked is the address connected to (a
 * name that re-resolves to 127.0.0.1 between a check and a connect cannot slip through). On the
 * embedded local chain plain HTTP and loopback are allowed, for local receivers.
 */
import dns from 'node:dns';
import net from 'node:net';
import { MAX_WEBHOOK_URL_CHARS } from '../../../shared/watch';

export type WebhookMode = 'local' | 'base';

const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(a, p, 'ipv6');

/** True for any address a public webhook must not reach (IPv4-mapped IPv6 judged as IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    const lower = ip.toLowerCase();
    const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
    if (hexMapped?.[1] && hexMapped[2]) {
      const hi = Number.parseInt(hexMapped[1], 16);
      const lo = Number.parseInt(hexMapped[2], 16);
      return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return blocked.check(ip, 'ipv6');
  }
  return true;
}

export class EndpointRefusedError extends Error {
  override readonly name = 'EndpointRefusedError';
}

/**
 * The URL's own rules (no network): scheme, credentials, length, a literal private address. Returns
 * the normalised URL or throws EndpointRefusedError with a reason for people.
 */
export function checkEndpointUrl(raw: string, mode: WebhookMode): URL {
  if (raw.length > MAX_WEBHOOK_URL_CHARS) throw new EndpointRefusedError('is too long');
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new EndpointRefusedError('must be an absolute URL such as https://example.com/hook');
  }
  if (u.protocol !== 'https:' && !(mode === 'local' && u.protocol === 'http:'))
    throw new EndpointRefusedError(
      mode === 'local' ? 'must start with https:// or http://' : 'must start with https://',
    );
  if (u.username || u.password) throw new EndpointRefusedError('must not carry a user name or password');
  if (u.hash) throw new EndpointRefusedError('must not have a #fragment');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new EndpointRefusedError('must name a host');
  if (mode === 'base') {
    if (net.isIP(host) && isPrivateAddress(host))
      throw new EndpointRefusedError('must not point at a private, loopback or link-local address');
    if (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host.endsWith('.local') ||
      host.endsWith('.internal')
    )
      throw new EndpointRefusedError('must not point at a private, loopback or link-local address');
  }
  return u;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: resolves like the system does, then refuses (ENOTFOUND-like error
 * with our reason) when any resolved address is private in Base mode. Node connects to the address
 * this returns, so the address checked is the one used.
 */
export function guardedLookup(mode: WebhookMode) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (mode === 'base' && list.some((a) => isPrivateAddress(a.address))) {
        const e = new EndpointRefusedError(
          `${hostname} resolves to a private, loopback or link-local address`,
        ) as NodeJS.ErrnoException;
        e.code = 'EPRIVATE';
        return callback(e, '', 0);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/** Resolve now and refuse private addresses (Base mode): the check made when an endpoint is saved. */
export async function checkEndpointResolves(u: URL, mode: WebhookMode): Promise<void> {
  if (mode !== 'base') return;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return; // literal: checked by checkEndpointUrl
  let list: dns.LookupAddress[];
  try {
    list = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new EndpointRefusedError(`host ${host} does not resolve`);
  }
  if (list.some((a) => isPrivateAddress(a.address)))
    throw new EndpointRefusedError('must not point at a private, loopback or link-local address');
}
