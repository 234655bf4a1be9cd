import { OWNER_LANGUAGES } from '../language/model.ts';
import type { ProfileTranslations } from './events.ts';
import { PROFILE_TRANSLATED_FIELDS, PUBLIC_CARD_SOCIAL_PLATFORMS, type StoredSocialPlatform } from './model.ts';

/**
 * Reading a profile as the read model stores it (the `Profile` of GET /api/profile/me), for the public pages. Rows are
 * read defensively: a field of the wrong type (an old or damaged row) reads as empty, so a page shows less rather than
 * fails. Text is trimmed, and a finite number reads as its digits (the founding year is stored as a number).
 *
 * What the data means is decided here: 'x' is the platform's new name for twitter, an unknown platform is 'other', an
 * entry of a list that is not an object is no entry. What a page makes of it stays in the page: a payment type keeps
 * its stored text (the page names a brand from it and shows an unknown type by its name), a bank account's currency
 * is '' when it states none (no currency row), links and images stay unchecked until the page makes them safe.
 */

export interface StoredProfileAddress {
  readonly street: string;
  readonly city: string;
  readonly state: string;
  readonly zipCode: string;
  /** '' when the row has none: the page decides whether Türkiye is meant. */
  readonly country: string;
}

export interface StoredProfileSocialLink {
  readonly platform: StoredSocialPlatform;
  readonly username: string;
  /** As stored (untrimmed), null when not text: the page keeps only a safe http(s) address. */
  readonly url: string | null;
}

export interface StoredProfileBankAccount {
  readonly bankName: string;
  readonly accountHolder: string;
  readonly iban: string;
  readonly accountNumber: string;
  readonly branchCode: string;
  readonly swiftCode: string;
  /** The stored code, '' when the row states none. */
  readonly currency: string;
}

export interface StoredProfilePaymentMethod {
  /** The stored text, not narrowed to `PAYMENT_METHOD_TYPES`: an unknown type still names the method. */
  readonly type: string;
  readonly accountName: string;
  readonly accountId: string;
  /** As stored (untrimmed), null when not text: an http(s) address or one of our media paths. */
  readonly qrCode: string | null;
}

/** Image addresses as stored, null when not text; the page keeps only our own media paths. */
export interface StoredProfileImages {
  readonly profilePicture: string | null;
  readonly coverPhoto: string | null;
  readonly companyLogo: string | null;
}

export interface StoredProfile extends StoredProfileImages {
  /** The profile's id, '' when the row has none. */
  readonly _id: string;
  readonly title: string;
  readonly jobTitle: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly company: string;
  readonly bio: string;
  readonly phone: string;
  readonly phoneFormatted: string;
  readonly email: string;
  readonly website: string;
  /** The small variants. */
  readonly thumbnails: StoredProfileImages;
  readonly theme: string;
  readonly address: StoredProfileAddress;
  /** Only a real place: finite numbers within ±90 / ±180. */
  readonly location: { readonly lat: number; readonly lng: number } | null;
  readonly socialLinks: readonly StoredProfileSocialLink[];
  readonly companyInfo: {
    readonly taxOffice: string;
    readonly taxNumber: string;
    readonly mersisNo: string;
    readonly registrationNumber: string;
    /** The year as text ('1998'), '' when none. */
    readonly foundedYear: string;
  };
  readonly invoiceInfo: {
    readonly recipientName: string;
    readonly taxId: string;
    readonly taxOffice: string;
    readonly address: string;
  };
  readonly bankAccounts: readonly StoredProfileBankAccount[];
  readonly paymentMethods: readonly StoredProfilePaymentMethod[];
  /** Only an explicit yes: profiles saved before the switch existed are not listed (decision 19). */
  readonly searchable: boolean;
  /** 'Diğer Diller' (issue 31): `{}` for a profile saved before them. */
  readonly translations: ProfileTranslations;
  /** The Taşınmaz Ticareti Yetki Belgesi number (issue 33); '' when none was given. */
  readonly yetkiBelgesiNo: string;
}

type Stored = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown): Stored {
  return isRecord(value) ? value : {};
}

function text(value: unknown): string {
  return typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';
}

function raw(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function entries(value: unknown): Stored[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function images(source: Stored): StoredProfileImages {
  return {
    profilePicture: raw(source.profilePicture),
    coverPhoto: raw(source.coverPhoto),
    companyLogo: raw(source.companyLogo),
  };
}

function platformOf(value: unknown): StoredSocialPlatform {
  const name = text(value).toLowerCase();
  if (name === 'x') return 'twitter';
  return PUBLIC_CARD_SOCIAL_PLATFORMS.find((platform) => platform === name) ?? 'other';
}

function locationOf(value: unknown): StoredProfile['location'] {
  const { lat, lng } = record(value);
  return typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
    ? { lat, lng }
    : null;
}

export function readStoredProfile(stored: unknown): StoredProfile {
  const data = record(stored);
  const address = record(data.address);
  const company = record(data.companyInfo);
  const invoice = record(data.invoiceInfo);
  return {
    _id: text(data._id),
    title: text(data.title),
    jobTitle: text(data.jobTitle),
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    company: text(data.company),
    bio: text(data.bio),
    phone: text(data.phone),
    phoneFormatted: text(data.phoneFormatted),
    email: text(data.email),
    website: text(data.website),
    ...images(data),
    thumbnails: images(record(data.thumbnails)),
    theme: text(data.theme),
    address: {
      street: text(address.street),
      city: text(address.city),
      state: text(address.state),
      zipCode: text(address.zipCode),
      country: text(address.country),
    },
    location: locationOf(data.location),
    socialLinks: entries(data.socialLinks).map((link) => ({
      platform: platformOf(link.platform),
      username: text(link.username),
      url: raw(link.url),
    })),
    companyInfo: {
      taxOffice: text(company.taxOffice),
      taxNumber: text(company.taxNumber),
      mersisNo: text(company.mersisNo),
      registrationNumber: text(company.registrationNumber),
      foundedYear: text(company.foundedYear),
    },
    invoiceInfo: {
      recipientName: text(invoice.recipientName),
      taxId: text(invoice.taxId),
      taxOffice: text(invoice.taxOffice),
      address: text(invoice.address),
    },
    bankAccounts: entries(data.bankAccounts).map((account) => ({
      bankName: text(account.bankName),
      accountHolder: text(account.accountHolder),
      iban: text(account.iban),
      accountNumber: text(account.accountNumber),
      branchCode: text(account.branchCode),
      swiftCode: text(account.swiftCode),
      currency: text(account.currency),
    })),
    paymentMethods: entries(data.paymentMethods).map((method) => ({
      type: text(method.type),
      accountName: text(method.accountName),
      accountId: text(method.accountId),
      qrCode: raw(method.qrCode),
    })),
    searchable: data.searchable === true,
    translations: readProfileTranslations(data.translations),
    yetkiBelgesiNo: text(data.yetkiBelgesiNo),
  };
}

/** Stored translations as today's readers expect them: a language or field of the wrong shape counts as absent. */
export function readProfileTranslations(value: unknown): ProfileTranslations {
  if (!isRecord(value)) return {};
  const result: Record<string, Record<string, string>> = {};
  for (const language of OWNER_LANGUAGES) {
    const fields = value[language];
    if (!isRecord(fields)) continue;
    const entry: Record<string, string> = {};
    for (const field of PROFILE_TRANSLATED_FIELDS) {
      const written = text(fields[field]);
      if (written !== '') entry[field] = written;
    }
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  return result;
}

