import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { cardProfileUrl, errorAnswers } from '@kartvizit/schemas';
import { administeredOfficeId } from '@kartvizit/schemas/office/path';
import { OfficeCardsResponse, OfficeIdParams, type OfficeCardView } from '@kartvizit/schemas/office/http';
import { CARDS_PROJECTION, RM_CARDS, type CardsRow } from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';

export interface OfficeCardQuerySettings {
  /** Origin of the public card pages: profileUrl is `${publicBaseUrl}/p/${cardId}`. */
  readonly publicBaseUrl: string;
}

/** The cards and who holds them: the holder's name is their account's (`rm_accounts`). */
const PROJECTIONS = [CARDS_PROJECTION, 'accounts'] as const;
const TAG = ['office'];

type Row = Pick<CardsRow, 'card_id' | 'type' | 'color' | 'owner_id' | 'is_active' | 'created_at'> & {
  readonly first_name: string | null;
  readonly last_name: string | null;
};

/**
 * `GET /api/offices/{id}/cards` (issue 30): every card of the office, in the pool or held, with its holder. Only the
 * office's admins: `{id}` must be the person's own office (else the office is not found), and a Danışman hears 403.
 */
export function officeCardQueries(context: QueryContext, settings: OfficeCardQuerySettings) {

  async function officeCards(officeId: string): Promise<Row[]> {
    try {
      const result = await context.pool.query<Row>(
        `SELECT c.card_id, c.type, c.color, c.owner_id, c.is_active, c.created_at, a.first_name, a.last_name
           FROM ${RM_CARDS} c LEFT JOIN rm_accounts a ON a.user_id = c.owner_id
          WHERE c.office_id = $1
          ORDER BY c.created_at DESC NULLS LAST, c.card_id`,
        [officeId],
      );
      return result.rows;
    } catch (error) {
      // A read model's first generation is not built yet: nothing to show.
      if (isMissingRelation(error)) return [];
      throw error;
    }
  }

  function toView(row: Row): OfficeCardView {
    const name = [row.first_name, row.last_name].filter((part) => part !== null && part !== '').join(' ');
    return {
      cardId: row.card_id,
      type: row.type,
      color: row.color,
      holderId: row.owner_id,
      holderName: row.owner_id === null ? null : name,
      isActive: row.is_active ?? false,
      profileUrl: cardProfileUrl(settings.publicBaseUrl, row.card_id),
      createdAt: (row.created_at ?? new Date(0)).toISOString(),
    };
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/offices/:id/cards',
      {
        schema: {
          tags: TAG,
          params: OfficeIdParams,
          response: { 200: OfficeCardsResponse, ...errorAnswers(400, 401, 403, 404) },
        },
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request) => {
        const officeId = administeredOfficeId(request.person, request.params.id);
        const rows = await officeCards(officeId);
        return succeeded({ data: rows.map(toView) });
      },
    );
  };
}
