import { describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_SUBSCRIPTIONS } from '@kartvizit/schemas/webhook/model';
import { webhookEventsProblem } from '@kartvizit/schemas/webhook/rules';
import {
  canResend,
  deliveryReason,
  deliveryStatusLabel,
  EVENT_GROUPS,
  eventLabel,
  eventsLine,
  excerptPreview,
  isInFlight,
  sentEvents,
  toggleEvent,
} from './webhooks-facts.ts';

describe('the event checkboxes', () => {
  it('offer every subscription exactly once, each with a Turkish label', () => {
    const shown = EVENT_GROUPS.flatMap((group) => group.events);
    expect([...shown].sort()).toEqual([...WEBHOOK_SUBSCRIPTIONS].sort());
    for (const name of shown) expect(eventLabel(name)).not.toBe(name);
    expect(eventLabel('lead.created')).toBe('Yeni bağlantı');
    expect(eventLabel('card.deactivated')).toBe('Kart devre dışı bırakıldı');
  });

  it('keep the choice in the list’s order whatever order it was ticked in', () => {
    let chosen = toggleEvent([], 'card.activated', true);
    chosen = toggleEvent(chosen, 'lead.created', true);
    expect(chosen).toEqual(['lead.created', 'card.activated']);
    expect(toggleEvent(chosen, 'lead.created', false)).toEqual(['card.activated']);
  });

  it('send every product event as product.* alone, which the shared rules accept', () => {
    const chosen = toggleEvent(['product.created', 'lead.created', 'product.deleted'], 'product.*', true);
    expect(sentEvents(chosen)).toEqual(['lead.created', 'product.*']);
    expect(webhookEventsProblem(sentEvents(chosen))).toBeNull();
    // Unticked again, the single ones ticked before come back.
    expect(sentEvents(toggleEvent(chosen, 'product.*', false))).toEqual([
      'lead.created',
      'product.created',
      'product.deleted',
    ]);
  });

  it('name an endpoint’s events in one Turkish line, an unknown name as sent', () => {
    expect(eventsLine(['product.*', 'lead.created'])).toBe('Yeni bağlantı, Tüm ürün olayları');
    expect(eventsLine(['lead.created', 'invoice.paid'])).toBe('Yeni bağlantı, invoice.paid');
  });
});

describe('a delivery in the log', () => {
  it('has a Turkish status for each state', () => {
    expect(WEBHOOK_DELIVERY_STATUSES.map(deliveryStatusLabel)).toEqual([
      'Bekliyor',
      'Yeniden deneniyor',
      'Teslim edildi',
      'Başarısız',
      'Atlandı',
    ]);
  });

  it('is read again while on its way, and can be sent again once it has ended', () => {
    expect(WEBHOOK_DELIVERY_STATUSES.filter((status) => isInFlight({ status }))).toEqual(['pending', 'retrying']);
    expect(WEBHOOK_DELIVERY_STATUSES.filter((status) => canResend({ status }))).toEqual([
      'delivered',
      'failed',
      'skipped',
    ]);
  });

  it('says why it did not arrive, a skip before a failure', () => {
    expect(deliveryReason({ failureReason: null, skipReason: null })).toBeNull();
    expect(deliveryReason({ failureReason: 'timeout', skipReason: null })).toBe('Alıcı zamanında yanıt vermedi');
    expect(deliveryReason({ failureReason: 'status', skipReason: 'paused' })).toBe('Webhook duraklatılmıştı');
  });

  it('shows the answer’s first bytes on one line, cut with an ellipsis', () => {
    expect(excerptPreview('{"ok":true}')).toEqual({ text: '{"ok":true}', cut: false });
    expect(excerptPreview('{\n  "ok": true\n}')).toEqual({ text: '{ "ok": true }', cut: true });
    const long = excerptPreview('x'.repeat(200), 10);
    expect(long).toEqual({ text: `${'x'.repeat(10)}…`, cut: true });
  });
});
