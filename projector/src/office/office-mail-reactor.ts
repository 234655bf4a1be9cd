import {
  OFFICE_INVITATION_DAYS,
  OFFICE_ROLE_LABELS,
  officeStreamId,
  type OfficeEvent,
  type OfficeInvitationSent,
  type OfficeRole,
} from '@kartvizit/schemas';
import type { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import type { MailContent } from '@kartvizit/infra/mail/layout';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { readAccountHolder, sendMail, type MailDependencies } from '../mail/recipients.ts';

const UNTIL = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

/** What the invitation e-mail says: which office, in which role, who invited, and the link. */
export interface OfficeInvitationLetter {
  readonly officeName: string;
  readonly role: OfficeRole;
  readonly inviterName: string;
  readonly link: string;
  readonly expiresAt: string;
}

/** The e-mail to the invited address (issue 30): the link is valid 7 days and once; ignoring it changes nothing. */
export function officeInvitationMail(letter: OfficeInvitationLetter): MailContent {
  const role = OFFICE_ROLE_LABELS[letter.role];
  return {
    subject: `${letter.officeName} sizi Dijital Kartvizit'te ekibine davet ediyor`,
    greeting: 'Merhaba,',
    paragraphs: [
      `${letter.inviterName}, sizi ${letter.officeName} ofisine ${role} olarak davet etti. Daveti kabul ettiğinizde ofisin kartvizitleri, şablonu ve ekibiyle çalışmaya başlarsınız.`,
      'Dijital Kartvizit hesabınız yoksa bağlantıyı açıp bu e-posta adresiyle kaydolun; hesabınız varsa bu adresle giriş yapıp daveti kabul edin.',
      `Bağlantı ${OFFICE_INVITATION_DAYS} gün (${UNTIL.format(new Date(letter.expiresAt))} tarihine kadar) geçerlidir ve yalnızca bir kez kullanılabilir; ofis daveti geri alırsa geçersiz olur.`,
      'Bu daveti beklemiyorsanız bu e-postayı yok sayabilirsiniz: siz kabul etmedikçe hiçbir ofise katılmazsınız.',
    ],
    facts: [
      ['Ofis', letter.officeName],
      ['Rol', role],
      ['Davet eden', letter.inviterName],
    ],
    action: { label: 'Daveti Görüntüle', url: letter.link },
    footnote: 'Bu e-postayı, bir ofis yöneticisi bu adresi Dijital Kartvizit ofisine davet ettiği için aldınız.',
  };
}

/**
 * The office as its stream says now (decrypted): its name, and whether the invitation is still open (no revocation
 * or acceptance came after it). Null when the office is gone or forgotten.
 */
async function readInvitingOffice(
  deps: MailDependencies,
  event: StoredEvent<OfficeInvitationSent>,
): Promise<{ readonly name: string; readonly open: boolean } | null> {
  const { events } = await deps.store.readStream(officeStreamId(event.data.officeId));
  let name: string | null = null;
  let open = true;
  for (const recorded of events) {
    const stored = (await deps.codec.decode(recorded)) as StoredEvent<OfficeEvent> | null;
    if (!stored) continue;
    if (stored.type === 'OfficeCreated') name = stored.forgotten ? null : stored.data.name;
    else if (stored.type === 'OfficeDetailsChanged' && !stored.forgotten) name = stored.data.details.name;
    else if (
      (stored.type === 'OfficeInvitationRevoked' || stored.type === 'OfficeInvitationAccepted') &&
      stored.data.invitationId === event.data.invitationId
    )
      open = false;
  }
  return name === null || name === '' ? null : { name, open };
}

/**
 * The invitation e-mail (decision 61): on OfficeInvitationSent, a Turkish e-mail to the invited address with the
 * signed link `{PUBLIC_BASE_URL}/invite/{token}`, made here from the event's ids (nothing secret is stored). An
 * invitation revoked, accepted or expired before the reactor got to it, or one whose office is forgotten, is not sent.
 * The e-mail is recorded as the inviter's (EmailSent in `mail-{invitedBy}`), never to whom it went.
 */
export function officeMailReactor(
  deps: MailDependencies & { readonly invitationLinks: SignedLinks },
): Reactor<OfficeInvitationSent> {
  return {
    name: 'office-invitation-mail',
    handles: ['OfficeInvitationSent'],
    async react(event, { idempotencyKey }) {
      if (event.forgotten || event.data.email === '' || Date.now() > Date.parse(event.data.expiresAt)) return;
      const office = await readInvitingOffice(deps, event);
      if (!office?.open) return;
      const inviter = await readAccountHolder(deps, event.data.invitedBy, event.position);
      const links = deps.invitationLinks;
      const link = links.url(deps.publicBaseUrl, links.issue(event.data.officeId, event.data.invitationId));
      return sendMail(deps, {
        to: event.data.email,
        content: officeInvitationMail({
          officeName: office.name,
          role: event.data.role,
          // An inviter whose account is gone since: the office itself invites.
          inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : `${office.name} yönetimi`,
          link,
          expiresAt: event.data.expiresAt,
        }),
        kind: 'office-invitation',
        ownerId: event.data.invitedBy,
        cause: event,
        idempotencyKey,
      });
    },
  };
}
