import { EMAIL_MAX_LENGTH } from '../constants.ts';
import { PROFILE_MESSAGES } from './messages.ts';

/**
 * The profile's option lists, labels and limits (SPEC §3, §9). No dependencies, so the screen and
 * the public card can import them without the phone-number metadata the validation rules carry.
 */

/** What the profile form offers (8). */
export const SOCIAL_PLATFORMS = ['instagram', 'twitter', 'linkedin', 'facebook', 'youtube', 'tiktok', 'github', 'other'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
/** What a stored link may name: the public card also knows medium. */
export const PUBLIC_CARD_SOCIAL_PLATFORMS = [...SOCIAL_PLATFORMS, 'medium'] as const;
export type StoredSocialPlatform = (typeof PUBLIC_CARD_SOCIAL_PLATFORMS)[number];

export const BANK_CURRENCIES = [
  'TRY', 'USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'SEK',
  'NOK', 'DKK', 'CZK', 'HUF', 'PLN', 'BRL', 'RUB', 'INR', 'IDR', 'THB', 'VND',
] as const;
export type BankCurrency = (typeof BANK_CURRENCIES)[number];
export const DEFAULT_BANK_CURRENCY: BankCurrency = 'TRY';

export const PAYMENT_METHOD_TYPES = ['bankTransfer', 'creditCard', 'paypal', 'other'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PROFILE_IMAGE_SLOTS = ['profilePicture', 'coverPhoto', 'companyLogo'] as const;
export type ProfileImageSlot = (typeof PROFILE_IMAGE_SLOTS)[number];

/** Form field that carries a slot's current image address when no new file is chosen. */
export const PROFILE_EXISTING_IMAGE_FIELDS: { readonly [S in ProfileImageSlot]: string } = {
  profilePicture: 'existingProfilePicture',
  coverPhoto: 'existingCoverPhoto',
  companyLogo: 'existingCompanyLogo',
};

const MB = 1024 * 1024;
/** Largest accepted upload per slot (SPEC §9: 2 MB, 4 MB, 2 MB). */
export const PROFILE_IMAGE_MAX_BYTES: { readonly [S in ProfileImageSlot]: number } = {
  profilePicture: 2 * MB,
  coverPhoto: 4 * MB,
  companyLogo: 2 * MB,
};
export const PROFILE_IMAGE_TOO_LARGE: { readonly [S in ProfileImageSlot]: string } = {
  profilePicture: PROFILE_MESSAGES.profilePictureTooLarge,
  coverPhoto: PROFILE_MESSAGES.profileCoverPhotoTooLarge,
  companyLogo: PROFILE_MESSAGES.profileCompanyLogoTooLarge,
};
/** For the file inputs' `accept`; the server checks the bytes, never the name or this type. */
export const PROFILE_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Maximum characters per text field (dotted paths; list rows by their field name). */
export const PROFILE_TEXT_LIMITS = {
  title: 100,
  jobTitle: 100,
  firstName: 50,
  lastName: 50,
  company: 150,
  bio: 1000,
  phone: 32,
  email: EMAIL_MAX_LENGTH,
  website: 500,
  theme: 32,
  yetkiBelgesiNo: 20,
  'address.street': 250,
  'address.city': 100,
  'address.state': 100,
  'address.zipCode': 12,
  'address.country': 100,
  'companyInfo.taxOffice': 100,
  'companyInfo.taxNumber': 20,
  'companyInfo.mersisNo': 24,
  'companyInfo.registrationNumber': 50,
  'invoiceInfo.recipientName': 150,
  'invoiceInfo.taxId': 20,
  'invoiceInfo.taxOffice': 100,
  'invoiceInfo.address': 500,
  'socialLinks.platform': 20,
  'socialLinks.username': 100,
  'socialLinks.url': 500,
  'bankAccounts.bankName': 100,
  'bankAccounts.accountHolder': 150,
  'bankAccounts.iban': 42,
  'bankAccounts.accountNumber': 34,
  'bankAccounts.branchCode': 10,
  'bankAccounts.swiftCode': 11,
  'bankAccounts.currency': 10,
  'paymentMethods.type': 20,
  'paymentMethods.accountName': 100,
  'paymentMethods.accountId': 200,
  'paymentMethods.qrCode': 1000,
} as const;

export const PROFILE_LIST_LIMITS = { socialLinks: 20, bankAccounts: 10, paymentMethods: 10 } as const;
export const FOUNDED_YEAR_MIN = 1800;

/** Scalar fields of the form, by name. */
export const PROFILE_TEXT_FIELDS = [
  'title', 'jobTitle', 'firstName', 'lastName', 'company', 'bio', 'phone', 'email', 'website', 'theme',
  // The Taşınmaz Ticareti Yetki Belgesi number (issue 33): on every listing and the card's portfolio.
  'yetkiBelgesiNo',
] as const;
/** The owner's own words, written again per language (issue 31): `translations.en.bio`. */
export const PROFILE_TRANSLATED_FIELDS = ['jobTitle', 'company', 'bio'] as const;
export type ProfileTranslatedField = (typeof PROFILE_TRANSLATED_FIELDS)[number];
/** Fields sent as one JSON object (JSON text in a multipart form). */
export const PROFILE_OBJECT_FIELDS = ['translations'] as const;
/** Yes/no fields of the form: JSON booleans, or 'true' / 'false' in a multipart form. */
export const PROFILE_FLAG_FIELDS = ['searchable'] as const;
/** Fields sent with dotted names in the multipart form ('address.city'). */
export const PROFILE_GROUP_FIELDS = {
  address: ['street', 'city', 'state', 'zipCode', 'country'],
  location: ['lat', 'lng'],
  companyInfo: ['taxOffice', 'taxNumber', 'mersisNo', 'registrationNumber', 'foundedYear'],
  invoiceInfo: ['recipientName', 'taxId', 'taxOffice', 'address'],
} as const;
export type ProfileGroup = keyof typeof PROFILE_GROUP_FIELDS;
/** Fields sent as JSON text (a list, or one entry per repeated field). */
export const PROFILE_LIST_FIELDS = ['socialLinks', 'bankAccounts', 'paymentMethods'] as const;
export type ProfileList = (typeof PROFILE_LIST_FIELDS)[number];


/** Turkish labels of every platform a stored link may name. */
export const SOCIAL_PLATFORM_LABELS: { readonly [P in StoredSocialPlatform]: string } = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  github: 'GitHub',
  other: 'Diğer',
  medium: 'Medium',
};

export const PAYMENT_TYPE_LABELS: { readonly [T in PaymentMethodType]: string } = {
  bankTransfer: 'Banka Havalesi',
  creditCard: 'Kredi Kartı',
  paypal: 'PayPal',
  other: 'Diğer',
};

/** Card themes the public card knows; the first is used for a new profile. */
export const PROFILE_THEMES = [
  { value: 'classic', label: 'Klasik', colors: ['#4f46e5', '#eef2ff'] },
  { value: 'midnight', label: 'Gece', colors: ['#0f172a', '#38bdf8'] },
  { value: 'ocean', label: 'Okyanus', colors: ['#0e7490', '#ccfbf1'] },
  { value: 'forest', label: 'Orman', colors: ['#166534', '#dcfce7'] },
  { value: 'sunset', label: 'Gün Batımı', colors: ['#c2410c', '#ffedd5'] },
  { value: 'rose', label: 'Gül', colors: ['#be185d', '#fce7f3'] },
] as const;
export type ProfileTheme = (typeof PROFILE_THEMES)[number]['value'];
export const DEFAULT_THEME: ProfileTheme = PROFILE_THEMES[0].value;
