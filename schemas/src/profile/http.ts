import { Type, type Static } from 'typebox';
import type { ProfileData } from './events.ts';
import { BANK_CURRENCIES, PAYMENT_METHOD_TYPES, PUBLIC_CARD_SOCIAL_PLATFORMS, type ProfileImageSlot } from './model.ts';
import { formatProfilePhone } from './rules.ts';
import { Position } from '../common/http.ts';

/**
 * The profile as GET /api/profile/me and the save commands answer with it (SPEC §3, §7), and as
 * the read model `rm_profiles.data` holds it. `_id` is the profile id, `user` the owner id.
 */

const ImageUrl = Type.Union([Type.String(), Type.Null()]);

export const ProfileAddressSchema = Type.Object({
  street: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zipCode: Type.String(),
  country: Type.String(),
});

export const ProfileSocialLinkSchema = Type.Object({
  platform: Type.Enum(PUBLIC_CARD_SOCIAL_PLATFORMS),
  username: Type.String(),
  url: Type.String(),
});

export const ProfileBankAccountSchema = Type.Object({
  bankName: Type.String(),
  accountHolder: Type.String(),
  iban: Type.String({ description: 'Compact, upper case, mod-97 verified' }),
  accountNumber: Type.String(),
  branchCode: Type.String(),
  swiftCode: Type.String(),
  currency: Type.Enum(BANK_CURRENCIES),
});

export const ProfilePaymentMethodSchema = Type.Object({
  type: Type.Enum(PAYMENT_METHOD_TYPES),
  accountName: Type.String(),
  accountId: Type.String(),
  qrCode: Type.String(),
});

