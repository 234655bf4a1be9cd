/**
 * Locale-free normalisation for identifiers (e-mails, card ids): 'i' must never become 'İ'
 * and 'I' never 'ı', whatever the runtime locale is. Display text uses tr-TR instead.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Turkish-aware upper-casing for display only (e.g. 'istanbul' → 'İSTANBUL'). */
export function displayUpper(text: string): string {
  return text.toLocaleUpperCase('tr-TR');
}
