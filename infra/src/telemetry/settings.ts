import { GROUP_COMMIT_DEFAULTS } from './group-commit.ts';
import type { GeoIpLookup } from './geoip.ts';

/** Telemetry settings from the environment (README, "Configuration"). */
export interface TelemetrySettings {
  /** Visit and click beacons per client address per minute; 0 turns the limit off. */
  readonly rateLimitPerMinute: number;
  /** Group commit: longest wait before a batch is written, and the batch size written at once. */
  readonly flushIntervalMs: number;
  readonly maxBatchEvents: number;
  /** Events kept in memory while the store is unreachable; beyond it the oldest are dropped. */
  readonly maxBufferedEvents: number;
}

export const TELEMETRY_DEFAULTS: TelemetrySettings = {
  rateLimitPerMinute: 120,
  flushIntervalMs: GROUP_COMMIT_DEFAULTS.flushIntervalMs,
  maxBatchEvents: GROUP_COMMIT_DEFAULTS.maxBatchEvents,
  maxBufferedEvents: GROUP_COMMIT_DEFAULTS.maxBufferedEvents,
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum = 0): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum)
    throw new Error(`${name} must be a whole number ≥ ${minimum}, got "${value}"`);
  return parsed;
}

export function readTelemetrySettings(env: NodeJS.ProcessEnv = process.env): TelemetrySettings {
  return {
    rateLimitPerMinute: whole(env, 'TELEMETRY_RATE_LIMIT_PER_MINUTE', TELEMETRY_DEFAULTS.rateLimitPerMinute),
    flushIntervalMs: whole(env, 'TELEMETRY_FLUSH_INTERVAL_MS', TELEMETRY_DEFAULTS.flushIntervalMs, 1),
    maxBatchEvents: whole(env, 'TELEMETRY_BATCH_SIZE', TELEMETRY_DEFAULTS.maxBatchEvents, 1),
    maxBufferedEvents: whole(env, 'TELEMETRY_BUFFER_LIMIT', TELEMETRY_DEFAULTS.maxBufferedEvents, 1),
  };
}

/** What a composition may pass to the telemetry routes; tests inject a clock and a GeoIP lookup. */
export interface TelemetryOptions extends Partial<TelemetrySettings> {
  /** The clock of `at` and of the salt's day. */
  readonly now?: () => Date;
  /** Default: DB-IP City Lite from npm. */
  readonly geo?: GeoIpLookup;
  /** How long a card's or profile's owner is remembered (default 10 s). */
  readonly ownerCacheTtlMs?: number;
}
