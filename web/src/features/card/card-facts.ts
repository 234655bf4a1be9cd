import { CARD_COLOR_LABELS, CARD_TYPE_LABELS, type CardType } from '@kartvizit/schemas/card/model';
import type { CardHistoryType } from '@kartvizit/schemas/card/http';
import { LOCALE, TIME_ZONE } from '@kartvizit/schemas/constants';
import { isCardColor } from '@kartvizit/schemas/card/rules';

/** How the card screens name and show a card's facts: one place, so every screen says the same. */

export function cardTypeLabel(type: CardType): string {
  return CARD_TYPE_LABELS[type];
}

/** Colours arrive from the server; an unknown one (a newer server) is shown by its own name. */
export function cardColorLabel(color: string): string {
  return isCardColor(color) ? CARD_COLOR_LABELS[color] : color;
}

/**
 * 'pending': owned but not activated yet (a virtual card whose second call failed);
 * 'active': activated and in use; 'inactive': activated, then deactivated by its owner.
 */
export type CardStatus = 'active' | 'inactive' | 'pending';

export function cardStatus(card: { readonly isActivated: boolean; readonly isActive: boolean }): CardStatus {
  if (!card.isActivated) return 'pending';
  return card.isActive ? 'active' : 'inactive';
}

export const CARD_STATUS_LABELS: Readonly<Record<CardStatus, string>> = {
  active: 'Aktif',
  inactive: 'Devre Dışı',
  pending: 'Aktivasyon Bekliyor',
};

/** The card's status history (GET /cards/mine/{cardId}), in the words of the screens. */
export const HISTORY_LABELS: Readonly<Record<CardHistoryType, string>> = {
  provisioned: 'Kart üretildi',
  created: 'Sanal kart oluşturuldu',
  activated: 'Kart aktifleştirildi',
  deactivated: 'Kart devre dışı bırakıldı',
  reactivated: 'Kart yeniden aktifleştirildi',
  'qr-regenerated': 'QR kod yenilendi',
  assigned: 'Kart ofis tarafından size verildi',
  returned: 'Kart ofise geri alındı',
};

const longDateTime = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' });
const longDate = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'long' });

/** e.g. "21 Kasım 2025 14:05"; an empty or unreadable value reads '—'. */
export function formatCardDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : longDateTime.format(date);
}

export function formatCardDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : longDate.format(date);
}

/**
 * The server's QR file URL (it already carries `?v=`) asking for a download, so the browser saves
 * `qrcode-{cardId}.png` instead of opening the image. Relative URLs stay relative.
 */
export function downloadUrl(fileUrl: string): string {
  const [path = '', query = ''] = splitOnce(fileUrl, '?');
  const params = new URLSearchParams(query);
  params.set('download', '1');
  return `${path}?${params.toString()}`;
}

export function qrFileName(cardId: string, extension: 'png' | 'svg'): string {
  return `qrcode-${cardId}.${extension}`;
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return index === -1 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)];
}
