import { DEFAULT_LANGUAGE, type PublicLanguage } from '@kartvizit/schemas/language/model';
import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import {
  DIRECTIONS_PLATFORMS,
  isStoredSocialPlatform,
  normaliseSocialPlatform,
  parseCardId,
  TELEMETRY_SHARD_COUNT,
  telemetryShard,
  telemetryStreamId,
  type CardVisited,
  type ClickType,
  type ContactClicked,
  type ProductClickAction,
  type ProductClicked,
  type ProductViewed,
  type TelemetryEvent,
  type WebVitalSample,
  type WebVitalsPage,
  type WebVitalsReported,
} from '@kartvizit/schemas';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { automationReason } from '@kartvizit/infra/telemetry/automation';
import { describeDevice } from '@kartvizit/infra/telemetry/user-agent';
import { HitEnricher } from '@kartvizit/infra/telemetry/enrichment';
import { DbIpCityLookup } from '@kartvizit/infra/telemetry/geoip';
import { GroupCommitAppender, NotStoredError } from '@kartvizit/infra/telemetry/group-commit';
import type { TelemetryOptions, TelemetrySettings } from '@kartvizit/infra/telemetry/settings';
import { VisitorSalts } from '@kartvizit/infra/telemetry/visitor-salts';
import type { MetricsRecorder } from '@kartvizit/infra/metrics/registry';
import { OwnerDirectory } from './owners.ts';

/** The parts of a request telemetry looks at; the address is dropped with this object. */
export interface TelemetryRequest {
  readonly address: string;
  readonly headers: IncomingHttpHeaders;
}

export interface VisitInput {
  readonly cardId: string;
  readonly touchPoints?: number | null;
  /** The language the page was shown in; null or absent: Turkish. */
  readonly language?: PublicLanguage | null;
}

export interface ClickInput {
  readonly profileId: string;
  readonly cardId?: string | null;
  readonly clickType: ClickType;
  readonly platform?: string | null;
  readonly touchPoints?: number | null;
}

export interface ProductViewInput {
  readonly productId: string;
  /** The card the page was reached from, as the page said; kept only when it is the product owner's active card. */
  readonly cardId?: string | null;
  readonly touchPoints?: number | null;
}

export interface ProductClickInput {
  readonly productId: string;
  readonly cardId?: string | null;
  readonly action: ProductClickAction;
  readonly touchPoints?: number | null;
}

/** One page load's Core Web Vitals, checked by the route (known page, plausible values, at least one metric). */
export interface WebVitalsInput {
  readonly page: WebVitalsPage;
  readonly metrics: readonly WebVitalSample[];
  readonly touchPoints?: number | null;
}

/**
 * What became of a hit. 'recorded': its event is committed. 'automated', 'unknown-card', 'unknown-profile',
 * 'unknown-product': nothing to store. All of these are answered 204. 'failed': not stored (the store unreachable, the queue full, the ingestion
 * thread gone): answered 503, and the page may send it again.
 */
export type Outcome = 'recorded' | 'automated' | 'unknown-card' | 'unknown-profile' | 'unknown-product' | 'failed';

/** The outcomes a request is answered 204 for: stored, or nothing to store. */
export function isAnswered(outcome: Outcome): boolean {
  return outcome !== 'failed';
}

/** What the routes hand hits to: the ingestion itself, or the thread running it (ingestion-thread.ts). */
export interface TelemetrySink {
  /** Settles once the hit's event is committed ('recorded'), or certainly is not ('failed'), or has none. */
  recordVisit(input: VisitInput, request: TelemetryRequest): Promise<Outcome>;
  recordClick(input: ClickInput, request: TelemetryRequest): Promise<Outcome>;
  recordProductView(input: ProductViewInput, request: TelemetryRequest): Promise<Outcome>;
  recordProductClick(input: ProductClickInput, request: TelemetryRequest): Promise<Outcome>;
  recordWebVitals(input: WebVitalsInput, request: TelemetryRequest): Promise<Outcome>;
  /** Writes every hit taken so far, then stops. */
  close(): Promise<void>;
}

const METADATA = { actor: 'visitor' } as const;
// A database outage fails every hit: one line at once, then at most one per interval with the count.
const FAILURE_REPORT_INTERVAL_MS = 10_000;

/**
 * From a beacon to an event: drop what is not a person (bots, prefetches), find the owner of an
 * active card, enrich (hash, device, place), hand the event to the group commit and wait until its
 * batch has committed. No decider: a visit decides nothing and no state is loaded. Never throws: a
 * failure is the outcome 'failed', logged without personal data.
 */
