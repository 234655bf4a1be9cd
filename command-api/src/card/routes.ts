import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ActivateCardBody,
  CardCommandResponse,
  CardParams,
  CreateVirtualCardBody,
  DEFAULT_VIRTUAL_CARD_COLOR,
  errorAnswers,
  MESSAGES,
  cardStreamId,
  conflictError,
  isCardColor,
  parseCardId,
  parseVirtualCardId,
  profileStreamId,
  toCard,
  validationError,
  type Card,
  type CardIdResult,
} from '@kartvizit/schemas';
import { ConcurrencyError } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';
import { cardDecider, type CardCommand, type CardState } from './decider.ts';
import { cardNameClaims } from './name-claims.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

export interface CardRouteSettings {
  /** Origin of the public card pages: profileUrl is `${publicBaseUrl}/p/${cardId}`. */
  readonly publicBaseUrl: string;
}

const TAG = ['card'];
const ERRORS = errorAnswers(400, 401, 404, 409, 413, 415);

function cardIdOrThrow(result: CardIdResult): string {
  if (!result.ok) throw validationError(result.message, 'cardId');
  return result.cardId;
}

export function cardRoutes(context: CommandContext, settings: CardRouteSettings) {
  const { commands, store } = context;
  const names = cardNameClaims(context);

  function toResponseCard(state: CardState): Card {
    if (state.status === 'none') throw new Error('A card command succeeded without a card');
    return toCard(
      {
        cardId: state.cardId,
        type: state.type,
        color: state.color,
        name: state.name,
        isActivated: state.status === 'active' || state.status === 'deactivated',
        isActive: state.status === 'active',
        activatedAt: state.activatedAt,
        qrVersion: state.qrVersion,
        createdAt: state.createdAt,
      },
      settings.publicBaseUrl,
    );
  }

  /** A fact for the decider: profiles are one stream per owner; only its existence matters here. */
  async function ownerHasProfile(ownerId: string): Promise<boolean> {
    const stream = await store.readStream(profileStreamId(ownerId), { fromPosition: Number.MAX_SAFE_INTEGER });
    return stream.version >= 0;
  }

  async function run(cardId: string, ownerId: string, command: CardCommand, message: string) {
    const streamId = cardStreamId(cardId);
    try {
      const result = await commands.handle(cardDecider, streamId, command, {
        metadata: { actor: ownerId },
        alsoAppend: (events) => names.requestsFor(events, streamId),
      });
      return succeeded({ message, card: toResponseCard(result.state), position: result.position ?? '' });
    } catch (error) {
      if (error instanceof ConcurrencyError && names.isClaimStream(error.streamId)) {
        throw conflictError(MESSAGES.cardNameTaken, 'name');
      }
      throw error;
    }
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/cards/activate',
      {
        config: { owner: true },
        schema: { tags: TAG, body: ActivateCardBody, response: { 200: CardCommandResponse, ...ERRORS } },
      },
      async (request) => {
        const ownerId = request.person.id;
        const cardId = cardIdOrThrow(parseCardId(request.body.cardId ?? ''));
        const command: CardCommand = {
          type: 'ActivateCard',
          data: {
            cardId,
            ownerId,
            name: request.body.name ?? '',
            ownerHasProfile: await ownerHasProfile(ownerId),
            now: new Date().toISOString(),
          },
        };
        return run(cardId, ownerId, command, MESSAGES.cardActivated);
      },
    );

    api.post(
      '/api/cards',
      {
        config: { owner: true },
        schema: { tags: TAG, body: CreateVirtualCardBody, response: { 200: CardCommandResponse, ...ERRORS } },
      },
      async (request) => {
        const ownerId = request.person.id;
        const { type = 'virtual', color = DEFAULT_VIRTUAL_CARD_COLOR } = request.body;
        if (type !== 'virtual') throw validationError(MESSAGES.cardTypeInvalid, 'type');
        const cardId = cardIdOrThrow(parseVirtualCardId(request.body.cardId ?? ''));
        if (!isCardColor(color)) throw validationError(MESSAGES.cardColorInvalid, 'color');
        const command: CardCommand = {
          type: 'CreateVirtualCard',
          data: {
            cardId,
            ownerId,
            name: request.body.name ?? '',
            color,
            ownerHasProfile: await ownerHasProfile(ownerId),
            now: new Date().toISOString(),
          },
        };
        return run(cardId, ownerId, command, MESSAGES.cardVirtualCreated);
      },
    );

    const ownerAction = (
      method: 'PUT' | 'POST',
      url: string,
      type: 'DeactivateCard' | 'ReactivateCard' | 'RegenerateCardQr',
      message: string,
    ) =>
      api.route({
        config: { owner: true },
        method,
        url,
        schema: { tags: TAG, params: CardParams, response: { 200: CardCommandResponse, ...ERRORS } },
        handler: async (request) => {
          const ownerId = request.person.id;
          const cardId = cardIdOrThrow(parseCardId(request.params.cardId));
          return run(cardId, ownerId, { type, data: { cardId, ownerId, now: new Date().toISOString() } }, message);
        },
      });

    ownerAction('PUT', '/api/cards/deactivate/:cardId', 'DeactivateCard', MESSAGES.cardDeactivated);
    ownerAction('PUT', '/api/cards/reactivate/:cardId', 'ReactivateCard', MESSAGES.cardReactivated);
    ownerAction('POST', '/api/cards/regenerate-qr/:cardId', 'RegenerateCardQr', MESSAGES.cardQrRegenerated);
  };
}
