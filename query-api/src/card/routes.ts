import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CardLookupResponse,
  CardParams,
  ErrorResponse,
  errorAnswers,
  MESSAGES,
  MyCardResponse,
  MyCardsResponse,
  QrQuery,
  cardProfileUrl,
  notFoundError,
  parseCardId,
  toCard,
  validationError,
  type Card,
  type CardHistoryEntry,
} from '@kartvizit/schemas';
import {
  CARDS_PROJECTION,
  QR_CARDS,
  RM_CARDS,
  SHOWN_CARD_PROJECTIONS,
  RM_CARD_HISTORY,
  type CardHistoryRow,
  type CardsRow,
} from '@kartvizit/infra/read-models/contract';
import { may } from '@kartvizit/schemas/access';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';
import { QrRenderer } from './qr.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

export interface CardQuerySettings {
  /** Origin of the public card pages; the QR code encodes `${publicBaseUrl}/p/${cardId}`. */
  readonly publicBaseUrl: string;
}

const PROJECTIONS = [CARDS_PROJECTION] as const;
const TAG = ['card'];
const ERRORS = errorAnswers(400, 401, 404);
const IMMUTABLE = 'public, max-age=31536000, immutable';
// An unversioned or outdated URL: the image is the same, but a later regeneration must show.
const SHORT_LIVED = 'public, max-age=300';

type CardRow = Pick<
  CardsRow,
  | 'card_id'
  | 'type'
  | 'color'
  | 'owner_id'
  | 'name'
  | 'is_activated'
  | 'is_active'
  | 'activated_at'
  | 'qr_version'
  | 'created_at'
  | 'office_id'
>;

const CARD_COLUMNS =
  'card_id, type, color, owner_id, name, is_activated, is_active, activated_at, qr_version, created_at, office_id';

const rows = <Row extends object>(context: QueryContext, sql: string, values: unknown[]): Promise<Row[]> =>
  rowsOrNone<Row>(context.pool, sql, values);

function cardIdOrThrow(raw: string): string {
  const parsed = parseCardId(raw);
  if (!parsed.ok) throw validationError(parsed.message, 'cardId');
  return parsed.cardId;
}

