import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type pg from 'pg';
import { MIN_POSITION_HEADER, READ_YOUR_WRITES_WAIT_MS, STALE_HEADER } from '@kartvizit/schemas';
import { apiTokens, ownerAuthentication, sessionTokens } from '@kartvizit/infra/auth/owner-authentication';
import { WEB_VITALS_DEFAULT_SAMPLE_RATE } from '@kartvizit/infra/config/env';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { prependRouteHook } from '@kartvizit/infra/http/route-hooks';
import type { Authenticate } from '@kartvizit/infra/http/owner-access';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import { createGeocodingService } from '@kartvizit/infra/geocoding/create';
import type { GeocodingService } from '@kartvizit/infra/geocoding/service';
import { readMapsSettings, type MapSettings, type MapsSettings } from '@kartvizit/infra/geocoding/settings';
import { readMeetingSettings, type MeetingSettings } from '@kartvizit/infra/meetings/settings';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import { ProjectionWatermarks } from './read-your-writes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Projections the route reads; it waits for them when the client sends x-min-position. */
    readonly projections?: readonly string[];
    /**
     * A query parameter that carries the same position as x-min-position, for a link a person opens (a page, not a
     * fetch, cannot send headers): the dashboard's link to the owner's own card page.
     */
    readonly positionQuery?: string;
  }
}

export interface QueryApiDependencies {
  readonly pool: pg.Pool;
  /** Only to learn the head position; queries read read models, never the log. */
  readonly store: EventStore;
  readonly appSecret: Buffer;
  readonly signals?: SignalBus;
  /** Directory of the built web app; unset: API only. */
  readonly webDistDir?: string;
  /** Geocoders and map tiles; unset: the public defaults (readMapsSettings). */
  readonly maps?: MapsSettings;
  /** Uploaded files served at /media/*; unset: every media address answers 404. */
  readonly blobs?: BlobStore;
  /** The meeting providers (issue 15): the OAuth popups' start and code exchange; unset: none is configured. */
  readonly meetings?: MeetingSettings;
  /** WEB_VITALS_SAMPLE_RATE (issue 17): the share of page loads that send Core Web Vitals; unset: the default. */
  readonly webVitalsSampleRate?: number;
}

export interface QueryContext {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly watermarks: ProjectionWatermarks;
  readonly geocoding: GeocodingService;
  readonly map: MapSettings;
  readonly blobs: BlobStore | undefined;
  /** The meeting providers' settings; every provider unconfigured when the dependencies name none. */
  readonly meetings: MeetingSettings;
  /** The share of page loads (0 to 1) that measure and send Core Web Vitals: the card page and the dashboard read it. */
  readonly webVitalsSampleRate: number;
  /** Who a session names; the owner hook asks it for every owner route (`config: { owner: true }`). */
  readonly authenticate: Authenticate;
}

export function createQueryContext(deps: QueryApiDependencies): QueryContext {
  const maps = deps.maps ?? readMapsSettings({}, 'http://localhost');
  return {
    pool: deps.pool,
    store: deps.store,
    watermarks: new ProjectionWatermarks(deps.pool, deps.signals),
    geocoding: createGeocodingService(deps.pool, deps.appSecret, maps.geocoding),
    map: maps.map,
    blobs: deps.blobs,
    meetings: deps.meetings ?? readMeetingSettings({}),
    webVitalsSampleRate: deps.webVitalsSampleRate ?? WEB_VITALS_DEFAULT_SAMPLE_RATE,
    authenticate: ownerAuthentication(
      deps.pool,
      deps.store,
      sessionTokens(deps.pool, deps.appSecret),
      apiTokens(deps.pool, deps.appSecret),
    ),
  };
}

/** The position a request asks to read after: its x-min-position header, or the route's position parameter. */
export function requestedPosition(request: FastifyRequest): string | undefined {
  const header = request.headers[MIN_POSITION_HEADER];
  if (typeof header === 'string') return header;
  const name = request.routeOptions.config.positionQuery;
  if (!name) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Read-your-writes: before a route that reads projections (`config.projections`) reads, wait (briefly) for the position
 * the client last wrote. The wait is those routes' own preHandler hook, added as each route is; other routes never
 * pass through it.
 */
export function registerReadYourWrites(app: FastifyInstance, context: QueryContext): void {
  app.addHook('onRoute', (route) => {
    const projections = route.config?.projections;
    if (projections && projections.length > 0)
      prependRouteHook(route, 'preHandler', waitForPosition(context, projections));
  });
}

function waitForPosition(context: QueryContext, projections: readonly string[]): preHandlerHookHandler {
  // A callback hook: most requests carry no position and must pay nothing for it, not even a promise.
  return (request, reply, done) => {
    const position = requestedPosition(request);
    if (typeof position !== 'string' || !isCheckpoint(position)) {
      done();
      return;
    }
    context.watermarks.waitFor(projections, position, READ_YOUR_WRITES_WAIT_MS).then(
      (reached) => {
        if (!reached) reply.header(STALE_HEADER, 'true');
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
}