export class TelemetryIngestion implements TelemetrySink {
  private readonly inFlight = new Set<Promise<Outcome>>();
  private failuresSinceReport = 0;
  private lastFailureReport = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly deps: {
      readonly owners: OwnerDirectory;
      readonly enricher: HitEnricher;
      readonly appender: GroupCommitAppender;
      readonly codec: EventCodec;
      readonly now: () => Date;
      readonly log: (message: string) => void;
      /** Why beacons were not stored (the group commit's reason), for /metrics. */
      readonly metrics?: MetricsRecorder;
    },
  ) {}

  recordVisit(input: VisitInput, request: TelemetryRequest): Promise<Outcome> {
    return this.track(async () => {
      if (automationReason(request.headers) !== null) return 'automated';
      const card = parseCardId(input.cardId);
      const ownerId = card.ok ? await this.deps.owners.activeCardOwner(card.cardId) : null;
      if (!card.ok || ownerId === null) return 'unknown-card';
      const context = await this.deps.enricher.describe(hitOf(request, input.touchPoints), ownerId, this.deps.now());
      const language = input.language ?? DEFAULT_LANGUAGE;
      const event: CardVisited = { type: 'CardVisited', data: { cardId: card.cardId, ownerId, language, ...context } };
      await this.append(card.cardId, event);
      return 'recorded';
    });
  }

  recordClick(input: ClickInput, request: TelemetryRequest): Promise<Outcome> {
    return this.track(async () => {
      if (automationReason(request.headers) !== null) return 'automated';
      const profile = await this.deps.owners.profileOwner(input.profileId);
      if (profile === null) return 'unknown-profile';
      let cardId: string | null = null;
      if (input.cardId) {
        // A card that is not this owner's active card: the click did not come from its page.
        const card = parseCardId(input.cardId);
        const cardOwner = card.ok ? await this.deps.owners.activeCardOwner(card.cardId) : null;
        if (!card.ok || cardOwner !== profile.ownerId) return 'unknown-card';
        cardId = card.cardId;
      }
      const context = await this.deps.enricher.describe(
        hitOf(request, input.touchPoints),
        profile.ownerId,
        this.deps.now(),
      );
      const event: ContactClicked = {
        type: 'ContactClicked',
        data: {
          cardId,
          ownerId: profile.ownerId,
          profileId: profile.profileId,
          clickType: input.clickType,
          platform: clickPlatform(input.clickType, input.platform),
          ...context,
        },
      };
      await this.append(cardId ?? profile.ownerId, event);
      return 'recorded';
    });
  }

  /** A product page seen: counted for a shown product, for the owner the products read model names. */
  recordProductView(input: ProductViewInput, request: TelemetryRequest): Promise<Outcome> {
    return this.recordProductHit(input, request, (data): ProductViewed => ({ type: 'ProductViewed', data }));
  }

  /** 'Satın Al' or WhatsApp on a shown product's page. */
  recordProductClick(input: ProductClickInput, request: TelemetryRequest): Promise<Outcome> {
    return this.recordProductHit(input, request, (data): ProductClicked => ({
      type: 'ProductClicked',
      data: { ...data, action: input.action },
    }));
  }

  /**
   * A sampled page load's Core Web Vitals: only the device class is taken from the request (no owner lookup, no
   * visitor hash, no place). Not about anyone's card, so it goes to a shard chosen at random: no stream gets hot.
   */
  recordWebVitals(input: WebVitalsInput, request: TelemetryRequest): Promise<Outcome> {
    return this.track(async () => {
      if (automationReason(request.headers) !== null) return 'automated';
      const { userAgent, touchPoints } = hitOf(request, input.touchPoints);
      const event: WebVitalsReported = {
        type: 'WebVitalsReported',
        data: {
          page: input.page,
          device: describeDevice(userAgent, touchPoints).device,
          metrics: input.metrics,
          at: this.deps.now().toISOString(),
        },
      };
      await this.appendTo(randomInt(TELEMETRY_SHARD_COUNT), event);
      return 'recorded';
    });
  }

  private recordProductHit(
    input: ProductViewInput,
    request: TelemetryRequest,
    event: (data: ProductViewed['data']) => ProductViewed | ProductClicked,
  ): Promise<Outcome> {
    return this.track(async () => {
      if (automationReason(request.headers) !== null) return 'automated';
      const found = await this.shownProduct(input.productId);
      if (found === null) return 'unknown-product';
      const cardId = await this.productCard(input.cardId, found.ownerId);
      const context = await this.deps.enricher.describe(
        hitOf(request, input.touchPoints),
        found.ownerId,
        this.deps.now(),
      );
      await this.append(found.productId, event({ ...found, cardId, ...context }));
      return 'recorded';
    });
  }

  /**
   * The card a product hit names, when it is the product owner's active card; else null: the view is still counted
   * (the product's page was seen), only not for a card that did not show it.
   */
  private async productCard(raw: string | null | undefined, ownerId: string): Promise<string | null> {
    if (!raw) return null;
    const card = parseCardId(raw);
    if (!card.ok) return null;
    return (await this.deps.owners.activeCardOwner(card.cardId)) === ownerId ? card.cardId : null;
  }

  /** The product id as the read model spells it (lower case) and its owner, or null when its page is not shown. */
  private async shownProduct(raw: string): Promise<{ productId: string; ownerId: string } | null> {
    const productId = raw.trim().toLowerCase();
    const ownerId = await this.deps.owners.shownProductOwner(productId);
    return ownerId === null ? null : { productId, ownerId };
  }

  /** Waits for the hits taken (enriched and written, or failed), then writes anything still waiting and stops. */
  async close(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.deps.appender.close();
  }

  private append(shardKey: string, event: TelemetryEvent): Promise<void> {
    return this.appendTo(telemetryShard(shardKey), event);
  }

  private async appendTo(shard: number, event: TelemetryEvent | WebVitalsReported): Promise<void> {
    const encoded = await this.deps.codec.encode(event, METADATA);
    await this.deps.appender.enqueue(telemetryStreamId(shard), encoded);
  }

  private reportFailure(error: unknown): void {
    this.failuresSinceReport += 1;
    const now = performance.now();
    if (now - this.lastFailureReport < FAILURE_REPORT_INTERVAL_MS) return;
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log(`Telemetri: ${this.failuresSinceReport} olay kaydedilemedi: ${message}`);
    this.failuresSinceReport = 0;
    this.lastFailureReport = now;
  }

  private track(work: () => Promise<Outcome>): Promise<Outcome> {
    const pending = work().catch((error: unknown) => {
      // The group commit counts and reports the events it did not store itself.
      if (error instanceof NotStoredError) this.deps.metrics?.beaconsNotStored(error.reason, 1);
      else this.reportFailure(error);
      return 'failed' as const;
    });
    this.inFlight.add(pending);
    void pending.finally(() => this.inFlight.delete(pending));
    return pending;
  }
}

