/**
 * Card ids as people type them (SPEC §5 "Card ID"); new virtual card ids are drawn by `generateVirtualCardId`
 * (@kartvizit/schemas/card/rules), the same for the screen and the server.
 * Pure functions, so they are unit-tested without a browser.
 */

/**
 * The id field's value as the user types: trimmed, ASCII letters upper-cased without locale
 * rules ('i' → 'I', never 'İ'). A Turkish keyboard's 'ı' and 'İ' stand for the Latin I in an id,
 * so both become 'I'. Anything else stays as typed, so the format rule can point at it instead of
 * the field silently turning 'ß' into 'SS'.
 */
export function normaliseCardIdInput(raw: string): string {
  return raw.trim().replace(/[a-zıİ]/gu, (letter) => (letter === 'ı' || letter === 'İ' ? 'I' : letter.toUpperCase()));
}
