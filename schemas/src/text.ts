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

const TURKISH_TO_ASCII: Readonly<Record<string, string>> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  Ç: 'C',
  Ğ: 'G',
  İ: 'I',
  Ö: 'O',
  Ş: 'S',
  Ü: 'U',
};

/** Turkish letters to the ASCII letters an address uses ('Çınar' → 'Cinar'); everything else as it is. */
export function foldTurkish(text: string): string {
  return text.replace(/[çğıöşüÇĞİÖŞÜ]/gu, (letter) => TURKISH_TO_ASCII[letter] ?? letter);
}

/**
 * The address a name suggests (offices' `/o/{slug}`, personal `/k/{slug}`): 'Çınar Emlak Kadıköy' →
 * 'cinar-emlak-kadikoy', at most `maxLength` characters, no hyphen at either end.
 */
export function slugOf(name: string, maxLength: number): string {
  return foldTurkish(name.toLocaleLowerCase('tr-TR'))
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, maxLength)
    .replace(/-+$/u, '');
}
