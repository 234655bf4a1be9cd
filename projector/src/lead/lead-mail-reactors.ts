import {
  accountStreamId,
  mailStreamId,
  type AccountEvent,
  type LeadSubmitted,
  type MailKind,
} from '@kartvizit/schemas';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import { cardProfileUrl } from '@kartvizit/schemas/http/card';
import { renderMail, type MailContent } from '@kartvizit/infra/mail/layout';
import type { Mailer } from '@kartvizit/infra/mail/mailer';
import type { Reactor, ReactionOutcome } from '@kartvizit/infra/processing/reactor';
import type { EventCodec, StoredEvent } from '@kartvizit/infra/vault/event-codec';

export interface LeadMailDependencies {
  readonly mailer: Mailer;
  readonly store: EventStore;
  readonly codec: EventCodec;
  /** PUBLIC_BASE_URL: the links in the e-mails. */
  readonly publicBaseUrl: string;
}

interface Owner {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** The owner as the account stream says now (the source of truth, decrypted); null when gone or forgotten. */
async function readOwner(deps: LeadMailDependencies, ownerId: string): Promise<Owner | null> {
  const { events } = await deps.store.readStream(accountStreamId(ownerId));
  let owner: Owner | null = null;
  for (const recorded of events) {
    const event = (await deps.codec.decode(recorded)) as StoredEvent<AccountEvent> | null;
    if (event?.type === 'AccountRegistered') {
      owner = event.forgotten
        ? null
        : { email: event.data.email, firstName: event.data.firstName, lastName: event.data.lastName };
    }
  }
  return owner;
}

function sent(event: StoredEvent<LeadSubmitted>, kind: MailKind): ReactionOutcome {
  return {
    streamId: mailStreamId(event.data.ownerId),
    events: [
      {
        type: 'EmailSent',
        data: {
          ownerId: event.data.ownerId,
          kind,
          causeEventId: event.eventId,
          leadId: event.data.leadId,
          sentAt: new Date().toISOString(),
        },
      },
    ],
  };
}

/** The e-mail that tells an owner a visitor left their details ('Bilgilerini Paylaş'). */
export function leadAlertMail(lead: LeadSubmitted['data'], owner: Owner, publicBaseUrl: string): MailContent {
  return {
    subject: `Yeni bağlantı: ${lead.fullName}`,
    greeting: `Merhaba ${owner.firstName},`,
    paragraphs: ['Dijital kartvizitinizi gören biri bilgilerini sizinle paylaştı.'],
    facts: [
      ['Ad Soyad', lead.fullName],
      ['Telefon', lead.phone],
      ['E-posta', lead.email],
      ['Mesaj', lead.message],
      ['Tanıtım iletisi izni', lead.marketingConsent ? 'Verdi' : 'Vermedi'],
    ],
    action: { label: 'Bağlantılarımı Aç', url: `${publicBaseUrl}/leads` },
    footnote: 'Bu e-postayı, kartvizitinizde biri bilgilerini paylaştığında haber almak için alıyorsunuz.',
  };
}

/** The e-mail that tells a visitor who agreed to be contacted that their details reached the owner. */
export function leadConfirmationMail(lead: LeadSubmitted['data'], owner: Owner, publicBaseUrl: string): MailContent {
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim();
  return {
    subject: `Bilgileriniz iletildi: ${ownerName}`,
    greeting: `Merhaba ${lead.fullName},`,
    paragraphs: [
      `Dijital kartvizit üzerinden paylaştığınız bilgiler ${ownerName} adlı kişiye iletildi. En kısa sürede sizinle iletişime geçecek.`,
      'Bilgilerinizin silinmesini isterseniz bu kişiyle doğrudan iletişime geçebilirsiniz.',
    ],
    facts: [
      ['Ad Soyad', lead.fullName],
      ['Telefon', lead.phone],
      ['Mesaj', lead.message],
    ],
    action: { label: 'Kartviziti Aç', url: cardProfileUrl(publicBaseUrl, lead.cardId) },
    footnote: 'Bu e-postayı, bir dijital kartvizitte bilgilerinizi paylaşıp iletişime izin verdiğiniz için aldınız.',
  };
}

/**
 * Two reactors, one e-mail each, so a failure of one never sends the other twice: the owner's alert,
 * and the visitor's confirmation (only when the visitor gave an e-mail and agreed to be contacted).
 * A lead deleted before its e-mail went (its key destroyed, so it reads as forgotten) and an owner
 * who is gone get no e-mail.
 */
export function leadMailReactors(deps: LeadMailDependencies): Reactor<LeadSubmitted>[] {
  return [
    {
      name: 'lead-alert-mail',
      handles: ['LeadSubmitted'],
      async react(event, { idempotencyKey }) {
        if (event.forgotten) return;
        const owner = await readOwner(deps, event.data.ownerId);
        if (!owner) return;
        const mail = renderMail(leadAlertMail(event.data, owner, deps.publicBaseUrl));
        await deps.mailer.send({ to: owner.email, ...mail, key: `${idempotencyKey}.lead-alert` });
        return sent(event, 'lead-alert');
      },
    },
    {
      name: 'lead-confirmation-mail',
      handles: ['LeadSubmitted'],
      async react(event, { idempotencyKey }) {
        if (event.forgotten || !event.data.marketingConsent || event.data.email === '') return;
        const owner = await readOwner(deps, event.data.ownerId);
        if (!owner) return;
        const mail = renderMail(leadConfirmationMail(event.data, owner, deps.publicBaseUrl));
        await deps.mailer.send({ to: event.data.email, ...mail, key: `${idempotencyKey}.lead-confirmation` });
        return sent(event, 'lead-confirmation');
      },
    },
  ];
}
