import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type pg from 'pg';
import {
  CLICK_TYPES,
  ErrorResponse,
  PRODUCT_CLICK_ACTIONS,
  RecordClickBody,
  RecordProductClickBody,
  RecordProductViewBody,
  RecordVisitBody,
  RecordWebVitalsBody,
  TELEMETRY_BODY_LIMIT,
  TELEMETRY_MESSAGES,
  TelemetryAccepted,
  WEB_VITAL_LIMITS,
  WEB_VITAL_METRICS,
  WEB_VITALS_PAGES,
  validationError,
  webVitalRating,
  type ClickType,
  type ProductClickAction,
  type WebVitalSample,
  type WebVitalsPage,
} from '@kartvizit/schemas';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import { readEventStoreSettings } from '@kartvizit/infra/config/env';
import { utf8JsonParser } from '@kartvizit/infra/http/text-guard';
import { telemetrySettings, type TelemetryOptions, type TelemetrySettings } from '@kartvizit/infra/telemetry/settings';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import type { BeaconKind, ServiceMetrics } from '@kartvizit/infra/metrics/registry';
import {
  isAnswered,
  openTelemetryIngestion,
  type Outcome,
  type TelemetryRequest,
  type TelemetrySink,
} from './ingestion.ts';
import { IngestionThread } from './ingestion-thread.ts';

export interface TelemetryDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  /** The ingestion worker builds its own codec and pool from these. */
  readonly appSecret: Buffer;
  readonly telemetry?: TelemetryOptions;
  /** The process's /metrics registry: beacons by outcome, and why those not stored were not. */
  readonly metrics?: ServiceMetrics;
}

const TAG = ['telemetry'];
const RESPONSES = {
  204: TelemetryAccepted,
  400: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};

/** The beacon routes by path, for counting what the rate limit refuses before a handler runs. */
const BEACON_ROUTES: Readonly<Record<string, BeaconKind>> = {
  '/api/telemetry/visit': 'visit',
  '/api/profile/record-click': 'click',
  '/api/telemetry/product-view': 'product-view',
  '/api/telemetry/product-click': 'product-click',
  '/api/telemetry/vitals': 'vitals',
};

/** Seconds the page is asked to wait before it sends a hit that was not stored again. */
export const TELEMETRY_RETRY_AFTER_SECONDS = 5;

function isClickType(value: string): value is ClickType {
  return (CLICK_TYPES as readonly string[]).includes(value);
}

function isProductClickAction(value: string): value is ProductClickAction {
  return (PRODUCT_CLICK_ACTIONS as readonly string[]).includes(value);
}

function isWebVitalsPage(value: string): value is WebVitalsPage {
  return (WEB_VITALS_PAGES as readonly string[]).includes(value);
}

/**
 * The metrics of a vitals beacon, rated by the thresholds of WEB_VITAL_THRESHOLDS (the page's own rating is not asked
 * for: one rule for every sender). A value that is not a finite number in its plausible range refuses the beacon.
 */
function webVitalSamples(metrics: RecordWebVitalsBody['metrics']): WebVitalSample[] {
  const samples: WebVitalSample[] = [];
  for (const name of WEB_VITAL_METRICS) {
    const value = metrics?.[name];
    if (value === undefined || value === null) continue;
    const limit = name === 'CLS' ? WEB_VITAL_LIMITS.layoutShift : WEB_VITAL_LIMITS.milliseconds;
    if (!Number.isFinite(value) || value < 0 || value > limit)
      throw validationError(TELEMETRY_MESSAGES.telemetryVitalsMetricInvalid(name), 'metrics');
    samples.push({ name, value, rating: webVitalRating(name, value) });
  }
  if (samples.length === 0) throw validationError(TELEMETRY_MESSAGES.telemetryVitalsMetricsRequired, 'metrics');
  return samples;
}

