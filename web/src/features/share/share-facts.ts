import { DEFAULT_LANGUAGE, type PublicLanguage } from '@kartvizit/schemas/language/model';
import { PROFILE_THEMES } from '@kartvizit/schemas/profile/model';
import type { QrLogo } from '@kartvizit/schemas/share/model';
import { LOCALE, TIME_ZONE } from '@kartvizit/schemas/constants';

/** What the share tools read of the owner's profile (profile/me), the office and the personal address. */
export interface OwnerFacts {
  readonly title: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly theme: string;
  readonly profilePicture: string | null;
  readonly companyLogo: string | null;
  readonly thumbnails: { readonly profilePicture: string | null; readonly companyLogo: string | null };
}

/** 'Dr. Ayşe Yılmaz': the honorific, first and last name as the card shows them. */
export function ownerName(profile: Pick<OwnerFacts, 'title' | 'firstName' | 'lastName'>): string {
  return [profile.title, profile.firstName, profile.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

export interface ThemeColours {
  /** The theme's strong colour: headings, the rule, buttons. */
  readonly main: string;
  /** Its light companion: grounds. */
  readonly soft: string;
}

/** The card theme's two colours; an unknown theme (a newer server) reads as the first. */
export function themeColours(theme: string | null | undefined): ThemeColours {
  const found = PROFILE_THEMES.find((option) => option.value === theme) ?? PROFILE_THEMES[0];
  return { main: found.colors[0], soft: found.colors[1] };
}

/** The owner's photo, small where there is a small one (a signature shows it at 80 px). */
export function ownerPhotoUrl(profile: OwnerFacts | null): string | null {
  return profile ? (profile.thumbnails.profilePicture ?? profile.profilePicture) : null;
}

/**
 * The image in the QR's centre for a choice: the profile's company logo, or the office's logo; null when the choice
 * is none or the owner has no such logo (the code is then drawn plain, as the server draws it).
 */
export function qrLogoUrl(
  choice: QrLogo,
  profile: OwnerFacts | null,
  officeLogoUrl: string | null | undefined,
): string | null {
  if (choice === 'profile') return profile?.companyLogo ?? null;
  if (choice === 'office') return officeLogoUrl ? officeLogoUrl : null;
  return null;
}

/** The card's address in a language: `?lang=` for any but Turkish, which the card page speaks by default. */
export function addressInLanguage(url: string, language: PublicLanguage): string {
  if (language === DEFAULT_LANGUAGE) return url;
  const address = new URL(url);
  address.searchParams.set('lang', language);
  return address.toString();
}

const longDate = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'long' });

/** '12 Mart 2026'; an unreadable date reads '—'. */
export function formatShareDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : longDate.format(date);
}
