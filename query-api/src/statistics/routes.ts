import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ClickStatisticsResponse,
  DASHBOARD_RECENT_DAYS,
  DailyStatisticsResponse,
  DashboardStatisticsResponse,
  DeviceStatisticsResponse,
  LanguageStatisticsResponse,
  ErrorResponse,
  errorAnswers,
  LocationStatisticsResponse,
  MESSAGES,
  ProductStatisticsResponse,
  ProfileStatisticsResponse,
  STATISTICS_ALL_CARDS,
  STATISTICS_DAYS,
  STATISTICS_STREAM,
  StatisticsQuery,
  StatisticsStreamQuery,
  StatisticsStreamTicketResponse,
  notFoundError,
  parseCardId,
  unauthenticatedError,
  validationError,
} from '@kartvizit/schemas';
import { may } from '@kartvizit/schemas/access';
import { UUID_PATTERN_ANY_CASE } from '@kartvizit/schemas/ids';
import { OfficeIdParams } from '@kartvizit/schemas/office/http';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { REMS_REGISTRATIONS_PROJECTION } from '@kartvizit/infra/read-models/contract';
import type { QueryApiDependencies, QueryContext } from '../core/context.ts';
import { cardOwner, readBreakdowns, readDays, readProductFigures, readTotals, type Scope } from './read-model.ts';
import {
  clickStatistics,
  deviceCounts,
  deviceStatistics,
  languageStatistics,
  lastDays,
  locationStatistics,
  productStatistics,
} from './shape.ts';
import { readOfficeAudience } from './office-read-model.ts';
import { administeredOfficeId } from '@kartvizit/schemas/office/path';
import { StatisticsStream, StatisticsStreamHub } from './stream-hub.ts';
import { StreamTickets, type TicketHolder } from './stream-ticket.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

// The card filter reads the cards read model as well: a card activated a moment ago is found.
const PROJECTIONS = ['statistics', 'cards'] as const;
// Product figures carry the products' current names (and whether they were deleted), and a listing's REMS
// registrations (issue 33).
const PRODUCT_PROJECTIONS = ['statistics', 'cards', 'products', REMS_REGISTRATIONS_PROJECTION] as const;
const TAG = ['statistics'];
const ERRORS = errorAnswers(400, 401, 404);

export interface StatisticsQuerySettings {
  /** The clock of "today" in Istanbul (tests). */
  readonly now?: () => Date;
}