/** The ingestion on its own worker thread (settings.worker), or on this one. */
function openSink(
  deps: TelemetryDependencies,
  settings: TelemetrySettings,
  log: (message: string) => void,
): TelemetrySink {
  const options = deps.telemetry ?? {};
  if (!settings.worker) {
    return openTelemetryIngestion({
      pool: deps.pool,
      store: deps.store,
      codec: deps.codec,
      settings,
      options,
      log,
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
    });
  }
  const databaseUrl = deps.pool.options.connectionString;
  // A worker cannot be handed functions: a clock or a GeoIP lookup are injected into the ingestion on this thread.
  if (options.now || options.geo)
    throw new Error('telemetry.worker: an injected clock or GeoIP lookup needs worker: false');
  if (!databaseUrl) throw new Error('telemetry.worker: the pool has no connection string to open its own');
  return new IngestionThread({
    data: {
      databaseUrl,
      appSecret: deps.appSecret,
      settings,
      ownerCacheTtlMs: options.ownerCacheTtlMs,
      eventStore: options.eventStore ?? readEventStoreSettings(process.env),
      publishAppended: options.onAppended === undefined,
      measure: deps.metrics !== undefined,
    },
    log,
    onAppended: options.onAppended,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  });
}

function telemetryRequest(request: FastifyRequest): TelemetryRequest {
  return { address: request.ip, headers: request.headers };
}

/** 204 once the hit is stored or had nothing to store; 503 with Retry-After when it was not stored. */
function answer(reply: FastifyReply, outcome: Outcome): FastifyReply {
  if (isAnswered(outcome)) return reply.code(204).send(null);
  return reply
    .code(503)
    .header('retry-after', String(TELEMETRY_RETRY_AFTER_SECONDS))
    .send({ success: false, message: TELEMETRY_MESSAGES.telemetryNotStored });
}

/**
 * Public beacons from the card page (`POST /api/telemetry/visit`, `POST /api/profile/record-click`) and from the
 * product page (`POST /api/telemetry/product-view`, `POST /api/telemetry/product-click`), and the sampled Core Web
 * Vitals of the card page and the dashboard (`POST /api/telemetry/vitals`, decision 44). All answer 204 once the hit is stored, or when there was nothing to store (a bot learns nothing),
 * 503 with Retry-After when it could not be stored (the page may send it again), 400 only for a body
 * that is not what the page sends, 413 above 2 KB. Accepts JSON as application/json or as
 * text/plain (navigator.sendBeacon with a string), in this plugin only.
 */
