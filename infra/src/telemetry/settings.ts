import { GROUP_COMMIT_DEFAULTS } from './group-commit.ts';
import type { GeoIpLookup } from './geoip.ts';
import type { EventStoreSettings } from '../config/env.ts';

/** Telemetry settings from the environment (docs/configuration.md). */
export interface TelemetrySettings {
  /** Visit and click beacons per client address per minute; 0 turns the limit off. */
  readonly rateLimitPerMinute: number;
  /** Group commit (no fixed wait: a batch starts when the previous one has committed): the most one append writes. */
  readonly maxBatchEvents: number;
  /** Visits and clicks waiting to be written at most; past it new ones are answered 503 (retry later). */
  readonly maxBufferedEvents: number;
  /** How long a hit waits for a failing store before it is given up on and answered 503. */
  readonly maxWaitMs: number;
  /**
   * Enrichment and writes on a worker thread of their own (ingestion-worker.ts): the HTTP thread only checks a beacon
   * and answers. The services read TELEMETRY_WORKER (on unless '0'); a composition that does not say (tests) keeps
   * the ingestion on the HTTP thread, where a clock or a GeoIP lookup can be injected.
   */
  readonly worker: boolean;
}

export const TELEMETRY_DEFAULTS: TelemetrySettings = {
  rateLimitPerMinute: 120,
  maxBatchEvents: GROUP_COMMIT_DEFAULTS.maxBatchEvents,
  maxBufferedEvents: GROUP_COMMIT_DEFAULTS.maxBufferedEvents,
  maxWaitMs: GROUP_COMMIT_DEFAULTS.maxWaitMs,
  worker: false,
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum = 0): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum)
    throw new Error(`${name} must be a whole number ≥ ${minimum}, got "${value}"`);
  return parsed;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['0', 'false', 'off', 'no'].includes(value)) return false;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
}

export function readTelemetrySettings(env: NodeJS.ProcessEnv = process.env): TelemetrySettings {
  return {
    rateLimitPerMinute: whole(env, 'TELEMETRY_RATE_LIMIT_PER_MINUTE', TELEMETRY_DEFAULTS.rateLimitPerMinute),
    maxBatchEvents: whole(env, 'TELEMETRY_BATCH_SIZE', TELEMETRY_DEFAULTS.maxBatchEvents, 1),
    maxBufferedEvents: whole(env, 'TELEMETRY_BUFFER_LIMIT', TELEMETRY_DEFAULTS.maxBufferedEvents, 1),
    maxWaitMs: whole(env, 'TELEMETRY_WAIT_LIMIT_MS', TELEMETRY_DEFAULTS.maxWaitMs, 1),
    worker: flag(env, 'TELEMETRY_WORKER', true),
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
  /**
   * Called when the ingestion worker wrote a batch: its store is not the composition's, so a composition whose
   * projectors are woken in-process (npm start) passes its wake-up here. Without it the worker wakes readers in other
   * processes itself, through the PostgreSQL signal bus.
   */
  readonly onAppended?: () => void;
  /** The store the ingestion worker writes to; default EVENT_STORE/KURRENTDB_URL of the process's environment. */
  readonly eventStore?: EventStoreSettings;
}

/** The settings in options (defaults for the rest), without the injected functions a worker could not be handed. */
export function telemetrySettings(options: TelemetryOptions = {}): TelemetrySettings {
  return {
    rateLimitPerMinute: options.rateLimitPerMinute ?? TELEMETRY_DEFAULTS.rateLimitPerMinute,
    maxBatchEvents: options.maxBatchEvents ?? TELEMETRY_DEFAULTS.maxBatchEvents,
    maxBufferedEvents: options.maxBufferedEvents ?? TELEMETRY_DEFAULTS.maxBufferedEvents,
    maxWaitMs: options.maxWaitMs ?? TELEMETRY_DEFAULTS.maxWaitMs,
    worker: options.worker ?? TELEMETRY_DEFAULTS.worker,
  };
}
