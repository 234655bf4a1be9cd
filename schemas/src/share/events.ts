import type { EventRegistry } from '../common/event-type-info.ts';
import type { QrLogo } from './model.ts';

/**
 * 'Paylaşım Araçları' (issue 32): one stream per owner, `share-{ownerId}`, holding the QR's look and the personal
 * address. The address is free text the owner typed (often their name), so it is sealed under the owner's key: a
 * deleted account leaves no readable address in the log, and its address is free again (the claim rule reads the
 * holder's stream, see PERSONAL_ADDRESS_CLAIM).
 */

/** The owner's QR colours and centre logo, for every image the product draws of their cards (not the printed card's). */
export interface QrStyleChosen {
  readonly type: 'QrStyleChosen';
  readonly data: {
    readonly ownerId: string;
    readonly foreground: string;
    readonly background: string;
    readonly logo: QrLogo;
    readonly chosenAt: string;
  };
}

/** `/k/{slug}` now opens `cardId`. The same address pointed at another card is chosen again. */
export interface PersonalAddressChosen {
  readonly type: 'PersonalAddressChosen';
  readonly data: {
    readonly ownerId: string;
    readonly slug: string;
    readonly cardId: string;
    readonly chosenAt: string;
  };
}

/**
 * The owner gave up `slug` (chose another, or removed it): until `redirectsUntil` it still leads to them (the new
 * address, else the card it opened) and nobody else may take it; after that it is free.
 */
export interface PersonalAddressLeft {
  readonly type: 'PersonalAddressLeft';
  readonly data: {
    readonly ownerId: string;
    readonly slug: string;
    readonly cardId: string;
    readonly redirectsUntil: string;
    readonly leftAt: string;
  };
}

export type ShareEvent = QrStyleChosen | PersonalAddressChosen | PersonalAddressLeft;

/**
 * Claim kind of a personal address, see `claimStreamId` (the address itself is only in the stream id's keyed hash).
 * Each owner who takes the address appends a PersonalAddressClaimed at the stream's version; whether the last one still
 * holds it is read from that owner's `share-{ownerId}` stream (current, or left less than 30 days ago, and not erased).
 */
export const PERSONAL_ADDRESS_CLAIM = 'personal-address';

export interface PersonalAddressClaimed {
  readonly type: 'PersonalAddressClaimed';
  readonly data: { readonly ownerId: string; readonly claimedAt: string };
}

export function shareStreamId(ownerId: string): string {
  return `share-${ownerId}`;
}

export const SHARE_EVENT_TYPES: EventRegistry<ShareEvent | PersonalAddressClaimed> = {
  QrStyleChosen: { schemaVersion: 1 },
  PersonalAddressChosen: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['slug'] },
  PersonalAddressLeft: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['slug'] },
  PersonalAddressClaimed: { schemaVersion: 1 },
};
