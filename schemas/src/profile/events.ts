import type { EventRegistry } from '../common/event-type-info.ts';
import type { Translations } from '../language/model.ts';
import type { BankCurrency, PaymentMethodType, ProfileTranslatedField, StoredSocialPlatform } from './model.ts';

/**
 * Profile events: one stream per owner, each event a full snapshot of the editable data, so a
 * replay needs no merging. The whole `profile` field is personal data (names, phone, IBANs,
 * images): sealed with the owner's key, unreadable once the owner is forgotten.
 */

export interface ProfileAddress {
  readonly street: string;
  readonly city: string;
  readonly state: string;
  readonly zipCode: string;
  /** Never empty: Türkiye when the owner left it blank. */
  readonly country: string;
}

export interface ProfileLocation {
  readonly lat: number;
  readonly lng: number;
}

export interface ProfileSocialLink {
  readonly platform: StoredSocialPlatform;
  /** Without a leading '@'. */
  readonly username: string;
  /** http(s) only; filled from platform + username when the owner left it blank. */
  readonly url: string;
}

export interface ProfileCompanyInfo {
  readonly taxOffice: string;
  /** Digits only: a 10-digit VKN or an 11-digit TCKN, checksums verified; '' when none. */
  readonly taxNumber: string;
  /** 16 digits or ''. */
  readonly mersisNo: string;
  readonly registrationNumber: string;
  readonly foundedYear: number | null;
}

export interface ProfileInvoiceInfo {
  readonly recipientName: string;
  /** Digits only: VKN or TCKN, or ''. */
  readonly taxId: string;
  readonly taxOffice: string;
  readonly address: string;
}

export interface ProfileBankAccount {
  readonly bankName: string;
  readonly accountHolder: string;
  /** Compact (no spaces), upper case, mod-97 verified; '' when only an account number is given. */
  readonly iban: string;
  readonly accountNumber: string;
  readonly branchCode: string;
  readonly swiftCode: string;
  readonly currency: BankCurrency;
}

export interface ProfilePaymentMethod {
  readonly type: PaymentMethodType;
  readonly accountName: string;
  readonly accountId: string;
  /** Address of a QR image (http(s)), or ''. */
  readonly qrCode: string;
}

/**
 * The owner's words in other languages (issue 31): only languages with text, only fields with text, each normalised as
 * the Turkish field is. A field left out reads as the Turkish one.
 */
export type ProfileTranslations = Translations<{ readonly [F in ProfileTranslatedField]: string }>;

/** The owner-editable profile (SPEC §3), normalised: trimmed text, '' for blank, E.164 phone. */
export interface ProfileData {
  readonly title: string;
  readonly jobTitle: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly company: string;
  readonly bio: string;
  /** E.164 ('+905321234567') or ''. */
  readonly phone: string;
  /** Lower-cased or ''. */
  readonly email: string;
  readonly website: string;
  /** Our own content-addressed media URLs ('/media/…'), or null. */
  readonly profilePicture: string | null;
  readonly coverPhoto: string | null;
  readonly companyLogo: string | null;
  readonly theme: string;
  readonly address: ProfileAddress;
  readonly location: ProfileLocation | null;
  readonly socialLinks: readonly ProfileSocialLink[];
  readonly companyInfo: ProfileCompanyInfo;
  readonly invoiceInfo: ProfileInvoiceInfo;
  readonly bankAccounts: readonly ProfileBankAccount[];
  readonly paymentMethods: readonly ProfilePaymentMethod[];
  /**
   * The owner lets search engines list the card pages (docs/decisions/0019): no `noindex`, a
   * place in sitemap.xml, schema.org data on the page. Since schema version 2; events of version 1
   * have no such field and mean false (read them through `readProfileData`).
   */
  readonly searchable: boolean;
  /** Since schema version 3; earlier events have none (read them through `readProfileData`). */
  readonly translations: ProfileTranslations;
  /** The Taşınmaz Ticareti Yetki Belgesi number, digits or '' (issue 33); since schema version 4. */
  readonly yetkiBelgesiNo: string;
}

export interface ProfileCreated {
  readonly type: 'ProfileCreated';
  readonly data: {
    readonly profileId: string;
    readonly ownerId: string;
    readonly profile: ProfileData;
    readonly createdAt: string;
  };
}

export interface ProfileUpdated {
  readonly type: 'ProfileUpdated';
  readonly data: {
    readonly profileId: string;
    readonly ownerId: string;
    readonly profile: ProfileData;
    readonly updatedAt: string;
  };
}

export type ProfileEvent = ProfileCreated | ProfileUpdated;

/** One profile per owner, so the stream is named after the owner (cards check it exists). */
export function profileStreamId(ownerId: string): string {
  return `profile-${ownerId}`;
}

/** Version 2 added `profile.searchable`, version 3 `profile.translations`, version 4 `profile.yetkiBelgesiNo`. */
export const PROFILE_EVENT_TYPES: EventRegistry<ProfileEvent> = {
  ProfileCreated: { schemaVersion: 4, ownerField: 'ownerId', personalFields: ['profile'] },
  ProfileUpdated: { schemaVersion: 4, ownerField: 'ownerId', personalFields: ['profile'] },
};