/**
 * The ingestion with its parts (owner directory, enrichment, day salts, group commit) on one pool and store; closing
 * it writes what waits and stops the salt sweeper. Built on the HTTP thread or in the ingestion worker alike.
 */
export function openTelemetryIngestion(parts: {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly settings: TelemetrySettings;
  readonly options?: Pick<TelemetryOptions, 'now' | 'geo' | 'ownerCacheTtlMs'>;
  readonly log: (message: string) => void;
  readonly metrics?: MetricsRecorder;
}): TelemetrySink {
  const { pool, settings, options = {}, log } = parts;
  const now = options.now ?? (() => new Date());
  const salts = new VisitorSalts({ pool, now, log });
  const ingestion = new TelemetryIngestion({
    owners: new OwnerDirectory(pool, { ttlMs: options.ownerCacheTtlMs }),
    enricher: new HitEnricher(options.geo ?? new DbIpCityLookup({ log }), salts),
    appender: new GroupCommitAppender({
      store: parts.store,
      maxBatchEvents: settings.maxBatchEvents,
      maxBufferedEvents: settings.maxBufferedEvents,
      maxWaitMs: settings.maxWaitMs,
      log,
    }),
    codec: parts.codec,
    now,
    log,
    ...(parts.metrics ? { metrics: parts.metrics } : {}),
  });
  return {
    recordVisit: (input, request) => ingestion.recordVisit(input, request),
    recordClick: (input, request) => ingestion.recordClick(input, request),
    recordProductView: (input, request) => ingestion.recordProductView(input, request),
    recordProductClick: (input, request) => ingestion.recordProductClick(input, request),
    recordWebVitals: (input, request) => ingestion.recordWebVitals(input, request),
    async close() {
      await ingestion.close();
      salts.close();
    },
  };
}

function hitOf(request: TelemetryRequest, touchPoints: number | null | undefined) {
  // Real user agents stay far below this; the cap bounds parsing and hashing work.
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 1024);
  return { address: request.address, userAgent, touchPoints };
}

/** Social: a platform the profile can store, else 'other'; directions: a known map service; otherwise none. */
export function clickPlatform(clickType: ClickType, raw: string | null | undefined): string | null {
  const value = raw?.trim() ? normaliseSocialPlatform(raw) : '';
  switch (clickType) {
    case 'social':
      return value && isStoredSocialPlatform(value) ? value : 'other';
    case 'directions':
      return (DIRECTIONS_PLATFORMS as readonly string[]).includes(value) ? value : null;
    case 'phone':
    case 'whatsapp':
    case 'email':
    case 'website':
    case 'address':
    case 'vcard':
      return null;
    default: {
      const unhandled: never = clickType;
      return unhandled;
    }
  }
}
