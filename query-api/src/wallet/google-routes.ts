import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CardParams, ErrorResponse, MESSAGES, notFoundError, parseCardId, validationError } from '@kartvizit/schemas';
import { may } from '@kartvizit/schemas/access';
import { WALLET_MESSAGES } from '@kartvizit/schemas/wallet/messages';
import {
  CARDS_PROJECTION,
  OFFICES_PROJECTION,
  PROFILES_PROJECTION,
  RM_CARDS,
  type CardsRow,
} from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import { googleSaveUrl } from '@kartvizit/infra/wallet/google-pass';
import type { GoogleWalletSettings } from '@kartvizit/infra/wallet/google-settings';
import { loadCardPassContent } from '@kartvizit/infra/wallet/pass-content';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

export interface GoogleWalletQuerySettings {
  /** Origin of the card pages: the pass's QR and link, and the save link's `origins`. */
  readonly publicBaseUrl: string;
  /** GOOGLE_WALLET_* (issue 32); null or unset: the server is not set up for Google Wallet (503). */
  readonly googleWallet?: GoogleWalletSettings | null;
}

const GoogleWalletResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    /** `https://pay.google.com/gp/v/save/{jwt}`: Google's 'Add to Google Wallet' page for this card. */
    saveUrl: Type.String(),
  }),
});

/**
 * `GET /api/cards/{cardId}/wallet/google` (issue 32): the owner's 'Add to Google Wallet' link for one of their cards, a
 * JWT signed with the operator's service account carrying the card as a generic pass (infra/src/wallet/google-pass.ts).
 * Only the holder's own card, while the policy lets them read it; anyone else's reads as unknown (404). The link is
 * made for this request and is the owner's alone: never stored by a cache.
 */
export function googleWalletQueries(context: QueryContext, settings: GoogleWalletQuerySettings) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/cards/:cardId/wallet/google',
      {
        schema: {
          tags: ['wallet'],
          summary: "Kartın Google Wallet'a ekleme bağlantısı",
          security: [{ bearer: [] }],
          params: CardParams,
          response: {
            200: GoogleWalletResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            404: ErrorResponse,
            503: ErrorResponse,
          },
        },
        // The pass shows the card, its holder's profile and, on an office card, the office's template.
        config: { owner: true, scope: false, projections: [CARDS_PROJECTION, PROFILES_PROJECTION, OFFICES_PROJECTION] },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const wallet = settings.googleWallet;
        if (!wallet) return reply.code(503).send({ success: false, message: WALLET_MESSAGES.googleNotConfigured });
        const person = request.person;
        const parsed = parseCardId(request.params.cardId);
        if (!parsed.ok) throw validationError(parsed.message, 'cardId');
        const card = (
          await rowsOrNone<Pick<CardsRow, 'owner_id' | 'office_id'>>(
            context.pool,
            `SELECT owner_id, office_id FROM ${RM_CARDS} WHERE card_id = $1`,
            [parsed.cardId],
          )
        )[0];
        // The holder's own card, and only while the policy lets them read it (an office's card: while in that office).
        if (
          !card ||
          card.owner_id !== person.id ||
          !may(person, 'read', { ownerId: card.owner_id, officeId: card.office_id })
        )
          throw notFoundError(MESSAGES.cardNotFound);
        const content = await loadCardPassContent(context.pool, parsed.cardId, settings.publicBaseUrl);
        if (!content) throw notFoundError(MESSAGES.cardNotFound);
        return succeeded({ data: { saveUrl: await googleSaveUrl(wallet, content, settings.publicBaseUrl) } });
      },
    );
  };
}
