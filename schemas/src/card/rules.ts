import { CARD_COLORS, PHYSICAL_CARD_TYPES, type CardColor, type PhysicalCardType } from './model.ts';
import { CARD_MESSAGES } from './messages.ts';

/**
 * Card id and card name rules, shared by the screens and the server (SPEC §5 "Card ID").
 * Pure functions; no TypeBox here, so the web can import this file by sub-path.
 */

export const CARD_ID_MAX_LENGTH = 32;
export const CARD_NAME_MAX_LENGTH = 50;
/** SPEC §9: a virtual card id is 'VC-' plus 6 characters (generateVirtualCardId). */
export const VIRTUAL_CARD_ID_PREFIX = 'VC-';
export const VIRTUAL_CARD_ID_SUFFIX_LENGTH = 6;
/** SPEC §9: default virtual card colour. */
export const DEFAULT_VIRTUAL_CARD_COLOR: CardColor = 'black';

// Checked on the raw input BEFORE upper-casing: 'ı'.toUpperCase() is 'I' and 'ß'.toUpperCase() is
// 'SS', so a check after upper-casing would let non-ASCII letters in disguised as ASCII ones.
const RAW_CARD_ID = /^[A-Za-z0-9-]+$/;
// Letters and digits in groups joined by single hyphens: no leading, trailing or double hyphen.
const CARD_ID = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
const VIRTUAL_CARD_ID = new RegExp(`^${VIRTUAL_CARD_ID_PREFIX}[A-Z0-9]{${VIRTUAL_CARD_ID_SUFFIX_LENGTH}}$`);
// Display text: letters of any script, digits, spaces and the punctuation names of cards use
// ("İş - Ofis", "Ayşe & Co.", "Kart #2"). No angle brackets, quotes or control characters.
const CARD_NAME = /^[\p{L}\p{M}\p{N} .,'’&()/#+-]+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export type CardIdResult =
  { readonly ok: true; readonly cardId: string } | { readonly ok: false; readonly message: string };

/** Trimmed and upper-cased as typed (SPEC §5), locale-free; ASCII letters, digits and hyphens only. */
export function parseCardId(raw: string): CardIdResult {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, message: CARD_MESSAGES.cardIdRequired };
  if (trimmed.length > CARD_ID_MAX_LENGTH || !RAW_CARD_ID.test(trimmed)) {
    return { ok: false, message: CARD_MESSAGES.cardIdInvalid };
  }
  const cardId = trimmed.toUpperCase();
  if (!CARD_ID.test(cardId)) return { ok: false, message: CARD_MESSAGES.cardIdInvalid };
  return { ok: true, cardId };
}

/** A card id that must also have the virtual card shape 'VC-XXXXXX'. */
export function parseVirtualCardId(raw: string): CardIdResult {
  const parsed = parseCardId(raw);
  if (!parsed.ok) return parsed;
  if (!VIRTUAL_CARD_ID.test(parsed.cardId)) return { ok: false, message: CARD_MESSAGES.cardVirtualIdInvalid };
  return parsed;
}

export function isVirtualCardId(cardId: string): boolean {
  return VIRTUAL_CARD_ID.test(cardId);
}

export function isCardColor(value: string): value is CardColor {
  return CARD_COLORS.some((color) => color === value);
}

export function isPhysicalCardType(value: string): value is PhysicalCardType {
  return PHYSICAL_CARD_TYPES.some((type) => type === value);
}

/** The name as stored and shown: NFC, trimmed, runs of white space collapsed to one space. */
export function cleanCardName(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** First problem with a card name (already cleaned), or null. The empty-name text depends on the card kind. */
export function cardNameProblem(name: string, kind: 'physical' | 'virtual'): string | null {
  if (name === '') return kind === 'virtual' ? CARD_MESSAGES.cardVirtualNameRequired : CARD_MESSAGES.cardNameRequired;
  if ([...name].length > CARD_NAME_MAX_LENGTH) return CARD_MESSAGES.cardNameTooLong;
  if (!CARD_NAME.test(name) || !HAS_LETTER_OR_DIGIT.test(name)) return CARD_MESSAGES.cardNameInvalid;
  return null;
}

/**
 * What makes two names of one owner "the same" (the uniqueness claim key). Names are display text,
 * so they are lower-cased with Turkish rules ('İ' → 'i', 'I' → 'ı'); then dotted and dotless i are
 * folded together, because owners type on Turkish and non-Turkish keyboards alike and "IRMAK",
 * "Irmak", "ırmak" and "irmak" should not be four different cards.
 */
export function cardNameKey(name: string): string {
  return cleanCardName(name)
    .toLocaleLowerCase('tr-TR')
    .replace(/i\u0307/gu, 'i')
    .replace(/ı/gu, 'i');
}

const VIRTUAL_CARD_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// Bytes at or above this would favour the first few characters (256 is not a multiple of 36).
const UNBIASED_LIMIT = 256 - (256 % VIRTUAL_CARD_ID_ALPHABET.length);

/** Fills the array with random bytes (Web Crypto's getRandomValues, in browsers and Node alike; tests pass their own). */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => void;

const cryptoRandom: RandomFill = (bytes) => {
  crypto.getRandomValues(bytes);
};

/**
 * 'VC-' plus 6 random uppercase letters and digits (SPEC §7, §9), drawn without modulo bias: by the web for an owner's
 * virtual card, by the server for an office's (issue 30).
 */
export function generateVirtualCardId(fill: RandomFill = cryptoRandom): string {
  let suffix = '';
  const bytes = new Uint8Array(16);
  while (suffix.length < VIRTUAL_CARD_ID_SUFFIX_LENGTH) {
    fill(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      suffix += VIRTUAL_CARD_ID_ALPHABET.charAt(byte % VIRTUAL_CARD_ID_ALPHABET.length);
      if (suffix.length === VIRTUAL_CARD_ID_SUFFIX_LENGTH) break;
    }
  }
  return `${VIRTUAL_CARD_ID_PREFIX}${suffix}`;
}
