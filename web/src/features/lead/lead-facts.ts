import { LOCALE, TIME_ZONE } from '@kartvizit/schemas/constants';
import { LEAD_STATUSES, type LeadStatus } from '@kartvizit/schemas/lead/events';

/** How the 'Bağlantılar' screen names and links a lead's facts. */

export const LEADS_PAGE_SIZE = 50;
/** Typing pauses this long before the list is searched again. */
export const SEARCH_DELAY_MS = 300;

const dateTime = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' });

/** "21 Kasım 2025 14:05" in Istanbul time. */
export function formatLeadDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/** `tel:` takes the E.164 number as it is. */
export function phoneHref(e164: string): string {
  return `tel:${e164}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}

/** WhatsApp's click-to-chat link: the number's digits, country code first, no '+'. */
export function whatsappHref(e164: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}`;
}

/** "12 bağlantı", or for a search "Aramanızla eşleşen 3 bağlantı" (Turkish nouns stay singular after a number). */
export function leadCountLabel(total: number, searching: boolean): string {
  const count = `${new Intl.NumberFormat(LOCALE).format(total)} bağlantı`;
  return searching ? `Aramanızla eşleşen ${count}` : count;
}

/** "1–50 / 120" for the pager. */
export function pageRangeLabel(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 / ${total}`;
  return `${offset + 1}–${offset + shown} / ${total}`;
}

/** Every lead of the search whatever its status (the filter's 'Tümü'): the counts' sum, the total until they come. */
export function leadsInAll(counts: Readonly<Record<LeadStatus, number>> | undefined, total: number): number {
  return counts ? LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0) : total;
}

/** The lead's card: 'Ofis (VC-ABC123)' when named, its id alone otherwise, or when its name is its id (an office's). */
export function leadCardLabel(lead: { readonly cardId: string; readonly cardName: string | null }): string {
  return lead.cardName && lead.cardName !== lead.cardId ? `${lead.cardName} (${lead.cardId})` : lead.cardId;
}
