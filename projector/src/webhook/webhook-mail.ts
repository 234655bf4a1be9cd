import type { WebhookEndpointPaused } from '@kartvizit/schemas';
import type { MailContent } from '@kartvizit/infra/mail/layout';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { readAccountHolder, sendMail, type AccountHolder, type MailDependencies } from '../mail/recipients.ts';
import { readEndpoints } from './endpoints.ts';

const WHEN = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

/** The address as the owner knows it, without its path's secrets: scheme, host and port. */
function endpointHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'webhook adresiniz';
  }
}

export function webhookPausedMail(
  holder: AccountHolder,
  url: string,
  data: WebhookEndpointPaused['data'],
  publicBaseUrl: string,
): MailContent {
  return {
    subject: 'Webhook’unuz duraklatıldı',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      `${endpointHost(url)} adresine giden webhook ${WHEN.format(new Date(data.failingSince))} tarihinden beri hiçbir gönderimi kabul etmedi; üç gün dolduğu için ${WHEN.format(new Date(data.at))} tarihinde duraklatıldı.`,
      'Duraklatılmış bir webhook’a gönderim yapılmaz. Alıcı sistemi düzelttikten sonra Entegrasyonlar sayfasından webhook’u yeniden etkinleştirebilir, kayıttaki gönderimleri “Tekrar Gönder” ile yeniden yollayabilirsiniz.',
    ],
    action: { label: 'Entegrasyonlarım', url: `${publicBaseUrl}/integrations` },
    footnote: 'Bu e-postayı, hesabınıza bağlı bir webhook çalışmayı bıraktığı için aldınız.',
  };
}

/** The owner hears of an endpoint the delivery reactor paused after three days of failures (issue 35); not of their own pause. */
export function webhookMailReactor(deps: MailDependencies): Reactor<WebhookEndpointPaused> {
  return {
    name: 'webhook-mail',
    handles: ['WebhookEndpointPaused'],
    async react(event, { idempotencyKey }) {
      if (!event.data.automatic) return;
      const endpoint = (await readEndpoints(deps.store, deps.codec, event.data.ownerId)).get(event.data.endpointId);
      if (!endpoint || endpoint.url === '') return;
      // An office's endpoint: the admin who added it hears of it (they manage the office's integrations).
      const recipient = endpoint.office ? endpoint.addedBy : event.data.ownerId;
      if (!recipient) return;
      const holder = await readAccountHolder(deps, recipient, event.position);
      if (!holder) return;
      return sendMail(deps, {
        to: holder.email,
        content: webhookPausedMail(holder, endpoint.url, event.data, deps.publicBaseUrl),
        kind: 'webhook-paused',
        ownerId: recipient,
        cause: event,
        idempotencyKey,
      });
    },
  };
}
