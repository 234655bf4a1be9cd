import { createHmac } from 'node:crypto';
import type pg from 'pg';
import type { GeocodeResponse } from '@kartvizit/schemas';
import { deriveKey } from '../config/secrets.ts';
import type { ProviderName } from './types.ts';

/** What a lookup found, as it is stored: the answer without where it came from this time. */
export type CachedAnswer = Omit<GeocodeResponse, 'source'>;

export interface GeocodeCache {
  get(key: string): Promise<CachedAnswer | null>;
  put(key: string, answer: CachedAnswer, provider: ProviderName, ttlMs: number): Promise<void>;
}

export const HIT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const MISS_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Same address, same key: whitespace collapsed, case and accents folded, so 'Kadıköy',
 * 'KADIKÖY' and 'Kadikoy' share one entry (people type Turkish addresses all three ways, and
 * the providers answer them alike).
 */
export function normaliseAddressText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/gu, 'i')
    .replace(/\s*,\s*/gu, ', ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Cache keys are an HMAC of the normalised address (and the country restriction), so the table
 * never holds owners' addresses in readable form; the key comes from the app secret by purpose.
 */
export function cacheKeyer(appSecret: Buffer): (text: string, turkey: boolean) => string {
  const key = deriveKey(appSecret, 'geocode-cache');
  return (text, turkey) =>
    createHmac('sha256', key)
      .update(`${turkey ? 'tr' : '*'}|${normaliseAddressText(text)}`)
      .digest('hex');
}

export class PostgresGeocodeCache implements GeocodeCache {
  constructor(private readonly pool: pg.Pool) {}

  async get(key: string): Promise<CachedAnswer | null> {
    const { rows } = await this.pool.query<{ result: CachedAnswer }>(
      'select result from geocode_cache where query_key = $1 and expires_at > now()',
      [key],
    );
    return rows[0]?.result ?? null;
  }

  async put(key: string, answer: CachedAnswer, provider: ProviderName, ttlMs: number): Promise<void> {
    await this.pool.query(
      `insert into geocode_cache (query_key, result, provider, status, created_at, expires_at)
         values ($1, $2, $3, $4, now(), now() + make_interval(secs => $5::double precision / 1000))
       on conflict (query_key) do update
         set result = excluded.result, provider = excluded.provider, status = excluded.status,
             created_at = excluded.created_at, expires_at = excluded.expires_at`,
      [key, JSON.stringify(answer), provider, answer.status, ttlMs],
    );
    // Expired entries go a few at a time, so the table stays small without a scheduled job.
    await this.pool.query(
      `delete from geocode_cache where query_key in
         (select query_key from geocode_cache where expires_at < now() limit 100)`,
    );
  }
}
