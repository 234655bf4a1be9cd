import type { TrustProxy } from '@kartvizit/infra/config/env';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskBlobStore } from '@kartvizit/infra/blob/local-disk';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import { createSignalBus, wakeReaders } from '@kartvizit/infra/signals/create';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { composeProduct, type Product } from '@kartvizit/deploy/compose';
import type { TelemetryOptions } from '@kartvizit/infra/telemetry/settings';
import type { Mailer } from '@kartvizit/infra/mail/mailer';
import type { SignInThrottleOptions } from '@kartvizit/infra/auth/sign-in-throttle';
import type { RetryPolicy } from '@kartvizit/infra/processing/reactor';
import type { WebhookSettings } from '@kartvizit/infra/webhooks/settings';
import type { MeetingSettings } from '@kartvizit/infra/meetings/settings';
import type { HubSpotSettings } from '@kartvizit/infra/hubspot/settings';
import type { GoogleWalletSettings } from '@kartvizit/infra/wallet/google-settings';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import { createMetrics, type ServiceMetrics } from '@kartvizit/infra/metrics/registry';
import { testMapsSettings } from './fake-geocoder.ts';
import type pg from 'pg';

/** A public origin no test could reach by accident. */
export const TEST_PUBLIC_BASE_URL = 'https://kart.example.test';

