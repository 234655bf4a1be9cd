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
import type { Person } from '@kartvizit/schemas/access';
import { ConcurrencyError } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';
import { cardDecider, type CardCommand, type CardState } from './decider.ts';
import { cardNameClaims } from './name-claims.ts';
import { isMembershipStream, membershipWrites } from '../office/membership-writes.ts';
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

/**
 * A card command as every route writes it: the card's stream, with its name claims and the membership streams of the
 * people it gives the card to or takes it from in the same atomic write (decision 61). A name taken meanwhile is the
 * answer; a membership that moved meanwhile decides the command again, and one that still moves is a conflict.
 */
export function cardCommandWriter(context: CommandContext) {
  const names = cardNameClaims(context);
  return async function write(cardId: string, person: Person, command: CardCommand) {
    const streamId = cardStreamId(cardId);
    const metadata = { actor: person.id };
    try {
      return await context.commands.handle(cardDecider, streamId, command, {
        metadata,
        alsoAppend: async (events) => [
          ...(await names.requestsFor(events, streamId)),
          ...(await membershipWrites(context, events, metadata)),
        ],
        decideAgainWhenMoved: isMembershipStream,
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && names.isClaimStream(error.streamId)) {
        throw conflictError(MESSAGES.cardNameTaken, 'name');
      }
      if (error instanceof ConcurrencyError && isMembershipStream(error.streamId))
        throw conflictError(MESSAGES.officeNotFound);
      throw error;
    }
  };
}

export function cardRoutes(context: CommandContext, settings: CardRouteSettings) {
  const { store } = context;
  const write = cardCommandWriter(context);

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

  async function run(cardId: string, person: Person, command: CardCommand, message: string) {
    const result = await write(cardId, person, command);
    return succeeded({ message, card: toResponseCard(result.state), position: result.position ?? '' });
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/cards/activate',
      {
        config: { owner: true, scope: 'cards:write' },
        schema: { tags: TAG, body: ActivateCardBody, response: { 200: CardCommandResponse, ...ERRORS } },
      },
      async (request) => {
        const person = request.person;
        const cardId = cardIdOrThrow(parseCardId(request.body.cardId ?? ''));
        const command: CardCommand = {
          type: 'ActivateCard',
          data: {
            cardId,
            person,
            name: request.body.name ?? '',
            ownerHasProfile: await ownerHasProfile(person.id),
            now: new Date().toISOString(),
          },
        };
        return run(cardId, person, command, MESSAGES.cardActivated);
      },
    );

    api.post(
      '/api/cards',
      {
        config: { owner: true, scope: 'cards:write' },
        schema: { tags: TAG, body: CreateVirtualCardBody, response: { 200: CardCommandResponse, ...ERRORS } },
      },
      async (request) => {
        const person = request.person;
        const { type = 'virtual', color = DEFAULT_VIRTUAL_CARD_COLOR } = request.body;
        if (type !== 'virtual') throw validationError(MESSAGES.cardTypeInvalid, 'type');
        const cardId = cardIdOrThrow(parseVirtualCardId(request.body.cardId ?? ''));
        if (!isCardColor(color)) throw validationError(MESSAGES.cardColorInvalid, 'color');
        const command: CardCommand = {
          type: 'CreateVirtualCard',
          data: {
            cardId,
            person,
            name: request.body.name ?? '',
            color,
            ownerHasProfile: await ownerHasProfile(person.id),
            now: new Date().toISOString(),
          },
        };
        return run(cardId, person, command, MESSAGES.cardVirtualCreated);
      },
    );

    const ownerAction = (
      method: 'PUT' | 'POST',
      url: string,
      type: 'DeactivateCard' | 'ReactivateCard' | 'RegenerateCardQr',
      message: string,
    ) =>
      api.route({
        config: { owner: true, scope: 'cards:write' },
        method,
        url,
        schema: { tags: TAG, params: CardParams, response: { 200: CardCommandResponse, ...ERRORS } },
        handler: async (request) => {
          const person = request.person;
          const cardId = cardIdOrThrow(parseCardId(request.params.cardId));
          return run(cardId, person, { type, data: { cardId, person, now: new Date().toISOString() } }, message);
        },
      });

    ownerAction('PUT', '/api/cards/deactivate/:cardId', 'DeactivateCard', MESSAGES.cardDeactivated);
    ownerAction('PUT', '/api/cards/reactivate/:cardId', 'ReactivateCard', MESSAGES.cardReactivated);
    ownerAction('POST', '/api/cards/regenerate-qr/:cardId', 'RegenerateCardQr', MESSAGES.cardQrRegenerated);
  };
}
