import type { LeadSubmitted } from '@kartvizit/schemas';
import { cardProfileUrl } from '@kartvizit/schemas/card/http';
import type { MailContent } from '@kartvizit/infra/mail/layout';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { readAccountHolder, sendMail, type AccountHolder, type MailDependencies } from '../mail/recipients.ts';

/** The e-mail that tells an owner a visitor left their details ('Bilgilerini Paylaş'). */
export function leadAlertMail(lead: LeadSubmitted['data'], owner: AccountHolder, publicBaseUrl: string): MailContent {
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
export function leadConfirmationMail(
  lead: LeadSubmitted['data'],
  owner: AccountHolder,
  publicBaseUrl: string,
): MailContent {
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
export function leadMailReactors(deps: MailDependencies): Reactor<LeadSubmitted>[] {
  return [
    {
      name: 'lead-alert-mail',
      handles: ['LeadSubmitted'],
      async react(event, { idempotencyKey }) {
        if (event.forgotten) return;
        // The owner's settings and name when the visitor came, not when the reactor got to the lead.
        const owner = await readAccountHolder(deps, event.data.ownerId, event.position);
        // The owner had switched the alert off on /account: nothing is sent, and nothing recorded as sent.
        if (!owner?.leadAlerts) return;
        return sendMail(deps, {
          to: owner.email,
          content: leadAlertMail(event.data, owner, deps.publicBaseUrl),
          kind: 'lead-alert',
          ownerId: event.data.ownerId,
          cause: event,
          idempotencyKey,
          leadId: event.data.leadId,
        });
      },
    },
    {
      name: 'lead-confirmation-mail',
      handles: ['LeadSubmitted'],
      async react(event, { idempotencyKey }) {
        if (event.forgotten || !event.data.marketingConsent || event.data.email === '') return;
        const owner = await readAccountHolder(deps, event.data.ownerId, event.position);
        if (!owner) return;
        return sendMail(deps, {
          to: event.data.email,
          content: leadConfirmationMail(event.data, owner, deps.publicBaseUrl),
          kind: 'lead-confirmation',
          ownerId: event.data.ownerId,
          cause: event,
          idempotencyKey,
          leadId: event.data.leadId,
        });
      },
    },
  ];
}
