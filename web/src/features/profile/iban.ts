/** IBANs are stored without spaces and shown in groups of four, as printed on Turkish bank statements. */

export function compactIban(value: string): string {
  return value.replace(/[^0-9a-z]/giu, '').toUpperCase();
}

export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/gu, '$1 ');
}

/**
 * Where the caret belongs in the formatted text: after the same number of letters and digits it
 * followed in what was typed, so editing the middle of an IBAN does not throw the caret to the end.
 */
export function formattedCaret(typed: string, caret: number, formatted: string): number {
  const significant = compactIban(typed.slice(0, caret)).length;
  if (significant === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (formatted[index] !== ' ') seen += 1;
    if (seen === significant) return index + 1;
  }
  return formatted.length;
}
