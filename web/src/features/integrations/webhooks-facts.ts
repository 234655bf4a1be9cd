import type { CurrentOfficeResponse } from '@kartvizit/schemas/office/http';
import type { WebhookDeliveryView, WebhookView } from '@kartvizit/schemas/webhook/http';
import {
  WEBHOOK_SUBSCRIPTIONS,
  type WebhookDeliveryStatus,
  type WebhookFailureReason,
  type WebhookSkipReason,
  type WebhookSubscription,
} from '@kartvizit/schemas/webhook/model';
import { orderedSubscriptions } from '@kartvizit/schemas/webhook/rules';

/**
 * What the webhooks section (issue 35) shows and sends, as pure functions: the event types in Turkish and in groups,
 * the choice the form sends (every product event at once stands for the three), deliveries' states in Turkish.
 */

/** Every product event at once; while it is chosen the three it covers are shown chosen and not sent. */
export const ALL_PRODUCT_EVENTS = 'product.*' satisfies WebhookSubscription;

const EVENT_LABELS: Readonly<Record<WebhookSubscription, string>> = {
  'lead.created': 'Yeni bağlantı',
  'lead.updated': 'Bağlantı güncellendi',
  'rems.registration.created': 'REMS kaydı',
  'meeting.scheduled': 'Toplantı planlandı',
  'card.activated': 'Kart etkinleştirildi',
  'card.deactivated': 'Kart devre dışı bırakıldı',
  'product.*': 'Tüm ürün olayları',
  'product.created': 'Ürün eklendi',
  'product.updated': 'Ürün güncellendi',
  'product.deleted': 'Ürün silindi',
};

export interface EventGroup {
  readonly title: string;
  readonly events: readonly WebhookSubscription[];
}

/** The form's checkboxes: each subscription once, under the part of the product it comes from. */
export const EVENT_GROUPS: readonly EventGroup[] = [
  { title: 'Bağlantılar', events: ['lead.created', 'lead.updated'] },
  { title: 'REMS', events: ['rems.registration.created'] },
  { title: 'Toplantılar', events: ['meeting.scheduled'] },
  { title: 'Kartlar', events: ['card.activated', 'card.deactivated'] },
  { title: 'Ürünler', events: [ALL_PRODUCT_EVENTS, 'product.created', 'product.updated', 'product.deleted'] },
];

/** What a new endpoint hears unless the owner chooses otherwise: the lead, which is why most add one. */
export const DEFAULT_EVENTS: readonly WebhookSubscription[] = ['lead.created'];

/** An event type in Turkish; a name this screen does not know yet is shown as the server sent it. */
export function eventLabel(name: string): string {
  return Object.hasOwn(EVENT_LABELS, name) ? EVENT_LABELS[name as WebhookSubscription] : name;
}

/** Whether a checkbox stands for one of the product events `product.*` already covers. */
export function coveredByAllProducts(name: WebhookSubscription): boolean {
  return name !== ALL_PRODUCT_EVENTS && name.startsWith('product.');
}

/** The choice after one checkbox changed, in the list's own order. */
export function toggleEvent(
  chosen: readonly WebhookSubscription[],
  name: WebhookSubscription,
  checked: boolean,
): WebhookSubscription[] {
  const next = checked ? [...chosen, name] : chosen.filter((candidate) => candidate !== name);
  return orderedSubscriptions(next);
}

/** What the form sends: with `product.*` chosen, the single product events it covers are left out. */
export function sentEvents(chosen: readonly WebhookSubscription[]): WebhookSubscription[] {
  const all = chosen.includes(ALL_PRODUCT_EVENTS);
  return orderedSubscriptions(chosen).filter((name) => !(all && coveredByAllProducts(name)));
}

/** An endpoint's subscriptions as one Turkish line: 'Yeni bağlantı, Tüm ürün olayları'. */
export function eventsLine(events: readonly string[]): string {
  const known = orderedSubscriptions(events);
  const unknown = events.filter((name) => !(WEBHOOK_SUBSCRIPTIONS as readonly string[]).includes(name));
  return [...known, ...unknown].map(eventLabel).join(', ');
}

const STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Bekliyor',
  retrying: 'Yeniden deneniyor',
  delivered: 'Teslim edildi',
  failed: 'Başarısız',
  skipped: 'Atlandı',
};

export function deliveryStatusLabel(status: WebhookDeliveryStatus): string {
  return STATUS_LABELS[status];
}

/** The badge's colour: well, on its way, or not delivered. */
export function deliveryStatusTone(status: WebhookDeliveryStatus): 'ok' | 'wait' | 'bad' | 'muted' {
  switch (status) {
    case 'delivered':
      return 'ok';
    case 'pending':
    case 'retrying':
      return 'wait';
    case 'failed':
      return 'bad';
    case 'skipped':
      return 'muted';
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

/** Still on its way: the log is read again until none is. */
export function isInFlight(delivery: Pick<WebhookDeliveryView, 'status'>): boolean {
  return delivery.status === 'pending' || delivery.status === 'retrying';
}

/** 'Tekrar Gönder' is offered once a delivery has ended, well or not. */
export function canResend(delivery: Pick<WebhookDeliveryView, 'status'>): boolean {
  return delivery.status === 'failed' || delivery.status === 'delivered' || delivery.status === 'skipped';
}

const FAILURE_LABELS: Readonly<Record<WebhookFailureReason, string>> = {
  status: 'Alıcı başarısız bir HTTP durumu döndürdü',
  redirect: 'Alıcı yönlendirme yaptı; yönlendirmeler izlenmez',
  timeout: 'Alıcı zamanında yanıt vermedi',
  connection: 'Alıcıya bağlanılamadı',
  forbidden_address: 'Adres özel ya da yerel bir ağa çıkıyor; oraya gönderilmez',
  dns: 'Alan adı çözümlenemedi',
};

const SKIP_LABELS: Readonly<Record<WebhookSkipReason, string>> = {
  paused: 'Webhook duraklatılmıştı',
  removed: 'Webhook silinmişti',
  erased: 'İlgili kişinin verileri silindi',
};

/** Why a delivery did not arrive, in Turkish; null when nothing went wrong. */
export function deliveryReason(delivery: Pick<WebhookDeliveryView, 'failureReason' | 'skipReason'>): string | null {
  if (delivery.skipReason) return SKIP_LABELS[delivery.skipReason];
  if (delivery.failureReason) return FAILURE_LABELS[delivery.failureReason];
  return null;
}

/** How much of a receiver's answer a row shows before 'Tamamını göster'. */
export const EXCERPT_PREVIEW_CHARS = 80;

/** The answer's first bytes on one line, cut at `max` characters with an ellipsis; `cut` says whether it was. */
export function excerptPreview(
  excerpt: string,
  max = EXCERPT_PREVIEW_CHARS,
): { readonly text: string; readonly cut: boolean } {
  const oneLine = excerpt.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= max) return { text: oneLine, cut: oneLine !== excerpt };
  return { text: `${oneLine.slice(0, max).trimEnd()}…`, cut: true };
}

/** An endpoint's state as its badge names it. */
export function endpointStatusLabel(endpoint: Pick<WebhookView, 'status'>): string {
  return endpoint.status === 'active' ? 'Etkin' : 'Duraklatıldı';
}

/** The office the signed-in person may add endpoints for: theirs, when they are one of its admins; otherwise null. */
export function adminOffice(
  current: CurrentOfficeResponse | undefined,
): { readonly id: string; readonly name: string } | null {
  const membership = current?.data;
  if (!membership || membership.role !== 'admin') return null;
  return { id: membership.office.id, name: membership.office.details.name };
}

/** An office endpoint's badge: 'Ofis: Kaya Emlak' when the office is the person's own, 'Ofis' otherwise. */
export function officeBadgeLabel(
  endpoint: Pick<WebhookView, 'officeId'>,
  office: { readonly id: string; readonly name: string } | null,
): string | null {
  if (endpoint.officeId === null) return null;
  const name = office?.id === endpoint.officeId ? office.name.trim() : '';
  return name ? `Ofis: ${name}` : 'Ofis';
}