export function cardQueries(context: QueryContext, settings: CardQuerySettings) {
  const qr = new QrRenderer();

  const toResponseCard = (row: CardRow): Card =>
    toCard(
      {
        cardId: row.card_id,
        type: row.type,
        color: row.color,
        name: row.name,
        isActivated: row.is_activated ?? false,
        isActive: row.is_active ?? false,
        activatedAt: row.activated_at?.toISOString() ?? null,
        qrVersion: row.qr_version ?? 1,
        createdAt: (row.created_at ?? new Date(0)).toISOString(),
      },
      settings.publicBaseUrl,
    );

  const findCard = async (cardId: string) =>
    (await rows<CardRow>(context, `SELECT ${CARD_COLUMNS} FROM ${RM_CARDS} WHERE card_id = $1`, [cardId]))[0];

  // Not findCard: a forgotten owner's card has no QR image, like an unknown one.
  const findQrCard = async (cardId: string) =>
    (
      await rows<Pick<CardsRow, 'card_id' | 'qr_version'>>(
        context,
        `SELECT c.card_id, c.qr_version ${QR_CARDS} AND c.card_id = $1`,
        [cardId],
      )
    )[0];

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/cards/my-cards',
      {
        schema: { tags: TAG, response: { 200: MyCardsResponse, 401: ErrorResponse } },
        config: { owner: true, scope: 'cards:read', projections: PROJECTIONS },
      },
      async (request) => {
        const ownerId = request.person.id;
        const cards = await rows<CardRow>(
          context,
          `SELECT ${CARD_COLUMNS} FROM ${RM_CARDS} WHERE owner_id = $1 ORDER BY owned_at DESC NULLS LAST, card_id`,
          [ownerId],
        );
        return succeeded({ cards: cards.map(toResponseCard) });
      },
    );

    // The activation screen's check (SPEC §7). It says whether an id can be activated, never whose
    // it is; another owner's virtual card, and an office's card to anyone outside that office, read as unknown,
    // like a mistyped id (the card decider's rule).
    api.get(
      '/api/cards/details/:cardId',
      {
        schema: { tags: TAG, params: CardParams, response: { 200: CardLookupResponse, ...ERRORS } },
        config: { owner: true, scope: 'cards:read', projections: PROJECTIONS },
      },
      async (request) => {
        const person = request.person;
        const cardId = cardIdOrThrow(request.params.cardId);
        const row = await findCard(cardId);
        const outsider =
          row !== undefined &&
          ((row.type === 'virtual' && !may(person, 'change', { ownerId: row.owner_id, officeId: row.office_id })) ||
            (row.office_id !== null && person.office?.officeId !== row.office_id));
        if (!row || outsider) throw notFoundError(MESSAGES.cardNotFoundById);
        return succeeded({
          card: { cardId: row.card_id, type: row.type, isActivated: row.is_activated ?? false },
        });
      },
    );

    api.get(
      '/api/cards/mine/:cardId',
      {
        schema: { tags: TAG, params: CardParams, response: { 200: MyCardResponse, ...ERRORS } },
        config: { owner: true, scope: 'cards:read', projections: PROJECTIONS },
      },
      async (request) => {
        const person = request.person;
        const cardId = cardIdOrThrow(request.params.cardId);
        const row = await findCard(cardId);
        // The holder's own card, and only while the policy lets them read it (an office's card: while in that office).
        if (
          !row ||
          row.owner_id !== person.id ||
          !may(person, 'read', { ownerId: row.owner_id, officeId: row.office_id })
        )
          throw notFoundError(MESSAGES.cardNotFound);
        // An office's card passed on: its holder sees its history since the office last took it back, not what a
        // former holder did with it.
        const history = await rows<Pick<CardHistoryRow, 'type' | 'at'>>(
          context,
          `SELECT type, at FROM ${RM_CARD_HISTORY} h
            WHERE h.card_id = $1
              AND h.stream_position > COALESCE(
                (SELECT max(r.stream_position) FROM ${RM_CARD_HISTORY} r WHERE r.card_id = $1 AND r.type = 'returned'), -1)
            ORDER BY h.stream_position`,
          [cardId],
        );
        const entries: CardHistoryEntry[] = history.map((entry) => ({ type: entry.type, at: entry.at.toISOString() }));
        return succeeded({ card: toResponseCard(row), history: entries });
      },
    );

    // Public: the QR encodes the card's public URL, which anyone holding the card can read anyway.
    // Drawn for every known card, shown or not yet (QR_CARDS), but not for a forgotten owner's.
    for (const format of ['png', 'svg'] as const) {
      api.get(
        `/api/cards/:cardId/qr.${format}`,
        {
          schema: {
            tags: TAG,
            params: CardParams,
            querystring: QrQuery,
            description: `The card's QR code as ${format.toUpperCase()}, encoding PUBLIC_BASE_URL/p/{cardId}.`,
          },
          // QR_CARDS reads the owner's profile too (forgotten or not).
          config: { projections: SHOWN_CARD_PROJECTIONS },
        },
        async (request, reply) => {
          const parsed = parseCardId(request.params.cardId);
          const row = parsed.ok ? await findQrCard(parsed.cardId) : undefined;
          if (!parsed.ok || !row) throw notFoundError(MESSAGES.cardNotFound);
          const url = cardProfileUrl(settings.publicBaseUrl, row.card_id);
          const current = String(row.qr_version ?? 1);
          reply.header('cache-control', request.query.v === current ? IMMUTABLE : SHORT_LIVED);
          if (request.query.download === '1') {
            reply.header('content-disposition', `attachment; filename="qrcode-${row.card_id}.${format}"`);
          }
          if (format === 'png') return reply.type('image/png').send(await qr.png(url));
          return reply.type('image/svg+xml').send(await qr.svg(url));
        },
      );
    }
  };
}
