import type { KafkaSettings, TrustProxy } from '@kartvizit/infra/config/env';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { commandApi } from '@kartvizit/command-api/app';
import { registerHttpPlumbing } from '@kartvizit/infra/http/plumbing';
import { registerOperations, type Operations } from '@kartvizit/infra/http/metrics';
import { createMetrics, type ServiceMetrics } from '@kartvizit/infra/metrics/registry';
import { processOperations } from '@kartvizit/infra/runtime/operations';
import { serverOptions } from '@kartvizit/infra/http/server-options';
import { registerOpenApi } from '@kartvizit/infra/http/openapi';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import type { MapsSettings } from '@kartvizit/infra/geocoding/settings';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import type { TelemetryOptions } from '@kartvizit/infra/telemetry/settings';
import type { SignInThrottleOptions } from '@kartvizit/infra/auth/sign-in-throttle';
import type { Mailer } from '@kartvizit/infra/mail/mailer';
import type { RetryPolicy } from '@kartvizit/infra/processing/reactor';
import type { WebhookSettings } from '@kartvizit/infra/webhooks/settings';
import type { MeetingSettings } from '@kartvizit/infra/meetings/settings';
import type { HubSpotSettings } from '@kartvizit/infra/hubspot/settings';
import type { GoogleWalletSettings } from '@kartvizit/infra/wallet/google-settings';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import type { EventTransport } from '@kartvizit/infra/transport/types';
import { composeProjector, type RunningProjector } from '@kartvizit/projector/service';
import { mountWeb, queryApi, registerHealth, webImageOrigins } from '@kartvizit/query-api/app';

export interface ProductParts {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly signals: SignalBus;
  /** Uploaded files (profile images), written by commands and served at /media/*. */
  readonly blobs: BlobStore;
  readonly appSecret: Buffer;
  readonly logLevel: string;
  readonly authRateLimitPerMinute: number;
  /** Per-account sign-in throttling (SIGN_IN_*); tests inject a clock. */
  readonly signInThrottle?: SignInThrottleOptions;
  /** Unset: API only (tests that need no web app). */
  readonly webDistDir?: string;
  readonly log?: (message: string) => void;
  readonly trustProxy?: TrustProxy;
  readonly projectorPollIntervalMs?: number;
  /** Origin of public card pages and QR codes (PUBLIC_BASE_URL). */
  readonly publicBaseUrl: string;
  /** Geocoders and map tiles; unset: the public defaults. */
  readonly maps?: MapsSettings;
  /** Visit and click beacons; tests inject a clock. */
  readonly telemetry?: TelemetryOptions;
  /** The account routes' clock (link lifetimes, hourly limits); tests move it. */
  readonly accountClock?: () => Date;
  /** The share routes' clock (a left personal address's 30 days); tests move it. */
  readonly shareClock?: () => Date;
  /** The clock of TOTP codes and sign-in challenges (issue 34); tests move it a 30-second step on. */
  readonly securityClock?: () => Date;
  /** Now for listings' EİDS authorisations: the product routes' today and the schedule's deadlines (tests move it). */
  readonly listingClock?: () => Date;
  /** Where log lines go instead of stdout (tests read them). */
  readonly logStream?: { write(line: string): void };
  /** E-mail (lead alerts…); unset: the product sends none (most tests), and the e-mail reactors do not run. */
  readonly mailer?: Mailer;
  /** REMS_API_URL (issue 14); null or unset: REMS is not available. */
  readonly remsApiUrl?: string | null;
  /** The meeting providers' OAuth clients and APIs (issue 15); unset: none is configured. */
  readonly meetings?: MeetingSettings;
  /** HUBSPOT_* (issue 35): the connection and the contacts reactor; null or unset: not configured. */
  readonly hubspot?: HubSpotSettings | null;
  /** The HubSpot reactor's retry policy (tests shorten it); default about a day. */
  readonly hubspotRetry?: Partial<RetryPolicy>;
  /** WEB_VITALS_SAMPLE_RATE: the share of card page and dashboard loads that send Core Web Vitals; unset: 0.1. */
  readonly webVitalsSampleRate?: number;
  /** The REMS delivery's retry policy (tests shorten it); default the product's 24 hours. */
  readonly remsRetry?: Partial<RetryPolicy>;
  /** Webhooks (issue 35): WEBHOOK_ALLOWED_PRIVATE_HOSTS, and tests' shorter retries; default no private host. */
  readonly webhooks?: WebhookSettings;
  /** GOOGLE_WALLET_* (issue 32): the save links and the reactor that updates saved passes; null or unset: none. */
  readonly googleWallet?: GoogleWalletSettings | null;
  /** The Google Wallet reactor's retry policy (tests shorten it); default the product's (about a day). */
  readonly googleWalletRetry?: Partial<RetryPolicy>;
  /** APPLE_* (issue 32): the .pkpass files, Apple's pass web service and its pushes; null or unset: none. */
  readonly appleWallet?: AppleWalletSettings | null;
  /** The Apple Wallet push reactor's retry policy (tests shorten it); default the product's (a few hours). */
  readonly appleWalletRetry?: Partial<RetryPolicy>;
  /**
   * EVENT_TRANSPORT=kafka: the projections and reactors consume the relay's topic (decision 42); unset: they read the
   * store.
   */
  readonly kafka?: { readonly transport: EventTransport; readonly topic: string };
  /** KAFKA_BROKERS: this process publishes every event to the topic too (the relay, decision 42); unset: no relay. */
  readonly relay?: KafkaSettings;
  /**
   * The process's /metrics registry (issue 17). Pass the one the store was created with (createEventStore's
   * `metrics`) so appends are measured too; unset: one of this composition's own, without the process metrics.
   */
  readonly metrics?: ServiceMetrics;
  /** READY_MAX_LAG_SECONDS: /readyz answers 503 while a projection is further behind; null: not looked at. Default 120. */
  readonly readyMaxLagSeconds?: number | null;
}