export interface TestProduct {
  readonly app: FastifyInstance;
  readonly product: Product;
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly vault: PersonalDataVault;
  /** This product's APP_SECRET (tests derive keys from it, e.g. to sign form tokens). */
  readonly appSecret: Buffer;
  /** Uploaded files of this product (a temporary directory unless `blobDir` was given). */
  readonly blobs: LocalDiskBlobStore;
  /** PUBLIC_BASE_URL of this product: card links and QR codes start with it. */
  readonly publicBaseUrl: string;
  /** This product's /metrics registry (its store's appends included), as the operations port serves it. */
  readonly metrics: ServiceMetrics;
  /** Count of rows in the events table: "nothing was appended" checks. */
  eventCount(): Promise<number>;
  post(url: string, body: unknown, token?: string): Promise<LightMyRequestResponse>;
  get(url: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The whole product (as `npm start` composes it) on a fresh database, driven through app.inject. */
export async function startTestProduct(
  options: {
    blobDir?: string;
    authRateLimitPerMinute?: number;
    /** Per-account sign-in throttling: lock lengths and a clock (default: the product's defaults, the real clock). */
    signInThrottle?: SignInThrottleOptions;
    webDistDir?: string;
    maps?: Parameters<typeof testMapsSettings>[0];
    publicBaseUrl?: string;
    /** Visit and click beacons (clock, GeoIP, limits); the rate limit is off unless given. */
    telemetry?: TelemetryOptions;
    /** The projectors' fallback poll when no wake-up came (default 1 s); long: only wake-ups move them. */
    projectorPollIntervalMs?: number;
    /** Log level and a stream that receives the log lines (default: silent). */
    logLevel?: string;
    logStream?: { write(line: string): void };
    /** E-mail out (lead alerts…); unset: the product sends none. */
    mailer?: Mailer;
    /** The account routes' clock (e-mail change links' lifetime and hourly limit); default the real one. */
    accountClock?: () => Date;
    /** The share routes' clock (a left personal address's 30 days); default the real one. */
    shareClock?: () => Date;
    /** TOTP codes' and sign-in challenges' clock (issue 34); default the real one. */
    securityClock?: () => Date;
    /** Now for listings' EİDS authorisations (the routes' today, the schedule's deadlines); default the real one. */
    listingClock?: () => Date;
    /** REMS_API_URL (a fake REMS's `url`); unset: REMS is not available, as when the variable is unset. */
    remsApiUrl?: string;
    /** The rems-delivery reactor's retry policy (tests: short delays); default the product's (24 hours). */
    remsRetry?: Partial<RetryPolicy>;
    /**
     * Webhooks (issue 35): the private hosts endpoints may name (a receiver on loopback needs 127.0.0.1), the delivery
     * reactor's retries and timeout (tests: short), a resolver; default: no private host, the product's 24 hours.
     */
    webhooks?: WebhookSettings;
    /** The meeting providers (fakes on loopback: tests/support/fake-meeting-providers.ts); unset: none configured. */
    meetings?: MeetingSettings;
    /** Google Wallet (a fake on loopback: tests/support/fake-google-wallet.ts); unset: not set up, as when GOOGLE_WALLET_* is. */
    googleWallet?: GoogleWalletSettings;
    /** The Google Wallet reactor's retry policy (tests: short delays); default the product's (about a day). */
    googleWalletRetry?: Partial<RetryPolicy>;
    /** Apple Wallet (a test PKI: tests/support/test-pki.ts); unset: not set up, as when APPLE_* is. */
    appleWallet?: AppleWalletSettings;
    /** The Apple Wallet push reactor's retry policy (tests: short delays); default the product's (a few hours). */
    appleWalletRetry?: Partial<RetryPolicy>;
    /** HubSpot (a fake on loopback: tests/support/fake-hubspot.ts); unset: not configured, as when HUBSPOT_* is. */
    hubspot?: HubSpotSettings;
    /** The HubSpot reactor's retry policy (tests: short delays); default the product's (about a day). */
    hubspotRetry?: Partial<RetryPolicy>;
    /** Receives the projectors' and reactors' own log lines (default: none). */
    log?: (message: string) => void;
    /** WEB_VITALS_SAMPLE_RATE as the card page and /api/config/public say it (default: the product's, 0.1). */
    webVitalsSampleRate?: number;
    /** READY_MAX_LAG_SECONDS of /readyz (default the product's 120). */
    readyMaxLagSeconds?: number | null;
    /** TRUST_PROXY as readTrustProxy returns it (default: no proxy, the socket's peer is the client). */
    trustProxy?: TrustProxy;
  } = {},
): Promise<TestProduct> {
  const database = await createTestDatabase();
  const signals = createSignalBus({ kind: 'in-process' });
  const metrics = createMetrics('test', { processMetrics: false });
  const store = await createEventStore(
    { kind: 'postgres' },
    {
      pool: database.pool,
      onAppended: wakeReaders(signals),
      metrics,
    },
  );
  const appSecret = randomBytes(48);
  const vault = new PersonalDataVault(database.pool, deriveKey(appSecret, 'personal-data-kek'));
  const codec = new EventCodec(vault);
  const blobDir = options.blobDir ?? (await mkdtemp(join(tmpdir(), 'kartvizit-blobs-')));
  const blobs = new LocalDiskBlobStore(blobDir);
  const product = await composeProduct({
    pool: database.pool,
    store,
    codec,
    signals,
    blobs,
    appSecret,
    logLevel: options.logLevel ?? 'silent',
    logStream: options.logStream,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    telemetry: { rateLimitPerMinute: 0, ...options.telemetry },
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 0,
    signInThrottle: options.signInThrottle,
    accountClock: options.accountClock,
    ...(options.shareClock ? { shareClock: options.shareClock } : {}),
    ...(options.securityClock ? { securityClock: options.securityClock } : {}),
    ...(options.listingClock ? { listingClock: options.listingClock } : {}),
    webDistDir: options.webDistDir,
    // Geocoders on loopback only (a fake, or a port nothing answers on): tests never reach the internet.
    maps: testMapsSettings(options.maps),
    publicBaseUrl: options.publicBaseUrl ?? TEST_PUBLIC_BASE_URL,
    projectorPollIntervalMs: options.projectorPollIntervalMs,
    remsApiUrl: options.remsApiUrl ?? null,
    ...(options.remsRetry ? { remsRetry: options.remsRetry } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.meetings ? { meetings: options.meetings } : {}),
    ...(options.googleWallet ? { googleWallet: options.googleWallet } : {}),
    ...(options.googleWalletRetry ? { googleWalletRetry: options.googleWalletRetry } : {}),
    ...(options.appleWallet ? { appleWallet: options.appleWallet } : {}),
    ...(options.appleWalletRetry ? { appleWalletRetry: options.appleWalletRetry } : {}),
    ...(options.hubspot ? { hubspot: options.hubspot } : {}),
    ...(options.hubspotRetry ? { hubspotRetry: options.hubspotRetry } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.webVitalsSampleRate !== undefined ? { webVitalsSampleRate: options.webVitalsSampleRate } : {}),
    metrics,
    ...(options.readyMaxLagSeconds !== undefined ? { readyMaxLagSeconds: options.readyMaxLagSeconds } : {}),
  });
  await product.app.ready();
  const app = product.app;
  return {
    app,
    product,
    pool: database.pool,
    store,
    codec,
    vault,
    appSecret,
    blobs,
    publicBaseUrl: options.publicBaseUrl ?? TEST_PUBLIC_BASE_URL,
    metrics,
    async eventCount() {
      const result = await database.pool.query<{ count: string }>('SELECT count(*) FROM events');
      return Number(result.rows[0]?.count ?? 0);
    },
    post(url, body, token) {
      return app.inject({
        method: 'POST',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: body as Record<string, unknown>,
      });
    },
    get(url, token, headers = {}) {
      return app.inject({
        method: 'GET',
        url,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await product.close();
      await signals.close();
      await database.drop();
      if (!options.blobDir) await rm(blobDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid registration for one test. */
export function newOwner(overrides: Partial<Record<'email' | 'password' | 'firstName' | 'lastName', string>> = {}) {
  counter += 1;
  return {
    email: `sahip-${Date.now()}-${counter}@example.com`,
    password: 'gizli-parola-1',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    ...overrides,
  };
}
