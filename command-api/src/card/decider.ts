import {
  MESSAGES,
  cardNameProblem,
  cleanCardName,
  conflictError,
  notFoundError,
  validationError,
  type CardColor,
  type CardEvent,
  type CardType,
  type PhysicalCardType,
} from '@kartvizit/schemas';
import { may, personWithId } from '@kartvizit/schemas/access';
import type { Decider } from '../core/decider.ts';

/**
 * 'unclaimed': a provisioned physical card nobody owns yet. 'pending': owned, never activated
 * (a virtual card between its two calls). 'active' / 'deactivated': activated, in or out of use.
 */
export type CardStatus = 'unclaimed' | 'pending' | 'active' | 'deactivated';

export interface ExistingCard {
  readonly status: CardStatus;
  readonly cardId: string;
  readonly type: CardType;
  readonly color: CardColor;
  readonly ownerId: string | null;
  readonly name: string | null;
  readonly createdAt: string;
  readonly activatedAt: string | null;
  readonly qrVersion: number;
}

export type CardState = { readonly status: 'none' } | ExistingCard;

// The route has checked the id's format and put the facts it looked up (does the owner have a
// profile?) and the clock into each command: decide() stays pure.
export interface ProvisionCard {
  readonly type: 'ProvisionCard';
  readonly data: {
    readonly cardId: string;
    readonly cardType: PhysicalCardType;
    readonly color: CardColor;
    readonly batchId: string;
    readonly now: string;
  };
}

export interface CreateVirtualCard {
  readonly type: 'CreateVirtualCard';
  readonly data: {
    readonly cardId: string;
    readonly ownerId: string;
    readonly name: string;
    readonly color: CardColor;
    readonly ownerHasProfile: boolean;
    readonly now: string;
  };
}

export interface ActivateCard {
  readonly type: 'ActivateCard';
  readonly data: {
    readonly cardId: string;
    readonly ownerId: string;
    readonly name: string;
    readonly ownerHasProfile: boolean;
    readonly now: string;
  };
}

export interface DeactivateCard {
  readonly type: 'DeactivateCard';
  readonly data: { readonly cardId: string; readonly ownerId: string; readonly now: string };
}

export interface ReactivateCard {
  readonly type: 'ReactivateCard';
  readonly data: { readonly cardId: string; readonly ownerId: string; readonly now: string };
}

export interface RegenerateCardQr {
  readonly type: 'RegenerateCardQr';
  readonly data: { readonly cardId: string; readonly ownerId: string; readonly now: string };
}

export type CardCommand =
  ProvisionCard | CreateVirtualCard | ActivateCard | DeactivateCard | ReactivateCard | RegenerateCardQr;

/** The card if this owner may manage it. Anything else reads as "no such card", so ids cannot be probed. */
function ownedBy(state: CardState, ownerId: string): ExistingCard {
  if (state.status === 'none' || state.status === 'unclaimed' || !may(personWithId(ownerId), 'change', state)) {
    throw notFoundError(MESSAGES.cardNotFound);
  }
  return state;
}

function named(raw: string, kind: 'physical' | 'virtual'): string {
  const name = cleanCardName(raw);
  const problem = cardNameProblem(name, kind);
  if (problem) throw validationError(problem, 'name');
  return name;
}

function provision(command: ProvisionCard, state: CardState): CardEvent[] {
  if (state.status !== 'none') throw conflictError(MESSAGES.cardIdTaken, 'cardId');
  const { cardId, cardType, color, batchId, now } = command.data;
  return [{ type: 'CardProvisioned', data: { cardId, type: cardType, color, batchId, provisionedAt: now } }];
}

// Order of refusals, for both commands: first what is wrong with the card id, then the missing
// profile (the screen's first gate), then the name (the last field the owner fills in).
function createVirtual(command: CreateVirtualCard, state: CardState): CardEvent[] {
  if (state.status !== 'none') throw conflictError(MESSAGES.cardIdTaken, 'cardId');
  if (!command.data.ownerHasProfile) throw validationError(MESSAGES.cardNeedsProfileToCreate);
  const name = named(command.data.name, 'virtual');
  const { cardId, ownerId, color, now } = command.data;
  return [{ type: 'VirtualCardCreated', data: { cardId, ownerId, name, color, createdAt: now } }];
}

