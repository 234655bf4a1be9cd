import { describe, expect, it } from 'vitest';
import {
  isForbiddenAddress,
  parseAllowedPrivateHosts,
  webhookUrlProblem,
  type LookupAll,
  type WebhookAddressPolicy,
} from './address-policy.ts';
import { WEBHOOK_MESSAGES as M } from '@kartvizit/schemas/webhook/messages';
import { readConfig } from '../config/env.ts';

const forbidden: readonly (readonly [string, string])[] = [
  ['0.0.0.0', 'this network'],
  ['0.255.255.255', 'this network, last'],
  ['10.0.0.1', '10/8'],
  ['10.255.255.255', '10/8, last'],
  ['100.64.0.1', 'shared (CGNAT)'],
  ['100.127.255.255', 'shared, last'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, last'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'cloud metadata'],
  ['172.16.0.1', '172.16/12'],
  ['172.31.255.255', '172.16/12, last'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.168.1.1', '192.168/16'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking, last'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.255', 'multicast, last'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'IPv6 loopback'],
  ['[::1]', 'IPv6 loopback in brackets'],
  ['fc00::1', 'unique local'],
  ['fd00:ec2::254', 'AWS metadata over IPv6'],
  ['fdff:ffff::1', 'unique local, last'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone'],
  ['febf:ffff::1', 'IPv6 link-local, last'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:10.1.2.3', 'IPv4-mapped private'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
  ['not an address', 'not an IP at all'],
  ['localhost', 'a name is not an address'],
];

const allowed: readonly (readonly [string, string])[] = [
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['9.255.255.255', 'just below 10/8'],
  ['11.0.0.0', 'just above 10/8'],
  ['100.63.255.255', 'just below 100.64/10'],
  ['100.128.0.0', 'just above 100.64/10'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.0', 'just above 172.16/12'],
  ['192.0.1.1', 'just above 192.0.0/24'],
  ['198.17.255.255', 'just below 198.18/15'],
  ['198.20.0.0', 'just above 198.18/15'],
  ['223.255.255.255', 'just below multicast'],
  ['2606:4700::1111', 'public IPv6'],
  ['2001:4860:4860::8888', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of a public address'],
  ['fbff::1', 'just below fc00::/7'],
  ['fec0::1', 'just above fe80::/10'],
];

describe('isForbiddenAddress', () => {
  it.each(forbidden)('refuses %s (%s)', (ip) => expect(isForbiddenAddress(ip)).toBe(true));
  it.each(allowed)('allows %s (%s)', (ip) => expect(isForbiddenAddress(ip)).toBe(false));
});

describe('parseAllowedPrivateHosts', () => {
  it('is empty when unset or blank', () => {
    expect(parseAllowedPrivateHosts(undefined)).toEqual([]);
    expect(parseAllowedPrivateHosts('')).toEqual([]);
    expect(parseAllowedPrivateHosts(' , ,')).toEqual([]);
  });

  it('trims, lower-cases names and takes IPv6 with or without brackets', () => {
    expect(parseAllowedPrivateHosts(' CRM.Internal. , 127.0.0.1,[::1], fd00::5 ,localhost')).toEqual([
      'crm.internal',
      '127.0.0.1',
      '::1',
      'fd00::5',
      'localhost',
    ]);
  });

  it('is what readConfig gives as the webhook address policy', () => {
    expect(readConfig({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'crm.local, 10.0.0.5' }).webhookAddressPolicy).toEqual({
      allowedPrivateHosts: ['crm.local', '10.0.0.5'],
    });
    expect(readConfig({}).webhookAddressPolicy).toEqual({ allowedPrivateHosts: [] });
  });
});

describe('webhookUrlProblem', () => {
  const none: WebhookAddressPolicy = { allowedPrivateHosts: [] };
  const dns =
    (answers: Record<string, string[]>): LookupAll =>
    async (hostname) => {
      const addresses = answers[hostname];
      if (addresses === undefined)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const world = dns({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
    'crm.internal': ['10.0.0.5'],
    'mixed.example.com': ['93.184.216.34', '10.0.0.9'],
    'metadata.example.com': ['169.254.169.254'],
  });

  it.each([
    ['https://hooks.example.com/in', null],
    ['https://hooks.example.com:8443/in?x=1', null],
    ['https://93.184.216.34/in', null],
    ['not a url', M.webhookUrlInvalid],
    ['ftp://hooks.example.com/in', M.webhookUrlNotHttps],
    ['http://hooks.example.com/in', M.webhookUrlNotHttps],
    ['https://user:pass@hooks.example.com/in', M.webhookUrlCredentials],
    ['https://user@hooks.example.com/in', M.webhookUrlCredentials],
    [`https://hooks.example.com/${'a'.repeat(2000)}`, M.webhookUrlTooLong],
    ['https://10.0.0.1/in', M.webhookUrlPrivate],
    ['https://169.254.169.254/latest/meta-data', M.webhookUrlPrivate],
    ['https://[::1]/in', M.webhookUrlPrivate],
    ['https://[::ffff:127.0.0.1]/in', M.webhookUrlPrivate],
    ['https://2130706433/in', M.webhookUrlPrivate],
    ['https://crm.internal/in', M.webhookUrlPrivate],
    ['https://metadata.example.com/in', M.webhookUrlPrivate],
    ['https://mixed.example.com/in', M.webhookUrlPrivate],
    ['https://nowhere.invalid/in', M.webhookUrlUnresolvable],
  ])('%s → %s', async (url, expected) => {
    expect(await webhookUrlProblem(url, none, world)).toBe(expected);
  });

  it('allows a private host the operator names, http:// included', async () => {
    const policy = { allowedPrivateHosts: parseAllowedPrivateHosts('crm.internal') };
    expect(await webhookUrlProblem('https://crm.internal/in', policy, world)).toBeNull();
    expect(await webhookUrlProblem('http://crm.internal:8080/in', policy, world)).toBeNull();
    // The name allows that host only, not every private address.
    expect(await webhookUrlProblem('https://10.0.0.5/in', policy, world)).toBe(M.webhookUrlPrivate);
    expect(await webhookUrlProblem('http://hooks.example.com/in', policy, world)).toBe(M.webhookUrlNotHttps);
  });

  it('allows a private address the operator names, whichever name reaches it', async () => {
    const policy = { allowedPrivateHosts: parseAllowedPrivateHosts('10.0.0.5,[::1]') };
    expect(await webhookUrlProblem('https://10.0.0.5/in', policy, world)).toBeNull();
    expect(await webhookUrlProblem('http://10.0.0.5/in', policy, world)).toBeNull();
    expect(await webhookUrlProblem('https://crm.internal/in', policy, world)).toBeNull();
    expect(await webhookUrlProblem('http://[::1]:9000/in', policy, world)).toBeNull();
    expect(await webhookUrlProblem('https://10.0.0.6/in', policy, world)).toBe(M.webhookUrlPrivate);
    expect(await webhookUrlProblem('https://mixed.example.com/in', policy, world)).toBe(M.webhookUrlPrivate);
  });
});
