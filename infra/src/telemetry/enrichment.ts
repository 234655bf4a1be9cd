import type { VisitorContext } from '@kartvizit/schemas/telemetry/events';
import { normaliseAddress, type GeoIpLookup } from './geoip.ts';
import { describeDevice } from './user-agent.ts';
import { visitorHash, type VisitorSalts } from './visitor-salts.ts';

/** One request as the enrichment sees it. The address lives only as long as this object. */
export interface Hit {
  readonly address: string;
  readonly userAgent: string;
  /** navigator.maxTouchPoints as the page reported it. */
  readonly touchPoints?: number | null;
}

/**
 * Turns a hit into what an event may keep: the day's visitor hash for this owner, the device
 * class, browser and OS, country and city. The address is used for the lookup and the hash, and
 * is in none of the results.
 */
export class HitEnricher {
  constructor(
    private readonly geo: GeoIpLookup,
    private readonly salts: VisitorSalts,
  ) {}

  async describe(hit: Hit, ownerId: string, at: Date): Promise<VisitorContext> {
    const address = normaliseAddress(hit.address) ?? 'unknown';
    const [salt, place] = await Promise.all([this.salts.saltFor(at), this.geo.locate(address)]);
    const device = describeDevice(hit.userAgent, hit.touchPoints);
    return {
      visitorHash: visitorHash(salt, ownerId, address, hit.userAgent),
      device: device.device,
      browser: device.browser,
      os: device.os,
      country: place.country,
      city: place.city,
      at: at.toISOString(),
    };
  }
}