export interface Product {
  readonly app: FastifyInstance;
  readonly projectors: RunningProjector;
  /** /metrics' registry and /readyz's check: the operations port (embedded.ts) serves them. */
  readonly operations: Operations;
  close(): Promise<void>;
}

/**
 * The all-in-one composition: command and query routes on one Fastify instance (as the reverse
 * proxy presents them in the scaled deployment), projectors in the same process. Used by
 * `npm start` and by the cross-service tests, so both run the same product.
 */
export async function composeProduct(parts: ProductParts): Promise<Product> {
  const projectors = composeProjector({
    pool: parts.pool,
    store: parts.store,
    codec: parts.codec,
    signals: parts.signals,
    pollIntervalMs: parts.projectorPollIntervalMs,
    log: parts.log,
    ...(parts.listingClock ? { clock: parts.listingClock } : {}),
    ...(parts.kafka ? { kafka: parts.kafka } : {}),
    ...(parts.relay ? { relay: parts.relay } : {}),
    blobs: parts.blobs,
    mailer: parts.mailer,
    publicBaseUrl: parts.publicBaseUrl,
    appSecret: parts.appSecret,
    remsApiUrl: parts.remsApiUrl ?? null,
    ...(parts.remsRetry ? { remsRetry: parts.remsRetry } : {}),
    ...(parts.webhooks ? { webhooks: parts.webhooks } : {}),
    googleWallet: parts.googleWallet ?? null,
    ...(parts.googleWalletRetry ? { googleWalletRetry: parts.googleWalletRetry } : {}),
    appleWallet: parts.appleWallet ?? null,
    ...(parts.appleWalletRetry ? { appleWalletRetry: parts.appleWalletRetry } : {}),
    hubspot: parts.hubspot ?? null,
    ...(parts.hubspotRetry ? { hubspotRetry: parts.hubspotRetry } : {}),
  });
  const options = serverOptions({
    logLevel: parts.logLevel,
    trustProxy: parts.trustProxy,
    publicBaseUrl: parts.publicBaseUrl,
  });
  const logger =
    parts.logStream && typeof options.logger === 'object'
      ? { ...options.logger, stream: parts.logStream }
      : options.logger;
  const app = Fastify({ ...options, logger });
  registerHttpPlumbing(app, { publicBaseUrl: parts.publicBaseUrl, imageOrigins: webImageOrigins(parts.maps) });
  const metrics = parts.metrics ?? createMetrics('kartvizit', { processMetrics: false });
  metrics.watchPool('main', parts.pool);
  // This process builds the read models and serves them: its lag is exported here, and /readyz looks at it.
  const operations = processOperations({ pool: parts.pool, store: parts.store }, metrics, {
    role: 'build',
    maxLagSeconds: parts.readyMaxLagSeconds === undefined ? 120 : parts.readyMaxLagSeconds,
    log: parts.log,
  });
  registerOperations(app, operations);
  registerHealth(app);
  await registerOpenApi(app, 'Dijital Kartvizit API');
  await app.register(
    commandApi({
      pool: parts.pool,
      store: parts.store,
      codec: parts.codec,
      appSecret: parts.appSecret,
      authRateLimitPerMinute: parts.authRateLimitPerMinute,
      signInThrottle: parts.signInThrottle,
      accountClock: parts.accountClock,
      ...(parts.shareClock ? { shareClock: parts.shareClock } : {}),
      ...(parts.securityClock ? { securityClock: parts.securityClock } : {}),
      ...(parts.listingClock ? { listingClock: parts.listingClock } : {}),
      blobs: parts.blobs,
      publicBaseUrl: parts.publicBaseUrl,
      remsApiUrl: parts.remsApiUrl ?? null,
      ...(parts.meetings ? { meetings: parts.meetings } : {}),
      ...(parts.webhooks ? { webhooks: parts.webhooks } : {}),
      appleWallet: parts.appleWallet ?? null,
      metrics,
      // The ingestion worker's appends wake this process's projectors the way the store's own appends do.
      telemetry: { ...parts.telemetry, onAppended: () => void parts.signals.publish('events_appended') },
    }),
  );
  await app.register(
    queryApi({
      pool: parts.pool,
      store: parts.store,
      appSecret: parts.appSecret,
      signals: parts.signals,
      blobs: parts.blobs,
      maps: parts.maps,
      publicBaseUrl: parts.publicBaseUrl,
      webDistDir: parts.webDistDir,
      googleWallet: parts.googleWallet ?? null,
      appleWallet: parts.appleWallet ?? null,
      hubspot: parts.hubspot ?? null,
      ...(parts.meetings ? { meetings: parts.meetings } : {}),
      ...(parts.webVitalsSampleRate !== undefined ? { webVitalsSampleRate: parts.webVitalsSampleRate } : {}),
    }),
  );
  await mountWeb(app, parts.webDistDir);
  return {
    app,
    projectors,
    operations,
    async close() {
      await app.close();
      await projectors.stop();
    },
  };
}
