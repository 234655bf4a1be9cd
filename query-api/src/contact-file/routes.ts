import type { FastifyInstance } from 'fastify';
import {
  CardParams,
  ErrorResponse,
  MESSAGES,
  notFoundError,
  parseCardId,
  profileImageKeysOf,
  type Profile,
} from '@kartvizit/schemas';
import { readBlob, type BlobStore } from '@kartvizit/infra/blob/types';
import { SHOWN_CARDS, SHOWN_CARD_PROJECTIONS, type ProfilesRow } from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import {
  attachmentDisposition,
  buildVCard,
  contactFileName,
  contactFullName,
  type ContactCard,
  type ContactPhoto,
  type NoteLabels,
} from './vcard.ts';
import { languagesOf, translated } from '@kartvizit/schemas/language/model';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import { messagesFor, type Translate } from '../language/messages.ts';
import { pageLanguage } from '../language/negotiate.ts';

/** The small variant is a few kB; a main image is embedded only while the file stays phone-sized. */
const MAX_PHOTO_BYTES = 256 * 1024;

type ProfileView = Partial<Profile>;

async function findActiveCardProfile(context: QueryContext, cardId: string): Promise<ProfileView | undefined> {
  try {
    // The same clause, and so the same 404s, as the card page and the public profile.
    const result = await context.pool.query<Pick<ProfilesRow, 'data'>>(`SELECT p.data ${SHOWN_CARDS} AND c.card_id = $1`, [
      cardId,
    ]);
    return result.rows[0]?.data;
  } catch (error) {
    if (isMissingRelation(error)) return undefined;
    throw error;
  }
}

/** The profile photo's bytes: its small variant (160 px JPEG), else the main image if small enough. */
async function profilePhoto(blobs: BlobStore | undefined, url: string | null | undefined): Promise<ContactPhoto | null> {
  const keys = url ? profileImageKeysOf(url) : null;
  if (!blobs || !keys) return null;
  for (const key of [keys.small, keys.main]) {
    const object = await blobs.get(key);
    if (!object) continue;
    if (object.size > MAX_PHOTO_BYTES) {
      object.body.destroy();
      continue;
    }
    return { bytes: await readBlob(object), type: key.endsWith('.png') ? 'PNG' : 'JPEG' };
  }
  return null;
}

/** The note's words in the card's language. */
function noteLabels(t: Translate): NoteLabels {
  return {
    taxNumber: t('vcardTaxNumber'),
    taxOffice: t('taxOffice'),
    mersisNo: t('mersisNo'),
    registrationNumber: t('registrationNumber'),
    bank: t('vcardBank'),
    accountHolder: t('accountHolder'),
    iban: t('iban'),
    accountNumber: t('accountNumber'),
    currency: t('currency'),
    bankAccounts: t('vcardBankAccounts'),
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function toContactCard(profile: ProfileView, photo: ContactPhoto | null): ContactCard {
  const address = profile.address;
  const company = profile.companyInfo;
  return {
    prefix: text(profile.title),
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    jobTitle: text(profile.jobTitle),
    company: text(profile.company),
    phone: text(profile.phone),
    email: text(profile.email),
    website: text(profile.website),
    address: {
      street: text(address?.street),
      city: text(address?.city),
      state: text(address?.state),
      zipCode: text(address?.zipCode),
      country: text(address?.country),
    },
    taxNumber: text(company?.taxNumber),
    taxOffice: text(company?.taxOffice),
    mersisNo: text(company?.mersisNo),
    registrationNumber: text(company?.registrationNumber),
    bankAccounts: (profile.bankAccounts ?? []).map((account) => ({
      bankName: text(account.bankName),
      accountHolder: text(account.accountHolder),
      iban: text(account.iban),
      accountNumber: text(account.accountNumber),
      currency: text(account.currency),
    })),
    socialLinks: (profile.socialLinks ?? []).map((link) => ({ platform: text(link.platform), url: text(link.url) })),
    photo,
  };
}

/**
 * 'Rehbere Ekle' on the public card: the owner's contact as a vCard 3.0 file, built from the same
 * read models as the public profile, so an unknown card and every card that is not shown (not yet
 * activated, deactivated, its owner forgotten) answer the same 404 'Profil bulunamadı'.
 */
export function contactFileQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // Not typed through the TypeBox provider: the answer is a file, not one of the JSON schemas.
    app.get<{ Params: CardParams; Querystring: { lang?: unknown } }>(
      '/api/profile/card/:cardId/contact.vcf',
      {
        schema: {
          tags: ['public'],
          summary: 'Kartın rehber dosyası (vCard 3.0)',
          description:
            'text/vcard; charset=utf-8, downloaded as {company or full name}.vcf. The job title, company and the ' +
            "note's words in the card's language (issue 31): ?lang=en|ru|ar|de|tr when the owner writes in it, else " +
            'the best of Accept-Language among the owner’s languages, else Turkish; names stay as written.',
          params: CardParams,
          response: { 404: ErrorResponse },
        },
        config: { projections: SHOWN_CARD_PROJECTIONS },
      },
      async (request, reply) => {
        const parsed = parseCardId(request.params.cardId);
        const profile = parsed.ok ? await findActiveCardProfile(context, parsed.cardId) : undefined;
        if (!profile) throw notFoundError(MESSAGES.cardPublicProfileNotFound);
        const stored = readStoredProfile(profile);
        const language = pageLanguage(request.query.lang, request.headers['accept-language'], languagesOf(stored.translations));
        const words = translated(
          { jobTitle: text(profile.jobTitle), company: text(profile.company) },
          stored.translations,
          language,
        );
        const card = {
          ...toContactCard(profile, await profilePhoto(context.blobs, profile.profilePicture)),
          ...words,
        };
        return reply
          .header('content-type', 'text/vcard; charset=utf-8')
          .header('content-disposition', attachmentDisposition(contactFileName(card.company, contactFullName(card))))
          // The owner may change the profile at any time; the file is small enough to fetch again.
          .header('cache-control', 'no-store')
          .header('content-language', language)
          .send(buildVCard(card, noteLabels(messagesFor(language))));
      },
    );
  };
}
