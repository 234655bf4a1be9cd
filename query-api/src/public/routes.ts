import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CardParams,
  ErrorResponse,
  MESSAGES,
  PUBLIC_PROFILE_FIELDS,
  PublicProfileResponse,
  notFoundError,
  parseCardId,
  type PublicProfile,
} from '@kartvizit/schemas';
import { SHOWN_CARDS, SHOWN_CARD_PROJECTIONS, type ProfilesRow } from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

type PublicProfileRow = Pick<ProfilesRow, 'owner_id' | 'data'>;

/** Only the fields the card page shows; whatever else the profile read model keeps stays inside. */
function publicProfile(row: PublicProfileRow): PublicProfile {
  const data: Readonly<Record<string, unknown>> = row.data;
  const profile: Record<string, unknown> = {};
  for (const field of PUBLIC_PROFILE_FIELDS) {
    if (data[field] !== undefined) profile[field] = data[field];
  }
  profile._id ??= row.owner_id;
  profile.user = row.owner_id;
  return profile;
}

/**
 * What /p/{cardId} shows: the owner's profile while the card is shown (SHOWN_CARDS: activated, not
 * deactivated, the owner not forgotten). An unknown id and every card that is not shown get the
 * same 404, so the answer tells a visitor nothing about which of these it is.
 */
export function publicCardQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/api/profile/card/:cardId',
      {
        schema: { tags: ['public'], params: CardParams, response: { 200: PublicProfileResponse, 404: ErrorResponse } },
        config: { projections: SHOWN_CARD_PROJECTIONS },
      },
      async (request) => {
        const parsed = parseCardId(request.params.cardId);
        const row = parsed.ok ? await findActiveCardProfile(context, parsed.cardId) : undefined;
        if (!row) throw notFoundError(MESSAGES.cardPublicProfileNotFound);
        return succeeded({ profile: publicProfile(row) });
      },
    );
  };
}

async function findActiveCardProfile(context: QueryContext, cardId: string): Promise<PublicProfileRow | undefined> {
  try {
    const result = await context.pool.query<PublicProfileRow>(
      `SELECT p.owner_id, p.data ${SHOWN_CARDS} AND c.card_id = $1`,
      [cardId],
    );
    return result.rows[0];
  } catch (error) {
    // A read model not built yet (or no profile backend yet): no card can be shown.
    if (isMissingRelation(error)) return undefined;
    throw error;
  }
}
