import { authorisationEndsAt, type ListingAuthorisationReminderDue } from '@kartvizit/schemas';
import type { MailContent } from '@kartvizit/infra/mail/layout';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { readAccountHolder, sendMail, type AccountHolder, type MailDependencies } from '../mail/recipients.ts';

const LONG_DATE = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '31 Aralık 2026': an authorisation's last day as the e-mail says it. */
export function lastDayText(validUntil: string): string {
  return LONG_DATE.format(new Date(`${validUntil}T00:00:00Z`));
}

/** The reminder that a listing's EİDS authorisation is about to end (seven days before, and on its last day). */
export function listingReminderMail(
  reminder: ListingAuthorisationReminderDue['data'],
  owner: AccountHolder,
  publicBaseUrl: string,
): MailContent {
  const lastDay = lastDayText(reminder.validUntil);
  const endsAt = authorisationEndsAt(reminder.validUntil);
  const name = reminder.name || 'İlanınız';
  return {
    subject:
      reminder.reminder === 'week'
        ? `EİDS yetkisi 7 gün içinde bitiyor: ${name}`
        : `EİDS yetkisinin son günü: ${name}`,
    greeting: `Merhaba ${owner.firstName},`,
    paragraphs: [
      `'${name}' ilanınızın e-Devlet Elektronik İlan Doğrulama Sistemi (EİDS) yetkisi ${lastDay} günü sonunda bitiyor. Yetki bittiğinde ilan kartınızın portföyünden kendiliğinden kalkar.`,
      "Yetkiyi e-Devlet'ten yeniledikten sonra yeni bitiş tarihini ilanınıza girin; ilan kartınızda kalmaya devam eder.",
    ],
    facts: [
      ['İlan', name],
      ['Yetkinin son günü', lastDay],
      ['İlanın kartınızdan kalkacağı an', `${lastDayText(endsAt.toISOString().slice(0, 10))} 00:00 (Türkiye saati)`],
    ],
    action: { label: 'İlanlarımı Aç', url: `${publicBaseUrl}/products` },
    footnote: 'Bu e-postayı, kartınızdaki bir ilanın EİDS yetkisinin bitiş tarihi yaklaştığı için alıyorsunuz.',
  };
}

/**
 * One e-mail per reminder event (issue 33): the event is appended once per stage by the listing-authorisations
 * schedule, and this reactor's checkpoint and Message-ID make its e-mail go once. A forgotten owner gets none.
 */
export function listingMailReactor(deps: MailDependencies): Reactor<ListingAuthorisationReminderDue> {
  return {
    name: 'listing-authorisation-mail',
    handles: ['ListingAuthorisationReminderDue'],
    async react(event, { idempotencyKey }) {
      if (event.forgotten) return;
      const owner = await readAccountHolder(deps, event.data.ownerId, event.position);
      if (!owner) return;
      return sendMail(deps, {
        to: owner.email,
        content: listingReminderMail(event.data, owner, deps.publicBaseUrl),
        kind: 'listing-authorisation-reminder',
        ownerId: event.data.ownerId,
        cause: event,
        idempotencyKey,
      });
    },
  };
}
