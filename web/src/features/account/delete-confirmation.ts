import { normaliseEmail } from '@kartvizit/schemas/text';

/**
 * 'Hesabımı Kalıcı Olarak Sil' opens only once the owner has typed their own address: compared the way the server
 * stores addresses (trimmed, lower-cased without a locale), so 'Ayse@Example.com ' confirms 'ayse@example.com'.
 */
export function typedAddressConfirms(typed: string, accountEmail: string | null | undefined): boolean {
  if (!accountEmail) return false;
  const expected = normaliseEmail(accountEmail);
  return expected !== '' && normaliseEmail(typed) === expected;
}
