import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DEFAULT_VIRTUAL_CARD_COLOR,
  DomainError,
  MESSAGES,
  cardProfileUrl,
  errorAnswers,
  generateVirtualCardId,
  isCardColor,
  parseCardId,
  validationError,
} from '@kartvizit/schemas';
import type { Person } from '@kartvizit/schemas/access';
import {
  CARD_ORDER_MAX_LENGTH,
  cardOrderSummary,
  parseCardOrderCsv,
} from '@kartvizit/schemas/card/provisioning-csv';
import { CARD_ORDER_MESSAGES } from '@kartvizit/schemas/card/messages';
import {
  AssignCardBody,
  CardOrderBody,
  CardOrderResponse,
  OfficeCardBody,
  OfficeCardParams,
  OfficeCommandResponse,
  OfficeIdParams,
} from '@kartvizit/schemas/office/http';
import { UUID_PATTERN_ANY_CASE } from '@kartvizit/schemas/ids';
import { administeredOfficeId } from '@kartvizit/schemas/office/path';
import { readMembership } from '@kartvizit/infra/office/membership';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { CommandContext } from '../core/context.ts';
import type { CardCommand, CardState } from './decider.ts';
import { cardCommandWriter, type CardRouteSettings } from './routes.ts';
import { newBatchId, provisionCards } from './provisioning.ts';

const TAG = ['office'];
const ERRORS = errorAnswers(400, 401, 403, 404, 409, 413, 415);
/** A drawn virtual card id that is taken is drawn again; 36^6 ids make a second clash all but impossible. */
const MAX_DRAWS = 3;
/** The order's text, JSON-escaped at worst six bytes a character, and the body around it. */
const CARD_ORDER_BODY_LIMIT = CARD_ORDER_MAX_LENGTH * 6 + 1024;

/**
 * The office's cards (issue 30, decision 61): an admin makes virtual cards for the office's pool, gives a pool card to
 * a member and takes it back. `{id}` must be the person's own office (anything else: the office is not found, so ids
 * cannot be probed); a Danışman hears that only admins may (403). The card's own rules are the card decider's.
 */
export function officeCardRoutes(context: CommandContext, settings: CardRouteSettings) {
  const write = cardCommandWriter(context);

  function cardIdOf(raw: string): string {
    const parsed = parseCardId(raw);
    if (!parsed.ok) throw validationError(parsed.message, 'cardId');
    return parsed.cardId;
  }

  function cardData(state: CardState) {
    if (state.status === 'none') throw new Error('An office card command succeeded without a card');
    return {
      cardId: state.cardId,
      type: state.type,
      color: state.color,
      holderId: state.ownerId,
      isActive: state.status === 'active',
      profileUrl: cardProfileUrl(settings.publicBaseUrl, state.cardId),
    };
  }

  async function run(cardId: string, person: Person, command: CardCommand, message: string) {
    const result = await write(cardId, person, command);
    return succeeded({ message, data: { card: cardData(result.state) }, position: result.position ?? '' });
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/offices/:id/cards',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: TAG,
          params: OfficeIdParams,
          body: OfficeCardBody,
          response: { 200: OfficeCommandResponse, ...ERRORS },
        },
      },
      async (request) => {
        const person = request.person;
        administeredOfficeId(person, request.params.id);
        const { type = 'virtual', color = DEFAULT_VIRTUAL_CARD_COLOR } = request.body ?? {};
        if (type !== 'virtual') throw validationError(MESSAGES.cardTypeInvalid, 'type');
        if (!isCardColor(color)) throw validationError(MESSAGES.cardColorInvalid, 'color');
        for (let draw = 1; ; draw++) {
          const cardId = generateVirtualCardId();
          const command: CardCommand = {
            type: 'CreateOfficeCard',
            data: { cardId, person, color, now: new Date().toISOString() },
          };
          try {
            return await run(cardId, person, command, MESSAGES.officeCardCreated);
          } catch (error) {
            const taken = error instanceof DomainError && error.kind === 'conflict' && error.field === 'cardId';
            if (!taken || draw >= MAX_DRAWS) throw error;
          }
        }
      },
    );

    api.post(
      '/api/offices/:id/cards/provision',
      {
        config: { owner: true, scope: false, messages: { missingField: CARD_ORDER_MESSAGES.empty } },
        bodyLimit: CARD_ORDER_BODY_LIMIT,
        schema: {
          tags: TAG,
          params: OfficeIdParams,
          body: CardOrderBody,
          response: { 200: CardOrderResponse, ...ERRORS },
        },
      },
      async (request) => {
        const person = request.person;
        const officeId = administeredOfficeId(person, request.params.id);
        const order = parseCardOrderCsv(request.body.csv);
        if (!order.ok) {
          const lines = order.problems.map((problem) => problem.message);
          throw new DomainError('validation', cardOrderSummary(order.problems), 'csv', lines);
        }
        const now = new Date();
        const batchId = newBatchId(now);
        // The whole order in one atomic write: answered means every card is stored; a failure stores none.
        const result = await provisionCards({
          store: context.store,
          codec: context.codec,
          rows: order.rows,
          batchId,
          now,
          officeId,
          actor: person.id,
          chunkSize: order.total,
        });
        return succeeded({
          message: CARD_ORDER_MESSAGES.provisioned(result.cards.length),
          data: {
            batchId,
            cards: result.cards.map((card) => ({
              ...card,
              profileUrl: cardProfileUrl(settings.publicBaseUrl, card.cardId),
            })),
          },
          position: result.position ?? '',
        });
      },
    );

    api.post(
      '/api/offices/:id/cards/:cardId/assign',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: TAG,
          params: OfficeCardParams,
          body: AssignCardBody,
          response: { 200: OfficeCommandResponse, ...ERRORS },
        },
      },
      async (request) => {
        const person = request.person;
        administeredOfficeId(person, request.params.id);
        const cardId = cardIdOf(request.params.cardId);
        const rawHolder = request.body?.userId?.trim() ?? '';
        if (rawHolder === '') throw validationError(MESSAGES.officeCardHolderRequired, 'userId');
        if (!UUID_PATTERN_ANY_CASE.test(rawHolder)) throw validationError(MESSAGES.officeCardHolderInvalid, 'userId');
        const holderId = rawHolder.toLowerCase();
        // A fact for the decider; the membership write re-reads it at its version, so a member who left meanwhile
        // cannot be given the card.
        const { membership } = await readMembership(context.store, holderId);
        const command: CardCommand = {
          type: 'AssignCard',
          data: {
            cardId,
            person,
            holderId,
            holderOfficeId: membership.office?.officeId ?? null,
            now: new Date().toISOString(),
          },
        };
        return run(cardId, person, command, MESSAGES.officeCardAssigned);
      },
    );

    api.post(
      '/api/offices/:id/cards/:cardId/return',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: OfficeCardParams, response: { 200: OfficeCommandResponse, ...ERRORS } },
      },
      async (request) => {
        const person = request.person;
        administeredOfficeId(person, request.params.id);
        const cardId = cardIdOf(request.params.cardId);
        const command: CardCommand = { type: 'ReturnCard', data: { cardId, person, now: new Date().toISOString() } };
        return run(cardId, person, command, MESSAGES.officeCardReturned);
      },
    );
  };
}
