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
import { may, type Person } from '@kartvizit/schemas/access';
import type { Decider } from '@kartvizit/infra/commands/decider';

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
  /** The office the card belongs to (issue 30), or null: a person's own card. */
  readonly officeId: string | null;
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
    /** For an office's pool (the admin's CSV upload or the CLI's --office); null: anyone may activate it. */
    readonly officeId: string | null;
  };
}

/** `person` is who creates it; a person in an office creates the office's card (issue 30). */
export interface CreateVirtualCard {
  readonly type: 'CreateVirtualCard';
  readonly data: {
    readonly cardId: string;
    readonly person: Person;
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
    readonly person: Person;
    readonly name: string;
    readonly ownerHasProfile: boolean;
    readonly now: string;
  };
}

export interface DeactivateCard {
  readonly type: 'DeactivateCard';
  readonly data: { readonly cardId: string; readonly person: Person; readonly now: string };
}

export interface ReactivateCard {
  readonly type: 'ReactivateCard';
  readonly data: { readonly cardId: string; readonly person: Person; readonly now: string };
}

export interface RegenerateCardQr {
  readonly type: 'RegenerateCardQr';
  readonly data: { readonly cardId: string; readonly person: Person; readonly now: string };
}

/** An office admin makes a virtual card for the office's pool. */
export interface CreateOfficeCard {
  readonly type: 'CreateOfficeCard';
  readonly data: { readonly cardId: string; readonly person: Person; readonly color: CardColor; readonly now: string };
}

/** An office admin gives a pool card to a member; the route looked up which office the member is in. */
export interface AssignCard {
  readonly type: 'AssignCard';
  readonly data: {
    readonly cardId: string;
    readonly person: Person;
    readonly holderId: string;
    readonly holderOfficeId: string | null;
    readonly now: string;
  };
}

/** An office admin takes a card back into the pool (also what a member's leaving does to each card they hold). */
export interface ReturnCard {
  readonly type: 'ReturnCard';
  readonly data: { readonly cardId: string; readonly person: Person; readonly now: string };
}

export type CardCommand =
  | ProvisionCard
  | CreateVirtualCard
  | ActivateCard
  | DeactivateCard
  | ReactivateCard
  | RegenerateCardQr
  | CreateOfficeCard
  | AssignCard
  | ReturnCard;

/** The card if this person may manage it. Anything else reads as "no such card", so ids cannot be probed. */
function ownedBy(state: CardState, person: Person): ExistingCard & { readonly ownerId: string } {
  if (state.status === 'none' || state.ownerId === null || !may(person, 'change', state)) {
    throw notFoundError(MESSAGES.cardNotFound);
  }
  return state as ExistingCard & { readonly ownerId: string };
}

/** The office card if the person administers its office; "no such card" for anyone else. */
function administeredBy(state: CardState, person: Person): ExistingCard & { readonly officeId: string } {
  if (state.status === 'none' || state.officeId === null || !may(person, 'administer', state))
    throw notFoundError(MESSAGES.cardNotFound);
  return state as ExistingCard & { readonly officeId: string };
}

/** The office a new card of this person's belongs to: theirs, if they are in one. */
function officeOf(person: Person): { readonly officeId?: string } {
  return person.office ? { officeId: person.office.officeId } : {};
}

function named(raw: string, kind: 'physical' | 'virtual'): string {
  const name = cleanCardName(raw);
  const problem = cardNameProblem(name, kind);
  if (problem) throw validationError(problem, 'name');
  return name;
}

function provision(command: ProvisionCard, state: CardState): CardEvent[] {
  if (state.status !== 'none') throw conflictError(MESSAGES.cardIdTaken, 'cardId');
  const { cardId, cardType, color, batchId, now, officeId } = command.data;
  return [
    {
      type: 'CardProvisioned',
      data: { cardId, type: cardType, color, batchId, provisionedAt: now, ...(officeId ? { officeId } : {}) },
    },
  ];
}

// Order of refusals, for both commands: first what is wrong with the card id, then the missing
// profile (the screen's first gate), then the name (the last field the owner fills in).
function createVirtual(command: CreateVirtualCard, state: CardState): CardEvent[] {
  if (state.status !== 'none') throw conflictError(MESSAGES.cardIdTaken, 'cardId');
  if (!command.data.ownerHasProfile) throw validationError(MESSAGES.cardNeedsProfileToCreate);
  const name = named(command.data.name, 'virtual');
  const { cardId, person, color, now } = command.data;
  return [
    { type: 'VirtualCardCreated', data: { cardId, ownerId: person.id, name, color, createdAt: now, ...officeOf(person) } },
  ];
}

function activate(command: ActivateCard, state: CardState): CardEvent[] {
  const { cardId, person, now } = command.data;
  if (state.status === 'none') throw notFoundError(MESSAGES.cardNotFoundById);
  // Someone else's virtual card, and an office's card outside that office, are none of this person's business: same
  // answer as an unknown id. An office's pool card is activated by a member of that office.
  if (state.type === 'virtual' && !may(person, 'change', state)) throw notFoundError(MESSAGES.cardNotFoundById);
  if (state.officeId !== null && person.office?.officeId !== state.officeId) throw notFoundError(MESSAGES.cardNotFoundById);
  if (state.status === 'active' || state.status === 'deactivated')
    throw conflictError(MESSAGES.cardAlreadyActivated, 'cardId');
  if (!command.data.ownerHasProfile) throw validationError(MESSAGES.cardNeedsProfileToActivate);
  const name = named(command.data.name, state.type === 'virtual' ? 'virtual' : 'physical');
  const office = state.officeId !== null ? { officeId: state.officeId } : officeOf(person);
  return [{ type: 'CardActivated', data: { cardId, ownerId: person.id, name, activatedAt: now, ...office } }];
}