export function telemetryRoutes(deps: TelemetryDependencies) {
  const settings = telemetrySettings(deps.telemetry);

  return async function routes(app: FastifyInstance): Promise<void> {
    const log = (message: string) => app.log.warn(message);
    const ingestion = openSink(deps, settings, log);
    const { metrics } = deps;
    const answered = (kind: BeaconKind, reply: FastifyReply, outcome: Outcome): FastifyReply => {
      metrics?.beaconAnswered(kind, outcome);
      return answer(reply, outcome);
    };
    // Fastify closes the server (no new hits) before plugins' onClose: then the last batch is written.
    app.addHook('onClose', () => ingestion.close());

    // sendBeacon's text/plain bodies are JSON, read as every JSON body is (UTF-8 only, decision 52).
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'buffer' },
      utf8JsonParser(app, { emptyBody: 'undefined', constructorPoisoning: 'error' }),
    );

    // The limiter's memory holds a keyed hash of the address (key per process), not the address.
    const limiterKey = randomBytes(32);
    const rateLimit =
      settings.rateLimitPerMinute > 0
        ? {
            max: settings.rateLimitPerMinute,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) =>
              createHmac('sha256', limiterKey).update(request.ip).digest('base64url'),
            // A refused beacon never reaches its handler: counted here, under its kind, as 'rate-limited'.
            onExceeded: (request: FastifyRequest) => {
              const kind = BEACON_ROUTES[request.routeOptions.url ?? ''];
              if (kind) metrics?.beaconAnswered(kind, 'rate-limited');
            },
          }
        : false;

    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/telemetry/visit',
      {
        bodyLimit: TELEMETRY_BODY_LIMIT,
        schema: { tags: TAG, summary: 'Kart sayfası ziyareti (beacon)', body: RecordVisitBody, response: RESPONSES },
        config: { rateLimit },
      },
      async (request, reply) => {
        const cardId = request.body.cardId?.trim();
        if (!cardId) throw validationError(TELEMETRY_MESSAGES.telemetryCardIdRequired, 'cardId');
        const outcome = await ingestion.recordVisit(
          { cardId, touchPoints: request.body.touchPoints, language: request.body.language ?? null },
          telemetryRequest(request),
        );
        request.log.debug({ telemetry: outcome }, 'visit');
        return answered('visit', reply, outcome);
      },
    );

    api.post(
      '/api/profile/record-click',
      {
        bodyLimit: TELEMETRY_BODY_LIMIT,
        schema: {
          tags: TAG,
          summary: 'Kart sayfasında iletişim tıklaması',
          body: RecordClickBody,
          response: RESPONSES,
        },
        config: { rateLimit },
      },
      async (request, reply) => {
        const { body } = request;
        const profileId = body.profileId?.trim();
        if (!profileId) throw validationError(TELEMETRY_MESSAGES.telemetryProfileIdRequired, 'profileId');
        const clickType = body.clickType?.trim() ?? '';
        if (!clickType) throw validationError(TELEMETRY_MESSAGES.telemetryClickTypeRequired, 'clickType');
        if (!isClickType(clickType)) throw validationError(TELEMETRY_MESSAGES.telemetryClickTypeInvalid, 'clickType');
        const outcome = await ingestion.recordClick(
          { profileId, cardId: body.cardId, clickType, platform: body.platform, touchPoints: body.touchPoints },
          telemetryRequest(request),
        );
        request.log.debug({ telemetry: outcome }, 'click');
        return answered('click', reply, outcome);
      },
    );

    api.post(
      '/api/telemetry/product-view',
      {
        bodyLimit: TELEMETRY_BODY_LIMIT,
        schema: {
          tags: TAG,
          summary: 'Ürün sayfası görüntülenmesi (beacon)',
          body: RecordProductViewBody,
          response: RESPONSES,
        },
        config: { rateLimit },
      },
      async (request, reply) => {
        const productId = request.body.productId?.trim();
        if (!productId) throw validationError(TELEMETRY_MESSAGES.telemetryProductIdRequired, 'productId');
        const outcome = await ingestion.recordProductView(
          { productId, cardId: request.body.cardId, touchPoints: request.body.touchPoints },
          telemetryRequest(request),
        );
        request.log.debug({ telemetry: outcome }, 'product view');
        return answered('product-view', reply, outcome);
      },
    );

    api.post(
      '/api/telemetry/product-click',
      {
        bodyLimit: TELEMETRY_BODY_LIMIT,
        schema: {
          tags: TAG,
          summary: "Ürün sayfasında 'Satın Al' veya WhatsApp tıklaması",
          body: RecordProductClickBody,
          response: RESPONSES,
        },
        config: { rateLimit },
      },
      async (request, reply) => {
        const { body } = request;
        const productId = body.productId?.trim();
        if (!productId) throw validationError(TELEMETRY_MESSAGES.telemetryProductIdRequired, 'productId');
        const action = body.action?.trim() ?? '';
        if (!action) throw validationError(TELEMETRY_MESSAGES.telemetryProductActionRequired, 'action');
        if (!isProductClickAction(action))
          throw validationError(TELEMETRY_MESSAGES.telemetryProductActionInvalid, 'action');
        const outcome = await ingestion.recordProductClick(
          { productId, cardId: body.cardId, action, touchPoints: body.touchPoints },
          telemetryRequest(request),
        );
        request.log.debug({ telemetry: outcome }, 'product click');
        return answered('product-click', reply, outcome);
      },
    );

    api.post(
      '/api/telemetry/vitals',
      {
        bodyLimit: TELEMETRY_BODY_LIMIT,
        schema: {
          tags: TAG,
          summary: 'Bir sayfa açılışının Core Web Vitals ölçümleri (örneklenmiş beacon)',
          body: RecordWebVitalsBody,
          response: RESPONSES,
        },
        config: { rateLimit },
      },
      async (request, reply) => {
        const { body } = request;
        const page = body.page?.trim() ?? '';
        if (!page) throw validationError(TELEMETRY_MESSAGES.telemetryVitalsPageRequired, 'page');
        if (!isWebVitalsPage(page)) throw validationError(TELEMETRY_MESSAGES.telemetryVitalsPageInvalid, 'page');
        const metrics = webVitalSamples(body.metrics);
        const outcome = await ingestion.recordWebVitals(
          { page, metrics, touchPoints: body.touchPoints },
          telemetryRequest(request),
        );
        request.log.debug({ telemetry: outcome }, 'web vitals');
        return answered('vitals', reply, outcome);
      },
    );
  };
}