const TranslatedProfileFields = Type.Object(
  { jobTitle: Type.Optional(Type.String()), company: Type.Optional(Type.String()), bio: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** 'Diğer Diller' (issue 31): the owner's words per language; a language is on when it has any text. */
const ProfileTranslationsSchema = Type.Object(
  {
    en: Type.Optional(TranslatedProfileFields),
    ru: Type.Optional(TranslatedProfileFields),
    ar: Type.Optional(TranslatedProfileFields),
    de: Type.Optional(TranslatedProfileFields),
  },
  {
    additionalProperties: false,
    description:
      "The owner's job title, company line and bio in English, Russian, Arabic and German; an empty field falls back to Turkish. On a save: absent keeps the stored ones, {} clears them",
  },
);

export const Profile = Type.Object({
  _id: Type.String({ format: 'uuid' }),
  user: Type.String({ format: 'uuid' }),
  title: Type.String(),
  jobTitle: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  company: Type.String(),
  bio: Type.String(),
  phone: Type.String({ description: "E.164 ('+905321234567') or ''" }),
  phoneFormatted: Type.String({
    description: "Turkish national format ('0532 123 45 67'); other countries international",
  }),
  email: Type.String(),
  website: Type.String(),
  profilePicture: ImageUrl,
  coverPhoto: ImageUrl,
  companyLogo: ImageUrl,
  /** Small variants for lists and the public card (160 px; cover 640 px wide). */
  thumbnails: Type.Object({ profilePicture: ImageUrl, coverPhoto: ImageUrl, companyLogo: ImageUrl }),
  theme: Type.String(),
  address: ProfileAddressSchema,
  location: Type.Union([Type.Object({ lat: Type.Number(), lng: Type.Number() }), Type.Null()]),
  socialLinks: Type.Array(ProfileSocialLinkSchema),
  companyInfo: Type.Object({
    taxOffice: Type.String(),
    taxNumber: Type.String(),
    mersisNo: Type.String(),
    registrationNumber: Type.String(),
    foundedYear: Type.Union([Type.Integer(), Type.Null()]),
  }),
  invoiceInfo: Type.Object({
    recipientName: Type.String(),
    taxId: Type.String(),
    taxOffice: Type.String(),
    address: Type.String(),
  }),
  bankAccounts: Type.Array(ProfileBankAccountSchema),
  paymentMethods: Type.Array(ProfilePaymentMethodSchema),
  searchable: Type.Boolean({
    description:
      'The owner lets search engines list the card pages (no noindex, sitemap.xml, schema.org data); false by default',
  }),
  translations: ProfileTranslationsSchema,
  yetkiBelgesiNo: Type.String({
    description: "The Taşınmaz Ticareti Yetki Belgesi number (digits, or ''): shown on the owner's listings and portfolio",
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Profile = Static<typeof Profile>;

export const ProfileMeResponse = Type.Object({
  success: Type.Literal(true),
  /** Null until the owner saves a profile for the first time. */
  profile: Type.Union([Profile, Type.Null()]),
  message: Type.Optional(Type.String()),
});
export type ProfileMeResponse = Static<typeof ProfileMeResponse>;

export const ProfileSaveResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  profile: Profile,
  /** Absent when the save changed nothing (no event was appended). */
  position: Type.Optional(Position),
});
export type ProfileSaveResponse = Static<typeof ProfileSaveResponse>;

// ---------------------------------------------------------------------------------------------
// Image addresses: content-addressed media keys, served by query-api at /media/<key>

export const MEDIA_URL_PREFIX = '/media/';

const SLOT_KEY_NAMES: { readonly [S in ProfileImageSlot]: string } = {
  profilePicture: 'picture',
  coverPhoto: 'cover',
  companyLogo: 'logo',
};

export type ProfileImageExtension = 'jpg' | 'png';

/** The folder of blob keys that holds an owner's profile images (removed whole when the account is deleted). */
export function profileImageFolder(ownerId: string): string {
  return `profiles/${ownerId.toLowerCase()}`;
}

/**
 * Blob keys of one processed image: `profiles/<owner>/<slot>-<sha256/128 of the bytes>.<ext>` and
 * its small variant `…-sm.<ext>`. The hash changes with the image, so a URL can be cached forever.
 */
export function profileImageKeys(
  ownerId: string,
  slot: ProfileImageSlot,
  hash: string,
  extension: ProfileImageExtension,
): { readonly main: string; readonly small: string } {
  const base = `${profileImageFolder(ownerId)}/${SLOT_KEY_NAMES[slot]}-${hash}`;
  return { main: `${base}.${extension}`, small: `${base}-sm.${extension}` };
}

export function mediaUrl(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

const PROFILE_IMAGE_URL = /^\/media\/(profiles\/[0-9a-f-]{36}\/(?:picture|cover|logo)-[0-9a-f]{32})\.(jpg|png)$/;

/** The blob keys behind one of our profile image URLs, or null for anything else. */
export function profileImageKeysOf(url: string): { readonly main: string; readonly small: string } | null {
  const match = PROFILE_IMAGE_URL.exec(url);
  return match ? { main: `${match[1]}.${match[2]}`, small: `${match[1]}-sm.${match[2]}` } : null;
}

/** The small variant's URL of one of our profile image URLs. */
export function smallImageUrl(url: string | null): string | null {
  const keys = url ? profileImageKeysOf(url) : null;
  return keys ? mediaUrl(keys.small) : null;
}

/**
 * An image address as a client sends it back: the cache-busting query ('?t=…') and an origin
 * ('https://kart.example.com/media/…') are dropped; anything else is kept to be compared.
 */
export function canonicalImageUrl(raw: string): string {
  const value = raw.trim();
  const path = /^https?:\/\/[^/]+(\/.*)$/i.exec(value)?.[1] ?? value;
  return path.replace(/[?#].*$/, '');
}

export interface ProfileViewInput {
  readonly profileId: string;
  readonly ownerId: string;
  readonly profile: ProfileData;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The one way a stored profile becomes what clients read (command answers and the read model). */
export function toProfileView(input: ProfileViewInput): Profile {
  const { profile } = input;
  return {
    _id: input.profileId,
    user: input.ownerId,
    title: profile.title,
    jobTitle: profile.jobTitle,
    firstName: profile.firstName,
    lastName: profile.lastName,
    company: profile.company,
    bio: profile.bio,
    phone: profile.phone,
    phoneFormatted: formatProfilePhone(profile.phone),
    email: profile.email,
    website: profile.website,
    profilePicture: profile.profilePicture,
    coverPhoto: profile.coverPhoto,
    companyLogo: profile.companyLogo,
    thumbnails: {
      profilePicture: smallImageUrl(profile.profilePicture),
      coverPhoto: smallImageUrl(profile.coverPhoto),
      companyLogo: smallImageUrl(profile.companyLogo),
    },
    theme: profile.theme,
    address: { ...profile.address },
    location: profile.location ? { lat: profile.location.lat, lng: profile.location.lng } : null,
    socialLinks: profile.socialLinks.map((link) => ({ ...link })),
    companyInfo: { ...profile.companyInfo },
    invoiceInfo: { ...profile.invoiceInfo },
    bankAccounts: profile.bankAccounts.map((account) => ({ ...account })),
    paymentMethods: profile.paymentMethods.map((method) => ({ ...method })),
    searchable: profile.searchable,
    translations: profile.translations,
    yetkiBelgesiNo: profile.yetkiBelgesiNo,
    createdAt: input.createdAt,
    updatedAt: input.updatedAt,
  };
}
