import type { EventRegistry } from '../common/event-type-info.ts';
import type { CardColor, PhysicalCardType } from './model.ts';

/**
 * Card events. A card's stream is `card-{cardId}`; ids are unique because every card stream is
 * started with expected 'no_stream'. Card names are display text chosen by the owner, not
 * personal data, so nothing here is sealed.
 */

/** A physical NFC/QR card was made for a batch; nobody owns it until it is activated. */
export interface CardProvisioned {
  readonly type: 'CardProvisioned';
  readonly data: {
    readonly cardId: string;
    readonly type: PhysicalCardType;
    readonly color: CardColor;
    readonly batchId: string;
    readonly provisionedAt: string;
    /** Provisioned for an office's pool (issue 30); absent: a card anyone may activate. */
    readonly officeId?: string;
  };
}

/** An owner created a virtual card (it still has to be activated, SPEC: two calls). */
export interface VirtualCardCreated {
  readonly type: 'VirtualCardCreated';
  readonly data: {
    readonly cardId: string;
    readonly ownerId: string;
    readonly name: string;
    readonly color: CardColor;
    readonly createdAt: string;
    /** Created while the owner was in an office: the office's card (issue 30). */
    readonly officeId?: string;
  };
}

export interface CardActivated {
  readonly type: 'CardActivated';
  readonly data: {
    readonly cardId: string;
    readonly ownerId: string;
    readonly name: string;
    readonly activatedAt: string;
    /** Activated while the owner was in an office, or an office's pool card: the office's card (issue 30). */
    readonly officeId?: string;
  };
}

/** An office admin made a virtual card for the office's pool (issue 30): nobody holds it yet. */
export interface OfficeCardCreated {
  readonly type: 'OfficeCardCreated';
  readonly data: { readonly cardId: string; readonly officeId: string; readonly color: CardColor; readonly createdAt: string };
}

/**
 * An office admin gave one of the office's pool cards to a member: it opens the member's page from now on. Its name
 * is the card's id (a name the holder never chose, unique among their cards).
 */
export interface CardAssigned {
  readonly type: 'CardAssigned';
  readonly data: {
    readonly cardId: string;
    readonly officeId: string;
    readonly holderId: string;
    readonly assignedBy: string;
    readonly at: string;
  };
}

/** An office card went back to the office's pool (taken back, or its holder left): deactivated, nobody holds it. */
export interface CardReturned {
  readonly type: 'CardReturned';
  readonly data: {
    readonly cardId: string;
    readonly officeId: string;
    readonly formerHolderId: string;
    readonly by: string;
    readonly at: string;
  };
}

export interface CardDeactivated {
  readonly type: 'CardDeactivated';
  readonly data: { readonly cardId: string; readonly ownerId: string; readonly at: string };
}

export interface CardReactivated {
  readonly type: 'CardReactivated';
  readonly data: { readonly cardId: string; readonly ownerId: string; readonly at: string };
}

/** The QR image URL moves to a new version; what the QR encodes (/p/{cardId}) does not change. */
export interface CardQrRegenerated {
  readonly type: 'CardQrRegenerated';
  readonly data: { readonly cardId: string; readonly ownerId: string; readonly qrVersion: number; readonly at: string };
}

export type CardEvent =
  | CardProvisioned
  | VirtualCardCreated
  | CardActivated
  | CardDeactivated
  | CardReactivated
  | CardQrRegenerated
  | OfficeCardCreated
  | CardAssigned
  | CardReturned;

/**
 * Reserves a card name for one owner. The claim stream id is a keyed hash of
 * `${ownerId}:${cardNameKey(name)}`, so the name itself is not in the id.
 */
export interface CardNameClaimed {
  readonly type: 'CardNameClaimed';
  readonly data: { readonly ownerId: string; readonly cardId: string; readonly claimedAt: string };
}

/** A card took another name (a virtual card activated under a new name): the old name is free again. */
export interface CardNameReleased {
  readonly type: 'CardNameReleased';
  readonly data: { readonly ownerId: string; readonly cardId: string; readonly releasedAt: string };
}

export type CardClaimEvent = CardNameClaimed | CardNameReleased;

export function cardStreamId(cardId: string): string {
  return `card-${cardId}`;
}

export const CARD_EVENT_TYPES: EventRegistry<CardEvent | CardClaimEvent> = {
  CardProvisioned: { schemaVersion: 1 },
  // The owner names a card as they like ('Ahmet Bey için'): sealed under the owner's key since decision 29, so a
  // deleted account leaves no card name readable in the log. Earlier events keep theirs in plain text; the codec reads both.
  VirtualCardCreated: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['name'] },
  CardActivated: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['name'] },
  CardDeactivated: { schemaVersion: 1 },
  CardReactivated: { schemaVersion: 1 },
  CardQrRegenerated: { schemaVersion: 1 },
  OfficeCardCreated: { schemaVersion: 1 },
  CardAssigned: { schemaVersion: 1 },
  CardReturned: { schemaVersion: 1 },
  CardNameClaimed: { schemaVersion: 1 },
  CardNameReleased: { schemaVersion: 1 },
};
