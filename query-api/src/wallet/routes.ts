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
import { applePassFor } from '@kartvizit/infra/wallet/apple-pass';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import type { GoogleWalletSettings } from '@kartvizit/infra/wallet/google-settings';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

export interface WalletQuerySettings {
  /** Origin of the card pages: the pass's QR, its link and its web service's address. */
  readonly publicBaseUrl: string;
  /** The pass's authentication token is derived from it. */
  readonly appSecret: Buffer;
  /** APPLE_* (issue 32); null or unset: the server is not set up for Apple Wallet (503, and no file is made). */
  readonly appleWallet?: AppleWalletSettings | null;
  /** GOOGLE_WALLET_* (issue 32); only whether it is set is read here. */
  readonly googleWallet?: GoogleWalletSettings | null;
}

const WalletAvailabilityResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    /** The server makes Apple Wallet passes (APPLE_* set). */
    apple: Type.Boolean(),
    /** The server makes Google Wallet links (GOOGLE_WALLET_* set). */
    google: Type.Boolean(),
  }),
});

/** The .pkpass file itself (a zip): sent as it is, never serialised. */
const PassFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** The pass shows the card, its holder's profile and, on an office card, the office's template. */
const PASS_PROJECTIONS = [CARDS_PROJECTION, PROFILES_PROJECTION, OFFICES_PROJECTION];

/**
 * The wallets (issue 32): `GET /api/wallet` says which ones this server is set up for (the share screen keeps the
 * others' buttons off), and `GET /api/cards/{cardId}/wallet/apple` answers the owner's card as a signed Apple Wallet
 * pass (infra/src/wallet/apple-pass.ts). Only the holder's own card, while the policy lets them read it; anyone else's
 * reads as unknown (404). The pass carries its authentication token, so it is the owner's alone: never cached.
 */
export function walletQueries(context: QueryContext, settings: WalletQuerySettings) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/wallet',
      {
        schema: {
          tags: ['wallet'],
          summary: 'Bu sunucunun kart ekleyebildiği cüzdanlar',
          security: [{ bearer: [] }],
          response: { 200: WalletAvailabilityResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: false },
      },
      async () =>
        succeeded({
          data: {
            apple: settings.appleWallet !== null && settings.appleWallet !== undefined,
            google: settings.googleWallet !== null && settings.googleWallet !== undefined,
          },
        }),
    );

    api.get(
      '/api/cards/:cardId/wallet/apple',
      {
        schema: {
          tags: ['wallet'],
          summary: 'Kartın Apple Wallet kartı (.pkpass)',
          description:
            'The card as a signed Apple Wallet pass (application/vnd.apple.pkpass): a generic pass with the ' +
            "holder's name, title, company, logo and theme colours, and the card's address as its QR code.",
          security: [{ bearer: [] }],
          params: CardParams,
          response: {
            200: PassFile,
            400: ErrorResponse,
            401: ErrorResponse,
            404: ErrorResponse,
            503: ErrorResponse,
          },
        },
        config: { owner: true, scope: false, projections: PASS_PROJECTIONS },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const apple = settings.appleWallet;
        if (!apple) return reply.code(503).send({ success: false, message: WALLET_MESSAGES.appleNotConfigured });
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
        const pass = await applePassFor(
          {
            pool: context.pool,
            blobs: context.blobs,
            settings: apple,
            appSecret: settings.appSecret,
            publicBaseUrl: settings.publicBaseUrl,
          },
          parsed.cardId,
        );
        if (!pass) throw notFoundError(MESSAGES.cardNotFound);
        return reply
          .type('application/vnd.apple.pkpass')
          .header('content-disposition', `attachment; filename="kartvizit-${pass.content.cardId}.pkpass"`)
          .send(pass.pkpass);
      },
    );
  };
}
