import { VIRTUAL_CARD_ID_PREFIX, VIRTUAL_CARD_ID_SUFFIX_LENGTH } from '@kartvizit/schemas/card/rules';

/**
 * Card ids as people type them and as the client makes them (SPEC §5 "Card ID", §7 "Cards").
 * Pure functions, so they are unit-tested without a browser.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// Bytes at or above this would favour the first few characters (256 is not a multiple of 36).
const UNBIASED_LIMIT = 256 - (256 % ALPHANUMERIC.length);

/**
 * The id field's value as the user types: trimmed, ASCII letters upper-cased without locale
 * rules ('i' → 'I', never 'İ'). A Turkish keyboard's 'ı' and 'İ' stand for the Latin I in an id,
 * so both become 'I'. Anything else stays as typed, so the format rule can point at it instead of
 * the field silently turning 'ß' into 'SS'.
 */
export function normaliseCardIdInput(raw: string): string {
  return raw.trim().replace(/[a-zıİ]/gu, (letter) => (letter === 'ı' || letter === 'İ' ? 'I' : letter.toUpperCase()));
}

/** Fills the array with random bytes (crypto.getRandomValues; tests pass their own). */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => void;

const browserRandom: RandomFill = (bytes) => {
  crypto.getRandomValues(bytes);
};

/** 'VC-' plus 6 random uppercase letters and digits (SPEC §7, §9), drawn without modulo bias. */
export function generateVirtualCardId(fill: RandomFill = browserRandom): string {
  let suffix = '';
  const bytes = new Uint8Array(16);
  while (suffix.length < VIRTUAL_CARD_ID_SUFFIX_LENGTH) {
    fill(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      suffix += ALPHANUMERIC.charAt(byte % ALPHANUMERIC.length);
      if (suffix.length === VIRTUAL_CARD_ID_SUFFIX_LENGTH) break;
    }
  }
  return `${VIRTUAL_CARD_ID_PREFIX}${suffix}`;
}
