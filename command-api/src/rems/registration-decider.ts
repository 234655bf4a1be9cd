import {
  CUSTOMER_TYPE_LABELS,
  LEAD_LIMITS,
  MESSAGES,
  checkCustomerForm,
  conflictError,
  firstCustomerFormProblem,
  notFoundError,
  validationError,
  type CustomerInput,
  type LeadSubmitted,
  type RemsFailureReason,
  type RemsRegistrationEvent,
  type RemsRegistrationRequested,
} from '@kartvizit/schemas';
import { may, type Person } from '@kartvizit/schemas/access';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import type { Decider } from '@kartvizit/infra/commands/decider';
import {
  ownerTakingForms,
  tokenLetsThrough,
  type FormTokenVerdict,
  type PublicFormCard,
} from '../core/public-form/rules.ts';

/**
 * A visitor's REMS registration ('Görüşme Planlayın' on the public card, issue 14), one stream per
 * registration. Requested here; delivered or failed later by the `rems-delivery` reactor, whose
 * outcomes land in the same stream.
 */
/** `officeId`: sent from an office's card (issue 30), whose REMS key, while one is in force, takes the customer. */
interface Registered {
  readonly ownerId: string;
  readonly officeId: string | null;
}

export type RemsRegistrationState =
  | { readonly status: 'none' }
  | (Registered & { readonly status: 'requested' })
  | (Registered & { readonly status: 'delivered' })
  | (Registered & { readonly status: 'failed'; readonly reason: RemsFailureReason });

/**
 * The route has put everything the decision needs into the command: the new id, the clock, what
 * the form token said, the card as its own stream tells it, and whether its owner has a REMS key in
 * force as the owner's `rems-{ownerId}` stream tells it. That the token was not used before is
 * settled by the store, in the same write (routes: the claim, as the lead form does).
 */
export interface RequestRemsRegistration {
  readonly type: 'RequestRemsRegistration';
  readonly data: {
    readonly registrationId: string;
    readonly cardId: string;
    /** The owner the form named (`cardOwnerId`): must be the card's. */
    readonly cardOwnerId: string;
    readonly card: PublicFormCard;
    /** A REMS key takes this card's customers: the office's (an office card) or the holder's own (remsKeyFor). */
    readonly ownerHasKey: boolean;
    /** As the visitor typed it; the shared rules normalise and check it here. */
    readonly input: CustomerInput;
    readonly formToken: FormTokenVerdict;
    readonly marketingConsent: boolean;
    readonly noticeVersion: string;
    /**
     * The listing the visitor came from (`productId`, issue 33), trimmed and lower-cased by the route; null when the
     * form was opened on the card itself.
     */
    readonly productId: string | null;
    /** `productId` is an active listing of the card's owner, as the owner's `products-{ownerId}` stream tells it. */
    readonly listingActive: boolean;
    readonly now: string;
  };
}

/**
 * The owner's 'Tekrar Dene' on a failed registration (one, or each of those that failed for want of a working key
 * after a key was saved again). The route puts in the owner from the token, whether their key is in force (their
 * `rems-{ownerId}` stream), and whether the visitor was erased since (the registration's lead deleted).
 */
export interface RetryRemsRegistration {
  readonly type: 'RetryRemsRegistration';
  readonly data: {
    readonly registrationId: string;
    /** Who presses 'Tekrar Dene': the card's holder, or an admin of the office the registration was sent to. */
    readonly person: Person;
    /** A REMS key takes the registration's customers now: its office's, or its owner's own (remsKeyFor). */
    readonly keyInForce: boolean;
    readonly visitorErased: boolean;
    /** Retry only a registration that failed for one of these reasons; others are left as they are (no events). */
    readonly onlyReasons?: readonly RemsFailureReason[];
    readonly now: string;
  };
}

export type RemsRegistrationCommand = RequestRemsRegistration | RetryRemsRegistration;

/**
 * Order of answers, as the lead form's: the fields first, in the form's order, whatever the token,
 * and a `productId` that is no UUID ('İlan bulunamadı'); then the token (a bot's is dropped without
 * a word: no events, the usual thanks; an expired or future one is refused openly); then the card
 * and its owner (unknown, inactive, someone else's: 'Profil bulunamadı'; the sample card: 403);
 * then the owner's key (none in force: 404, as the card shows no 'Görüşme Planla' then); then the
 * listing, which must be an active one of that owner (400 'İlan bulunamadı' on `productId`).
 * Whether REMS is up never matters here.
 */
