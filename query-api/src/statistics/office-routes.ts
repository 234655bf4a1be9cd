import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  OfficeStatisticsQuery,
  OfficeStatisticsResponse,
  STATISTICS_DAYS,
  errorAnswers,
  telemetryDay,
  validationError,
} from '@kartvizit/schemas';
import { OfficeIdParams } from '@kartvizit/schemas/office/http';
import { readStatisticsPeriod } from '@kartvizit/schemas/statistics/rules';
import { CARDS_PROJECTION, OFFICES_PROJECTION } from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { readOfficeLeadDays, readOfficePeople, readOfficeVisitDays } from './office-read-model.ts';
import { officeStatistics } from './shape.ts';
import type { StatisticsQuerySettings } from './routes.ts';
import { administeredOfficeId } from '@kartvizit/schemas/office/path';

/** Visits and clicks, the office's cards, its members, its leads, and the members' names. */
const PROJECTIONS = ['statistics', CARDS_PROJECTION, OFFICES_PROJECTION, 'leads', 'accounts'] as const;
const TAG = ['statistics'];

/**
 * `GET /api/offices/{id}/statistics` (issue 30): the team's visits, unique visitors, clicks and leads per member, per
 * day and in total, over the office's cards, for a period. Only the office's admins: `{id}` must be the person's own
 * office, read fresh at this request (else the office is not found), and a Danışman hears 403.
 */
export function officeStatisticsQueries(context: QueryContext, deps: StatisticsQuerySettings = {}) {
  const now = deps.now ?? (() => new Date());

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/offices/:id/statistics',
      {
        schema: {
          tags: TAG,
          params: OfficeIdParams,
          querystring: OfficeStatisticsQuery,
          response: { 200: OfficeStatisticsResponse, ...errorAnswers(400, 401, 403, 404) },
        },
        config: { owner: true, scope: 'statistics:read', projections: PROJECTIONS },
      },
      async (request) => {
        const officeId = administeredOfficeId(request.person, request.params.id);
        const period = readStatisticsPeriod(request.query, telemetryDay(now()), STATISTICS_DAYS);
        if (!period.ok) throw validationError(period.message, period.field);
        const [visits, leads] = await Promise.all([
          readOfficeVisitDays(context.pool, officeId, period),
          readOfficeLeadDays(context.pool, officeId, period),
        ]);
        const leadHolders = [...new Set(leads.map((row) => row.ownerId))];
        const people = await readOfficePeople(context.pool, officeId, leadHolders);
        return succeeded({ data: officeStatistics(period, people, [...visits, ...leads]) });
      },
    );
  };
}
