import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  LeadsQuery,
  MESSAGES,
  OfficeLeadsParams,
  OfficeLeadsResponse,
  forbiddenError,
  notFoundError,
} from '@kartvizit/schemas';
import { isMemberOf, may, type Person } from '@kartvizit/schemas/access';
import { UUID_PATTERN_ANY_CASE as UUID } from '@kartvizit/schemas/ids';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { LEAD_PROJECTIONS, findLeads, pageOf, statusFilter, toLead } from './routes.ts';

const TAG = ['lead'];

/**
 * The office whose leads the person may read in full (decision 61): anyone outside it hears "no such office" (404,
 * a malformed id too), a Danışman of it that only its admins may (403).
 */
function administeredOffice(person: Person, rawOfficeId: string): string {
  const officeId = rawOfficeId.toLowerCase();
  if (!UUID.test(officeId) || !isMemberOf(person, officeId)) throw notFoundError(MESSAGES.officeNotFound);
  if (!may(person, 'administer', { ownerId: null, officeId })) throw forbiddenError(MESSAGES.officeAdminOnly);
  return officeId;
}

/** The office's leads for its admins (issue 30): every lead left on its cards, with who holds each card now. */
export function officeLeadQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/offices/:officeId/leads',
      {
        schema: {
          tags: TAG,
          summary: 'Ofisin bağlantıları (yalnızca ofis yöneticileri)',
          security: [{ bearer: [] }],
          params: OfficeLeadsParams,
          querystring: LeadsQuery,
          response: {
            200: OfficeLeadsResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
        config: { owner: true, scope: 'leads:read', projections: LEAD_PROJECTIONS },
      },
      async (request) => {
        const officeId = administeredOffice(request.person, request.params.officeId);
        const filter = { search: request.query.search ?? '', status: statusFilter(request.query.status) };
        const { rows, total, counts } = await findLeads(
          context,
          { kind: 'office', officeId },
          filter,
          pageOf(request.query),
        );
        return succeeded({ leads: rows.map((row) => ({ ...toLead(row), holderId: row.holder_id })), total, counts });
      },
    );
  };
}
