import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@kartvizit/schemas/webhook/messages';
import { WEBHOOK_URL_MAX_LENGTH } from '@kartvizit/schemas/webhook/model';

/**
 * Where webhooks may not go (issue 35, SSRF): loopback, private, link-local, shared, multicast, reserved and the cloud
 * metadata addresses, unless the operator names the host or the address in WEBHOOK_ALLOWED_PRIVATE_HOSTS (tests and
 * on-premises CRMs). The same judgement runs when an endpoint is added and again on every connection (delivery.ts),
 * so a name that later resolves elsewhere (DNS rebinding) is still refused.
 */
export interface WebhookAddressPolicy {
  /** Lower-case host names and addresses (IPv6 without brackets), as parseAllowedPrivateHosts gives them. */
  readonly allowedPrivateHosts: readonly string[];
}

/** Resolves a host name to every address it has; injectable so tests can play DNS (rebinding included). */
export type LookupAll = (hostname: string) => Promise<readonly { readonly address: string; readonly family: number }[]>;

export const systemLookupAll: LookupAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });


/** WEBHOOK_ALLOWED_PRIVATE_HOSTS: comma separated names or addresses; `[::1]` and `::1` are the same entry. */
export function parseAllowedPrivateHosts(value: string | undefined): readonly string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const unbracketed = entry.startsWith('[') && entry.endsWith(']') ? entry.slice(1, -1) : entry;
      return isIP(unbracketed) === 6 ? unbracketed : entry.replace(/\.$/u, '');
    });
}

const FORBIDDEN_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

// ::/96 rather than just :: and ::1: the deprecated IPv4-compatible form (::a.b.c.d) is nobody's webhook receiver.
const FORBIDDEN_IPV6: readonly (readonly [string, number])[] = [
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

// Two lists, so Node's own IPv4-mapped matching cannot blur them: embedded IPv4 is judged explicitly below.
const IPV4_BLOCKS = new BlockList();
for (const [network, prefix] of FORBIDDEN_IPV4) IPV4_BLOCKS.addSubnet(network, prefix, 'ipv4');
IPV4_BLOCKS.addAddress('255.255.255.255', 'ipv4');
const IPV6_BLOCKS = new BlockList();
for (const [network, prefix] of FORBIDDEN_IPV6) IPV6_BLOCKS.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (the URL parser first writes it canonically, dotted tails in hex). */
function ipv6Groups(ip: string): readonly number[] {
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * An address written the one way the allow list and the block lists compare: IPv4 dotted, IPv4-mapped IPv6 as its
 * IPv4, other IPv6 canonical and lower-case without brackets or zone. Null when it is not an IP address.
 */
export function canonicalAddress(ip: string): string | null {
  const bare = (ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip).split('%')[0] ?? '';
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return null;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 6).every((group, index) => group === (index === 5 ? 0xffff : 0));
  if (mapped) return embeddedIpv4(groups);
  return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
}

function embeddedIpv4(groups: readonly number[]): string {
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** NAT64's well-known prefix 64:ff9b::/96 reaches the IPv4 address in its last 32 bits. */
function isNat64(groups: readonly number[]): boolean {
  return groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
}

/** Whether a webhook must not connect to this address. Anything that is not an IP address is forbidden too. */
export function isForbiddenAddress(ip: string): boolean {
  const address = canonicalAddress(ip);
  if (address === null) return true;
  if (isIP(address) === 4) return IPV4_BLOCKS.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (isNat64(groups)) return IPV4_BLOCKS.check(embeddedIpv4(groups), 'ipv4');
  return IPV6_BLOCKS.check(address, 'ipv6');
}

/** The URL's host as the policy compares it: lower case, no brackets, no trailing dot. */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host.replace(/\.$/u, '');
}

export function isHostAllowed(host: string, policy: WebhookAddressPolicy): boolean {
  return policy.allowedPrivateHosts.includes(host);
}

export function isAddressAllowed(address: string, policy: WebhookAddressPolicy): boolean {
  const canonical = canonicalAddress(address);
  return canonical !== null && policy.allowedPrivateHosts.some((entry) => canonicalAddress(entry) === canonical);
}

/** Whether a webhook may connect to `address`, reached through `host`. */
export function mayConnect(host: string, address: string, policy: WebhookAddressPolicy): boolean {
  return !isForbiddenAddress(address) || isHostAllowed(host, policy) || isAddressAllowed(address, policy);
}

/** http:// goes only to hosts the operator allowed, by name or by every address it reaches. */
export function mayUsePlainHttp(host: string, addresses: readonly string[], policy: WebhookAddressPolicy): boolean {
  return (
    isHostAllowed(host, policy) ||
    (addresses.length > 0 && addresses.every((address) => isAddressAllowed(address, policy)))
  );
}

/**
 * The check when an endpoint is added or changed: a Turkish message for the 400, or null when the address may be used.
 * Resolves the host (every address must be public or allowed); delivery checks again at connection time.
 */
export async function webhookUrlProblem(
  url: string,
  policy: WebhookAddressPolicy,
  lookup: LookupAll = systemLookupAll,
): Promise<string | null> {
  if (url.length > WEBHOOK_URL_MAX_LENGTH) return WEBHOOK_MESSAGES.webhookUrlTooLong;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return WEBHOOK_MESSAGES.webhookUrlInvalid;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return WEBHOOK_MESSAGES.webhookUrlNotHttps;
  if (parsed.username !== '' || parsed.password !== '') return WEBHOOK_MESSAGES.webhookUrlCredentials;
  const host = hostOf(parsed);
  if (host === '') return WEBHOOK_MESSAGES.webhookUrlInvalid;
  const addresses = await resolveHost(host, lookup);
  if (addresses === null || addresses.length === 0) return WEBHOOK_MESSAGES.webhookUrlUnresolvable;
  if (parsed.protocol === 'http:' && !mayUsePlainHttp(host, addresses, policy)) {
    return WEBHOOK_MESSAGES.webhookUrlNotHttps;
  }
  if (addresses.some((address) => !mayConnect(host, address, policy)))
    return WEBHOOK_MESSAGES.webhookUrlPrivate;
  return null;
}

/** An IP literal is its own address; a name is looked up. Null when it does not resolve. */
export async function resolveHost(host: string, lookup: LookupAll): Promise<readonly string[] | null> {
  if (isIP(host) !== 0) return [host];
  try {
    return (await lookup(host)).map((entry) => entry.address);
  } catch {
    return null;
  }
}
