import { CARD_ORDER_MAX_LENGTH, provisionedCardsCsv } from '@kartvizit/schemas/card/provisioning-csv';

/**
 * A file larger than this is not read at all: the order's text is at most CARD_ORDER_MAX_LENGTH characters, and a
 * character is at most 4 bytes in UTF-8. A photo chosen by mistake is refused before the page reads it.
 */
export const CARD_ORDER_MAX_FILE_BYTES = CARD_ORDER_MAX_LENGTH * 4;

/**
 * The text of an uploaded order. UTF-8 (with or without a BOM) as the example and LibreOffice write it; a file that is
 * not UTF-8 is read as Windows-1254, the Turkish code page older Excel saves "CSV" in, so 'Gümüş' arrives as typed.
 */
export function decodeCardOrderFile(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1254').decode(bytes);
  }
}

/** The cards an order made, as the NFC vendor's CSV (the columns the operator's CLI writes). */
export function producedCardsCsv(
  cards: readonly {
    readonly cardId: string;
    readonly type: string;
    readonly color: string;
    readonly profileUrl: string;
  }[],
): string {
  return provisionedCardsCsv(
    cards.map(({ cardId, type, color, profileUrl }) => ({ cardId, type, color, url: profileUrl })),
  );
}

/** The vendor file's name: the batch names it, so two orders never overwrite each other in Downloads. */
export function producedCardsFileName(batchId: string): string {
  return `ofis-kartlari-${batchId.replace(/[^A-Za-z0-9-]/gu, '')}.csv`;
}