/** The owner's statistics (SPEC §7) and their live stream; the owner comes from the token only. */
export function statisticsQueries(
  context: QueryContext,
  deps: Pick<QueryApiDependencies, 'appSecret' | 'signals'> & StatisticsQuerySettings,
) {
  const now = deps.now ?? (() => new Date());
  const tickets = new StreamTickets(deps.appSecret, context.pool, STATISTICS_STREAM.ticketTtlSeconds);
  /** The signed-in owner, and the card the query is narrowed to (which must be theirs). */
  const scopeOf = async (request: FastifyRequest, query: StatisticsQuery): Promise<Scope> => {
    const ownerId = request.person.id;
    const raw = query.cardId;
    if (raw === undefined) return { ownerId, cardId: STATISTICS_ALL_CARDS };
    const parsed = parseCardId(raw);
    if (!parsed.ok) throw validationError(parsed.message, 'cardId');
    if (!may(request.person, 'read', { ownerId: await cardOwner(context.pool, parsed.cardId) }))
      throw notFoundError(MESSAGES.cardNotFound);
    return { ownerId, cardId: parsed.cardId };
  };

  /** Visits and unique visitors of each of the last `count` Istanbul days, oldest first, 0 where none. */
  const recentDays = async (scope: Scope, count: number) => {
    const days = lastDays(now(), count);
    const found = await readDays(context.pool, scope, days[0] ?? '', days[days.length - 1] ?? '');
    return days.map((date) => ({
      date,
      count: found.get(date)?.visits ?? 0,
      uniqueVisitors: found.get(date)?.uniqueVisitors ?? 0,
    }));
  };

  /** The stream's holder: from its ticket, or from the session its request carries; `officeId` for a team stream. */
  const streamHolder = async (
    request: FastifyRequest,
    query: StatisticsStreamQuery,
    officeId?: string,
  ): Promise<TicketHolder> => {
    const ticket = query.ticket;
    if (ticket !== undefined) {
      const holder = await tickets.verify(ticket);
      // An owner's ticket opens only their stream, an office's only that office's.
      if (!holder || holder.officeId !== officeId) throw unauthenticatedError(MESSAGES.statisticsStreamTicketInvalid);
      return holder;
    }
    // Clients that can send headers may use their session directly: the one route that checks a session itself, as
    // it takes a ticket instead (EventSource sends no headers).
    const person = await context.authenticate(request.headers.authorization);
    if (!person) throw unauthenticatedError(MESSAGES.sessionExpired);
    if (officeId !== undefined) administeredOfficeId(person, officeId);
    const issued = tickets.issue(person.id, request.headers.authorization ?? '', new Date(), officeId);
    const holder = await tickets.verify(issued.ticket);
    if (!holder) throw unauthenticatedError(MESSAGES.sessionExpired);
    return holder;
  };

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const options = <Response>(response: Response) => ({
      schema: { tags: TAG, querystring: StatisticsQuery, response: { 200: response, ...ERRORS } },
      config: { owner: true, scope: 'statistics:read' as const, projections: PROJECTIONS },
    });

    const hub = new StatisticsStreamHub({
      signals: deps.signals,
      readCheckpoint: async () => (await context.watermarks.current(['statistics'])).get('statistics') ?? null,
      sessionVersions: (owners) => tickets.sessionVersions(owners),
      officeAudience: (officeId, adminId) => readOfficeAudience(context.pool, officeId, adminId),
      heartbeatMs: STATISTICS_STREAM.heartbeatMs,
      log: (error) => app.log.warn({ err: error }, 'statistics stream: checkpoint or session check failed'),
    });
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => hub.close());

    api.get('/api/statistics/dashboard', options(DashboardStatisticsResponse), async (request) => {
      const scope = await scopeOf(request, request.query);
      const [totals, devices, days] = await Promise.all([
        readTotals(context.pool, scope),
        readBreakdowns(context.pool, scope, ['device']),
        recentDays(scope, DASHBOARD_RECENT_DAYS),
      ]);
      return succeeded({
        dashboard: {
          totalVisits: totals?.visits ?? 0,
          uniqueVisitors: totals?.uniqueVisitors ?? 0,
          totalClicks: totals?.clicks ?? 0,
          lastVisit: totals?.lastVisitAt?.toISOString() ?? null,
          topDevices: deviceCounts(devices),
          recentDailyVisits: days.map(({ date, count }) => ({ date, count })),
        },
      });
    });

    api.get('/api/statistics/profile', options(ProfileStatisticsResponse), async (request) => {
      const totals = await readTotals(context.pool, await scopeOf(request, request.query));
      const stats =
        totals && totals.visits > 0
          ? {
              visits: totals.visits,
              uniqueVisitors: totals.uniqueVisitors,
              lastVisitedAt: totals.lastVisitAt?.toISOString() ?? null,
            }
          : null;
      return succeeded({ stats });
    });

    api.get('/api/statistics/daily', options(DailyStatisticsResponse), async (request) =>
      succeeded({
        dailyStats: await recentDays(await scopeOf(request, request.query), STATISTICS_DAYS),
      }),
    );

    api.get('/api/statistics/location', options(LocationStatisticsResponse), async (request) =>
      succeeded({
        locationStats: locationStatistics(
          await readBreakdowns(context.pool, await scopeOf(request, request.query), ['location']),
        ),
      }),
    );

    api.get('/api/statistics/device', options(DeviceStatisticsResponse), async (request) =>
      succeeded({
        deviceStats: deviceStatistics(
          await readBreakdowns(context.pool, await scopeOf(request, request.query), ['device', 'browser']),
        ),
      }),
    );

    api.get('/api/statistics/languages', options(LanguageStatisticsResponse), async (request) =>
      succeeded({
        languageStats: languageStatistics(
          await readBreakdowns(context.pool, await scopeOf(request, request.query), ['language']),
        ),
      }),
    );

    api.get('/api/statistics/clicks', options(ClickStatisticsResponse), async (request) =>
      succeeded({
        clickStats: clickStatistics(
          await readBreakdowns(context.pool, await scopeOf(request, request.query), ['click']),
        ),
      }),
    );

    // For the chosen card: the views and clicks of product pages reached from that card's catalogue (decision 47).
    api.get(
      '/api/statistics/products',
      {
        schema: { tags: TAG, querystring: StatisticsQuery, response: { 200: ProductStatisticsResponse, ...ERRORS } },
        config: { owner: true, scope: 'statistics:read', projections: PRODUCT_PROJECTIONS },
      },
      async (request) => {
        const scope = await scopeOf(request, request.query);
        return succeeded({
          productStats: productStatistics(await readProductFigures(context.pool, scope.ownerId, scope.cardId)),
        });
      },
    );

    api.get(
      '/api/statistics/stream-ticket',
      {
        schema: { tags: TAG, response: { 200: StatisticsStreamTicketResponse, 401: ErrorResponse } },
        config: { owner: true, scope: 'statistics:read' },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const { ticket, expiresAt } = tickets.issue(ownerId, request.headers.authorization ?? '');
        reply.header('cache-control', 'no-store');
        return succeeded({ ticket, expiresAt: expiresAt.toISOString() });
      },
    );

    /** Answers with the open `text/event-stream`, following `audience` (the holder alone by default). */
    function openStream(
      request: FastifyRequest,
      reply: FastifyReply,
      holder: TicketHolder,
      audience?: readonly string[],
    ) {
      const lastEventId = request.headers['last-event-id'];
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        // The security headers every answer carries (infra/src/http/security-headers.ts).
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        // nginx: never buffer this response, whatever the location's proxy_buffering says.
        'x-accel-buffering': 'no',
        // The socket is never reused for another request; closing it with the stream also lets a
        // shutdown finish at once instead of waiting for the keep-alive timeout.
        connection: 'close',
      });
      response.write(`retry: ${STATISTICS_STREAM.retryMs}\n: ok\n\n`);
      const stream = new StatisticsStream(holder, response, STATISTICS_STREAM.minIntervalMs);
      response.on('close', () => {
        stream.close();
        hub.remove(stream);
      });
      if (response.destroyed) return reply;
      hub.add(stream, audience);
      // A reconnecting client may have missed an event while it was away.
      if (typeof lastEventId === 'string' && isCheckpoint(lastEventId)) hub.resume(stream, lastEventId);
      return reply;
    }

    api.get(
      '/api/statistics/stream',
      {
        schema: {
          tags: TAG,
          querystring: StatisticsStreamQuery,
          response: { 401: ErrorResponse },
          description:
            'Server-sent events: `event: statistics` with data {"position": "<checkpoint>"} whenever the ' +
            "signed-in owner's statistics changed; a comment every 15 s; `retry: 2000`. Open with ?ticket= " +
            'from /api/statistics/stream-ticket (EventSource sends no headers) or an Authorization header.',
        },
      },
      async (request, reply) => openStream(request, reply, await streamHolder(request, request.query)),
    );

    // The team statistics (/office/stats, issue 30), live like /stats: an admin's stream that follows the office's
    // members (the hub re-reads them every minute) and its leads.
    api.get(
      '/api/offices/:id/statistics/stream-ticket',
      {
        schema: {
          tags: TAG,
          params: OfficeIdParams,
          response: { 200: StatisticsStreamTicketResponse, ...errorAnswers(400, 401, 403, 404) },
        },
        config: { owner: true, scope: 'statistics:read' },
      },
      async (request, reply) => {
        const officeId = administeredOfficeId(request.person, request.params.id);
        const { ticket, expiresAt } = tickets.issue(
          request.person.id,
          request.headers.authorization ?? '',
          new Date(),
          officeId,
        );
        reply.header('cache-control', 'no-store');
        return succeeded({ ticket, expiresAt: expiresAt.toISOString() });
      },
    );

    api.get(
      '/api/offices/:id/statistics/stream',
      {
        schema: {
          tags: TAG,
          params: OfficeIdParams,
          querystring: StatisticsStreamQuery,
          response: { ...errorAnswers(400, 401, 403, 404) },
          description:
            "Server-sent events as /api/statistics/stream, whenever the statistics of any of the office's members " +
            'or its leads changed. Open with ?ticket= from /api/offices/{id}/statistics/stream-ticket.',
        },
      },
      async (request, reply) => {
        const rawId = request.params.id;
        if (!UUID_PATTERN_ANY_CASE.test(rawId)) throw validationError(MESSAGES.officeIdInvalid, 'id');
        const officeId = rawId.toLowerCase();
        const holder = await streamHolder(request, request.query, officeId);
        // Fresh from the read model: a ticket is a minute old at most, a Yöneticilik may be younger.
        const audience = await readOfficeAudience(context.pool, officeId, holder.ownerId);
        if (audience === null) throw notFoundError(MESSAGES.officeNotFound);
        return openStream(request, reply, holder, audience);
      },
    );
  };
}