function deactivate(command: DeactivateCard, state: CardState): CardEvent[] {
  const card = ownedBy(state, command.data.person);
  if (card.status === 'pending') throw conflictError(MESSAGES.cardNotActivatedYet);
  if (card.status === 'deactivated') throw conflictError(MESSAGES.cardAlreadyDeactivated);
  return [{ type: 'CardDeactivated', data: { cardId: card.cardId, ownerId: card.ownerId, at: command.data.now } }];
}

function reactivate(command: ReactivateCard, state: CardState): CardEvent[] {
  const card = ownedBy(state, command.data.person);
  if (card.status === 'pending') throw conflictError(MESSAGES.cardNotActivatedYet);
  if (card.status === 'active') throw conflictError(MESSAGES.cardAlreadyActive);
  return [{ type: 'CardReactivated', data: { cardId: card.cardId, ownerId: card.ownerId, at: command.data.now } }];
}

function regenerateQr(command: RegenerateCardQr, state: CardState): CardEvent[] {
  const card = ownedBy(state, command.data.person);
  return [
    {
      type: 'CardQrRegenerated',
      data: { cardId: card.cardId, ownerId: card.ownerId, qrVersion: card.qrVersion + 1, at: command.data.now },
    },
  ];
}

function createOfficeCard(command: CreateOfficeCard, state: CardState): CardEvent[] {
  const { cardId, person, color, now } = command.data;
  const officeId = person.office?.officeId;
  if (!officeId || !may(person, 'administer', { ownerId: null, officeId })) throw notFoundError(MESSAGES.officeNotFound);
  if (state.status !== 'none') throw conflictError(MESSAGES.cardIdTaken, 'cardId');
  return [{ type: 'OfficeCardCreated', data: { cardId, officeId, color, createdAt: now } }];
}

/** Only a card in the pool is given out; to pass a card on, it is taken back first. */
function assign(command: AssignCard, state: CardState): CardEvent[] {
  const { person, holderId, holderOfficeId, now } = command.data;
  const card = administeredBy(state, person);
  if (card.ownerId !== null) throw conflictError(MESSAGES.officeCardNotInPool);
  if (holderOfficeId !== card.officeId) throw notFoundError(MESSAGES.officeHolderNotMember);
  return [
    { type: 'CardAssigned', data: { cardId: card.cardId, officeId: card.officeId, holderId, assignedBy: person.id, at: now } },
  ];
}

function giveBack(command: ReturnCard, state: CardState): CardEvent[] {
  const { person, now } = command.data;
  const card = administeredBy(state, person);
  if (card.ownerId === null) throw conflictError(MESSAGES.officeCardNotHeld);
  return [
    {
      type: 'CardReturned',
      data: { cardId: card.cardId, officeId: card.officeId, formerHolderId: card.ownerId, by: person.id, at: now },
    },
  ];
}

/**
 * The card going back to its office's pool because its holder left the office or was removed (the office's write,
 * command-api/src/office): null when the card is not that office's or nobody holds it.
 */
export function returnedOnLeaving(state: CardState, officeId: string, by: string, now: string): CardEvent | null {
  if (state.status === 'none' || state.officeId !== officeId || state.ownerId === null) return null;
  return {
    type: 'CardReturned',
    data: { cardId: state.cardId, officeId, formerHolderId: state.ownerId, by, at: now },
  };
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
          officeId: event.data.officeId ?? null,
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
          officeId: event.data.officeId ?? null,
        };
      case 'CardActivated':
        return evolveExisting(state, (card) => ({
          ...card,
          status: 'active',
          ownerId: event.data.ownerId,
          name: event.data.name,
          activatedAt: event.data.activatedAt,
          officeId: event.data.officeId ?? card.officeId,
        }));
      case 'OfficeCardCreated':
        return {
          status: 'unclaimed',
          cardId: event.data.cardId,
          type: 'virtual',
          color: event.data.color,
          ownerId: null,
          name: null,
          createdAt: event.data.createdAt,
          activatedAt: null,
          qrVersion: 1,
          officeId: event.data.officeId,
        };
      case 'CardAssigned':
        return evolveExisting(state, (card) => ({
          ...card,
          status: 'active',
          ownerId: event.data.holderId,
          name: card.cardId,
          // The holder's card since this moment: their list shows when they got it, not a former holder's activation.
          activatedAt: event.data.at,
        }));
      case 'CardReturned':
        return evolveExisting(state, (card) => ({ ...card, status: 'unclaimed', ownerId: null, name: null }));
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
      case 'CreateOfficeCard':
        return createOfficeCard(command, state);
      case 'AssignCard':
        return assign(command, state);
      case 'ReturnCard':
        return giveBack(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