function activate(command: ActivateCard, state: CardState): CardEvent[] {
  const { cardId, ownerId, now } = command.data;
  if (state.status === 'none') throw notFoundError(MESSAGES.cardNotFoundById);
  // Someone else's virtual card is none of this owner's business: same answer as an unknown id.
  if (state.type === 'virtual' && !may(personWithId(ownerId), 'change', state))
    throw notFoundError(MESSAGES.cardNotFoundById);
  if (state.status === 'active' || state.status === 'deactivated')
    throw conflictError(MESSAGES.cardAlreadyActivated, 'cardId');
  if (!command.data.ownerHasProfile) throw validationError(MESSAGES.cardNeedsProfileToActivate);
  const name = named(command.data.name, state.type === 'virtual' ? 'virtual' : 'physical');
  return [{ type: 'CardActivated', data: { cardId, ownerId, name, activatedAt: now } }];
}

function deactivate(command: DeactivateCard, state: CardState): CardEvent[] {
  const card = ownedBy(state, command.data.ownerId);
  if (card.status === 'pending') throw conflictError(MESSAGES.cardNotActivatedYet);
  if (card.status === 'deactivated') throw conflictError(MESSAGES.cardAlreadyDeactivated);
  return [
    { type: 'CardDeactivated', data: { cardId: card.cardId, ownerId: command.data.ownerId, at: command.data.now } },
  ];
}

function reactivate(command: ReactivateCard, state: CardState): CardEvent[] {
  const card = ownedBy(state, command.data.ownerId);
  if (card.status === 'pending') throw conflictError(MESSAGES.cardNotActivatedYet);
  if (card.status === 'active') throw conflictError(MESSAGES.cardAlreadyActive);
  return [
    { type: 'CardReactivated', data: { cardId: card.cardId, ownerId: command.data.ownerId, at: command.data.now } },
  ];
}

function regenerateQr(command: RegenerateCardQr, state: CardState): CardEvent[] {
  const card = ownedBy(state, command.data.ownerId);
  return [
    {
      type: 'CardQrRegenerated',
      data: { cardId: card.cardId, ownerId: command.data.ownerId, qrVersion: card.qrVersion + 1, at: command.data.now },
    },
  ];
}

function evolveExisting(state: CardState, change: (card: ExistingCard) => ExistingCard): CardState {
  return state.status === 'none' ? state : change(state);
}

export const cardDecider: Decider<CardState, CardCommand, CardEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'CardProvisioned':
        return {
          status: 'unclaimed',
          cardId: event.data.cardId,
          type: event.data.type,
          color: event.data.color,
          ownerId: null,
          name: null,
          createdAt: event.data.provisionedAt,
          activatedAt: null,
          qrVersion: 1,
        };
      case 'VirtualCardCreated':
        return {
          status: 'pending',
          cardId: event.data.cardId,
          type: 'virtual',
          color: event.data.color,
          ownerId: event.data.ownerId,
          name: event.data.name,
          createdAt: event.data.createdAt,
          activatedAt: null,
          qrVersion: 1,
        };
      case 'CardActivated':
        return evolveExisting(state, (card) => ({
          ...card,
          status: 'active',
          ownerId: event.data.ownerId,
          name: event.data.name,
          activatedAt: event.data.activatedAt,
        }));
      case 'CardDeactivated':
        return evolveExisting(state, (card) => ({ ...card, status: 'deactivated' }));
      case 'CardReactivated':
        return evolveExisting(state, (card) => ({ ...card, status: 'active' }));
      case 'CardQrRegenerated':
        return evolveExisting(state, (card) => ({
          ...card,
          qrVersion: Math.max(card.qrVersion, event.data.qrVersion),
        }));
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ProvisionCard':
        return provision(command, state);
      case 'CreateVirtualCard':
        return createVirtual(command, state);
      case 'ActivateCard':
        return activate(command, state);
      case 'DeactivateCard':
        return deactivate(command, state);
      case 'ReactivateCard':
        return reactivate(command, state);
      case 'RegenerateCardQr':
        return regenerateQr(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
