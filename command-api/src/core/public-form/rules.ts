import { MESSAGES, forbiddenError, isDemoOwner, notFoundError, validationError } from '@kartvizit/schemas';

/**
 * The rules the card's two public forms share in their deciders ('Bilgilerini Paylaş' → a lead, 'Görüşme Planla' →
 * a REMS registration), answered in the same order by both: the fields first, then the form token, then the card.
 */

/**
 * What the form token said (infra/src/forms/form-token.ts): genuine and old enough; sent faster than a person types
 * or not ours (a bot); older than a day; issued later than now.
 */
export type FormTokenVerdict = 'ok' | 'too-fast' | 'invalid' | 'expired' | 'future';

/** The card as its own stream tells it, put into the command by the route. */
export interface PublicFormCard {
  readonly active: boolean;
  readonly ownerId: string | null;
  /** The office the card belongs to (issue 30); absent or null: the holder's own card. */
  readonly officeId?: string | null;
}

/**
 * True to go on. False for a bot's token (too fast, not ours): dropped without a word, no events and the usual
 * answer. An expired or future token is refused openly.
 */
export function tokenLetsThrough(verdict: FormTokenVerdict): boolean {
  switch (verdict) {
    case 'ok':
      return true;
    case 'too-fast':
    case 'invalid':
      return false;
    case 'expired':
      throw validationError(MESSAGES.leadFormExpired, 'formToken');
    case 'future':
      throw validationError(MESSAGES.leadFormInvalid, 'formToken');
    default: {
      const unhandled: never = verdict;
      return unhandled;
    }
  }
}

/**
 * The owner a public form reaches: an unknown or inactive card, or one that is not the owner the form named, is
 * 'Profil bulunamadı' (404); the sample card is nobody's and takes no form at all (403).
 */
export function ownerTakingForms(card: PublicFormCard, namedOwnerId?: string): string {
  if (!card.active || card.ownerId === null || (namedOwnerId !== undefined && card.ownerId !== namedOwnerId)) {
    throw notFoundError(MESSAGES.cardPublicProfileNotFound);
  }
  // A lead or a registration sent to it would be stored for no one to read.
  if (isDemoOwner(card.ownerId)) throw forbiddenError(MESSAGES.demoCardTakesNoLeads);
  return card.ownerId;
}
