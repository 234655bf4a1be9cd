import { DEFAULT_QR_STYLE, PERSONAL_ADDRESS_GRACE_MS, type QrStyle, type ShareEvent } from '@kartvizit/schemas';
import { MESSAGES, notFoundError } from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/** An address the owner left, still theirs until `until`. */
export interface LeftAddress {
  readonly slug: string;
  readonly cardId: string;
  readonly until: string;
}

/**
 * The owner's share settings (issue 32), stream `share-{ownerId}`: the QR's look and the personal address. An address
 * sealed under a destroyed key (the account deleted) reads as '' and holds nothing.
 */
export interface ShareState {
  readonly qr: QrStyle;
  readonly address: { readonly slug: string; readonly cardId: string } | null;
  /** Addresses left, newest last; the route and the claim rule look only at those whose `until` is still ahead. */
  readonly left: readonly LeftAddress[];
}

export interface ChooseQrStyle {
  readonly type: 'ChooseQrStyle';
  /** Already checked (`qrStyleProblem`) and normalised. */
  readonly data: { readonly ownerId: string; readonly style: QrStyle; readonly now: string };
}

export interface ChoosePersonalAddress {
  readonly type: 'ChoosePersonalAddress';
  /** `slug` folded and checked, `cardId` one of the owner's active cards, the address free for them (the route's claim). */
  readonly data: { readonly ownerId: string; readonly slug: string; readonly cardId: string; readonly now: string };
}

export interface RemovePersonalAddress {
  readonly type: 'RemovePersonalAddress';
  readonly data: { readonly ownerId: string; readonly now: string };
}

export type ShareCommand = ChooseQrStyle | ChoosePersonalAddress | RemovePersonalAddress;

const sameStyle = (a: QrStyle, b: QrStyle): boolean =>
  a.foreground === b.foreground && a.background === b.background && a.logo === b.logo;

/** Whether the owner of this state still holds `slug` at `now`: their current address, or one left in the last 30 days. */
export function holdsAddress(state: ShareState, slug: string, now: string): boolean {
  if (slug === '') return false;
  if (state.address?.slug === slug) return true;
  return state.left.some((left) => left.slug === slug && left.until > now);
}

function leaving(
  ownerId: string,
  address: { readonly slug: string; readonly cardId: string },
  now: string,
): ShareEvent {
  const redirectsUntil = new Date(Date.parse(now) + PERSONAL_ADDRESS_GRACE_MS).toISOString();
  return {
    type: 'PersonalAddressLeft',
    data: { ownerId, slug: address.slug, cardId: address.cardId, redirectsUntil, leftAt: now },
  };
}

function decide(command: ShareCommand, state: ShareState): ShareEvent[] {
  switch (command.type) {
    case 'ChooseQrStyle': {
      const { ownerId, style, now } = command.data;
      if (sameStyle(style, state.qr)) return [];
      return [{ type: 'QrStyleChosen', data: { ownerId, ...style, chosenAt: now } }];
    }
    case 'ChoosePersonalAddress': {
      const { ownerId, slug, cardId, now } = command.data;
      const current = state.address;
      if (current?.slug === slug && current.cardId === cardId) return [];
      const chosen: ShareEvent = { type: 'PersonalAddressChosen', data: { ownerId, slug, cardId, chosenAt: now } };
      // The same address pointed at another card: nothing is left behind.
      if (!current || current.slug === slug) return [chosen];
      return [leaving(ownerId, current, now), chosen];
    }
    case 'RemovePersonalAddress': {
      const { ownerId, now } = command.data;
      if (!state.address) throw notFoundError(MESSAGES.addressNone);
      return [leaving(ownerId, state.address, now)];
    }
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

function evolve(state: ShareState, event: ShareEvent): ShareState {
  switch (event.type) {
    case 'QrStyleChosen': {
      const { foreground, background, logo } = event.data;
      return { ...state, qr: { foreground, background, logo } };
    }
    case 'PersonalAddressChosen': {
      const { slug, cardId } = event.data;
      return {
        ...state,
        // Erased ('' once the key is gone): no address.
        address: slug === '' ? null : { slug, cardId },
        // Taken back within its 30 days: no longer a left address.
        left: state.left.filter((left) => left.slug !== slug),
      };
    }
    case 'PersonalAddressLeft': {
      const { slug, cardId, redirectsUntil } = event.data;
      return {
        ...state,
        address: state.address?.slug === slug ? null : state.address,
        left:
          slug === ''
            ? state.left
            : [...state.left.filter((left) => left.slug !== slug), { slug, cardId, until: redirectsUntil }],
      };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const shareDecider: Decider<ShareState, ShareCommand, ShareEvent> = {
  initialState: { qr: DEFAULT_QR_STYLE, address: null, left: [] },
  decide,
  evolve,
};