function request(command: RequestRemsRegistration, state: RemsRegistrationState): RemsRegistrationEvent[] {
  const {
    registrationId,
    cardId,
    cardOwnerId,
    card,
    ownerHasKey,
    input,
    formToken,
    marketingConsent,
    noticeVersion,
    productId,
    listingActive,
    now,
  } = command.data;
  if (state.status !== 'none') throw conflictError(MESSAGES.conflict);
  const checked = checkCustomerForm(input);
  if (!checked.ok) {
    const first = firstCustomerFormProblem(checked.problems);
    throw validationError(first?.message ?? MESSAGES.remsFormInvalid, first?.field);
  }
  if (productId !== null && !UUID_PATTERN.test(productId))
    throw validationError(MESSAGES.remsListingNotFound, 'productId');
  if (!tokenLetsThrough(formToken)) return [];
  const ownerId = ownerTakingForms(card, cardOwnerId.toLowerCase());
  if (!ownerHasKey) throw notFoundError(MESSAGES.remsRegistrationUnavailable);
  // Another owner's listing, a product, one switched off or off the card: the same answer, so ids cannot be probed.
  if (productId !== null && !listingActive) throw validationError(MESSAGES.remsListingNotFound, 'productId');
  return [
    {
      type: 'RemsRegistrationRequested',
      data: {
        registrationId,
        ownerId,
        cardId,
        ...checked.customer,
        marketingConsent,
        noticeVersion,
        requestedAt: now,
        ...(card.officeId ? { officeId: card.officeId } : {}),
        productId,
      },
    },
  ];
}

/**
 * Someone else's registration, or one whose visitor was erased, answers as an unknown one (404: ids cannot be
 * probed); then only a failed one is sent again, and only with a key in force (409, in Turkish, saying why).
 */
function retry(command: RetryRemsRegistration, state: RemsRegistrationState): RemsRegistrationEvent[] {
  const { registrationId, person, keyInForce, visitorErased, onlyReasons, now } = command.data;
  if (state.status === 'none' || !may(person, 'change', state) || visitorErased) {
    throw notFoundError(MESSAGES.remsRegistrationNotFound);
  }
  if (state.status === 'requested') throw conflictError(MESSAGES.remsRegistrationAlreadyPending);
  if (state.status === 'delivered') throw conflictError(MESSAGES.remsRegistrationAlreadyDelivered);
  if (onlyReasons && !onlyReasons.includes(state.reason)) return [];
  if (!keyInForce) throw conflictError(MESSAGES.remsRetryNeedsKey);
  return [
    {
      type: 'RemsRegistrationRetried',
      data: { registrationId, ownerId: state.ownerId, after: state.reason, retriedAt: now },
    },
  ];
}

function officeOf(state: RemsRegistrationState): string | null {
  return state.status === 'none' ? null : state.officeId;
}

export const remsRegistrationDecider: Decider<RemsRegistrationState, RemsRegistrationCommand, RemsRegistrationEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'RemsRegistrationRequested':
        return { status: 'requested', ownerId: event.data.ownerId, officeId: event.data.officeId ?? null };
      // The last outcome stands: an operator's retry of a dead letter may deliver a registration that failed.
      case 'RemsCustomerDelivered':
        return { status: 'delivered', ownerId: event.data.ownerId, officeId: officeOf(state) };
      case 'RemsRegistrationFailed':
        return { status: 'failed', ownerId: event.data.ownerId, officeId: officeOf(state), reason: event.data.reason };
      // Sent again: waiting for its new outcome.
      case 'RemsRegistrationRetried':
        return { status: 'requested', ownerId: event.data.ownerId, officeId: officeOf(state) };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestRemsRegistration':
        return request(command, state);
      case 'RetryRemsRegistration':
        return retry(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

function clip(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/**
 * The lead the owner sees in 'Bağlantılar' for a registration, recorded in the same write under the
 * same id (so one key seals both, and deleting the lead erases both). Its message opens with
 * 'Görüşme Planla: ' and the interest in Turkish, then what else the visitor gave, one per line:
 * 'Görüşme Planla: Alıcı\nKonum: Kadıköy, İstanbul\nAdres: …\nNot: …' (at most the lead's 1000
 * characters). The phone in E.164 (+90 and the 10 digits), the e-mail or ''.
 */
export function leadOfRegistration(event: RemsRegistrationRequested): LeadSubmitted {
  const data = event.data;
  const place = [data.districtName, data.provinceName].filter((part): part is string => part !== null).join(', ');
  const lines = [
    `${MESSAGES.remsLeadHeading}: ${CUSTOMER_TYPE_LABELS[data.customerType]}`,
    ...(place !== '' ? [`Konum: ${place}`] : []),
    ...(data.address !== null ? [`Adres: ${data.address}`] : []),
    ...(data.notes !== null ? [`Not: ${data.notes}`] : []),
  ];
  return {
    type: 'LeadSubmitted',
    data: {
      leadId: data.registrationId,
      ownerId: data.ownerId,
      cardId: data.cardId,
      fullName: clip(`${data.firstName} ${data.lastName}`, LEAD_LIMITS.fullName),
      phone: `+90${data.phoneNumber}`,
      email: data.email ?? '',
      message: clip(lines.join('\n'), LEAD_LIMITS.message),
      marketingConsent: data.marketingConsent,
      noticeVersion: data.noticeVersion,
      submittedAt: data.requestedAt,
      // On an office's card, the office holds the lead, as the lead form's (issue 30).
      ...(data.officeId ? { officeId: data.officeId } : {}),
    },
  };
}
