import { readStoredOffice } from '@kartvizit/schemas/office/read';
import { OFFICE_COLOR_PATTERN } from '@kartvizit/schemas/office/model';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import { parseCardId } from '@kartvizit/schemas/card/rules';
import { parseProfilePhone } from '@kartvizit/schemas/profile/rules';
import { themeClass } from '../html/document.ts';
import {
  directionsUrls,
  displayWebUrl,
  mailtoUrl,
  mapSearchUrl,
  safeMediaPath,
  safeWebUrl,
  telUrl,
  type DirectionsTarget,
  type LatLng,
} from '../html/urls.ts';
import type { TeamRow } from './load.ts';

/**
 * What /o/{slug} shows (issue 30, decision 61): the office's logo, name, company, yetki belgesi, contact links, its
 * address with the map, and 'Ekibimiz' (each member holding a shown office card, linking to it). Read from the offices
 * read model through `readStoredOffice` and the members' profiles through `readStoredProfile`: a field of the wrong
 * type reads as empty, so the page shows less rather than fails.
 */

export const OFFICE_TEXT = {
  brand: 'Dijital Kartvizit',
  footer: '© 2025 Dijital Kartvizit',
  footerLink: 'Kendi dijital kartvizitinizi oluşturun',
  logoAlt: (name: string) => `${name} logosu`,
  licence: (number: string) => `Taşınmaz Ticareti Yetki Belgesi No: ${number}`,
  contact: 'İletişim',
  phone: 'Telefon',
  email: 'E-posta',
  website: 'Web Sitesi',
  location: 'Konum',
  address: 'Adres',
  showMap: 'Haritayı Göster',
  mapLoading: 'Harita yükleniyor...',
  mapFailed: 'Harita yüklenemedi - Adres bilgileri gösteriliyor',
  coordinates: 'Koordinatlar',
  directionsWith: 'Yol tarifi al',
  directionsTargets: { google: 'Google Haritalar', apple: 'Apple Haritalar', waze: 'Waze' } as Readonly<
    Record<DirectionsTarget, string>
  >,
  team: 'Ekibimiz',
  teamCount: (count: number) => `${count} danışman`,
  description: (name: string, company: string) =>
    company && company !== name
      ? `${name} · ${company} · Ekibimiz ve iletişim bilgileri`
      : `${name} · Ekibimiz ve iletişim bilgileri`,
  notFoundTitle: 'Ofis bulunamadı',
  notFoundText: 'Aradığınız ofis bulunamadı veya artık mevcut değil.',
  loadErrorTitle: 'Ofis yüklenirken bir hata oluştu',
  loadErrorText: 'Lütfen biraz sonra tekrar deneyin.',
  back: 'Ana Sayfaya Dön',
} as const;

/** Texts the office page's script shows (web/src/office-page/main.ts reads them from the page). */
export const OFFICE_SCRIPT_TEXT = { mapLoading: OFFICE_TEXT.mapLoading, mapFailed: OFFICE_TEXT.mapFailed } as const;

export interface OfficeContact {
  readonly kind: 'phone' | 'email' | 'website';
  readonly label: string;
  readonly display: string;
  readonly href: string;
  readonly external: boolean;
}

export interface OfficeLocationView {
  readonly coordinates: LatLng | null;
  readonly address: string;
  /** The place on Google Maps: what tapping the address opens. */
  readonly searchUrl: string | null;
  readonly directions: readonly { readonly target: DirectionsTarget; readonly url: string; readonly label: string }[];
}

export interface TeamMemberView {
  readonly cardUrl: string;
  readonly name: string;
  readonly jobTitle: string;
  readonly photo: string | null;
  readonly initials: string;
}

/** The brand colour behind the header, with the text colour that reads best on it. */
export interface BrandTint {
  readonly background: string;
  readonly foreground: '#ffffff' | '#0f172a';
}

export interface OfficePageView {
  readonly slug: string;
  readonly canonicalUrl: string;
  readonly name: string;
  /** Shown under the name only when it says something the name does not. */
  readonly company: string;
  readonly logo: string | null;
  readonly initials: string;
  readonly licenceNumber: string;
  readonly contacts: readonly OfficeContact[];
  readonly location: OfficeLocationView | null;
  readonly team: readonly TeamMemberView[];
  readonly tint: BrandTint | null;
  readonly theme: string;
  /** The logo as an absolute URL: og:image. */
  readonly shareImage: string | null;
}

export interface OfficePageInput {
  readonly office: unknown;
  readonly team: readonly TeamRow[];
  readonly publicBaseUrl: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/gu, ' ').trim() : '');

function initialsOf(...parts: readonly string[]): string {
  const letters = parts
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0] ?? '')
    .join('');
  return letters.toLocaleUpperCase('tr-TR') || 'K';
}

function coordinatesOf(raw: unknown): LatLng | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { lat, lng } = raw as { lat?: unknown; lng?: unknown };
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The office's primary colour (checked, never free text in a style) and white or ink, whichever contrasts more. */
export function brandTint(raw: unknown): BrandTint | null {
  const colour = text(raw).toLowerCase();
  if (!OFFICE_COLOR_PATTERN.test(colour)) return null;
  const light = luminance(colour);
  const onWhite = 1.05 / (light + 0.05);
  const onInk = (light + 0.05) / (luminance('#0f172a') + 0.05);
  return { background: colour, foreground: onWhite >= onInk ? '#ffffff' : '#0f172a' };
}

function contactsOf(details: Readonly<Record<string, unknown>>): OfficeContact[] {
  const contacts: OfficeContact[] = [];
  // Stored as the admin typed it: shown in the national format when it is a real number ('(0216) 333 44 55').
  const phone = text(details.phone);
  const parsed = parseProfilePhone(phone);
  const tel = telUrl(parsed?.e164 ?? phone);
  if (tel)
    contacts.push({
      kind: 'phone',
      label: OFFICE_TEXT.phone,
      display: parsed?.formatted ?? phone,
      href: tel,
      external: false,
    });
  const email = text(details.email);
  const mailto = mailtoUrl(email);
  if (mailto) contacts.push({ kind: 'email', label: OFFICE_TEXT.email, display: email, href: mailto, external: false });
  // 'cinaremlak.com.tr' as typed: a web address all the same.
  const typed = text(details.website);
  const website = safeWebUrl(typed && !/^[a-z][a-z0-9+.-]*:/i.test(typed) ? `https://${typed}` : typed);
  if (website)
    contacts.push({
      kind: 'website',
      label: OFFICE_TEXT.website,
      display: displayWebUrl(website),
      href: website,
      external: true,
    });
  return contacts;
}

function locationOf(details: Readonly<Record<string, unknown>>): OfficeLocationView | null {
  const address = text(details.address);
  const coordinates = coordinatesOf(details.location);
  if (!address && !coordinates) return null;
  return {
    coordinates,
    address,
    searchUrl: mapSearchUrl(coordinates, address),
    directions: directionsUrls(coordinates, address).map((link) => ({
      ...link,
      label: OFFICE_TEXT.directionsTargets[link.target],
    })),
  };
}

function memberOf(row: TeamRow): TeamMemberView | null {
  const profile = readStoredProfile(row.profile);
  const fullName = [profile.firstName, profile.lastName].map(text).filter(Boolean).join(' ');
  // A card id from our own read model; checked once more, as everything that goes into an href.
  const card = parseCardId(row.cardId);
  if (!fullName || !card.ok || card.cardId !== row.cardId) return null;
  return {
    cardUrl: `/p/${card.cardId}`,
    name: [text(profile.title), fullName].filter(Boolean).join(' '),
    jobTitle: text(profile.jobTitle),
    photo: safeMediaPath(profile.thumbnails.profilePicture) ?? safeMediaPath(profile.profilePicture),
    initials: initialsOf(text(profile.firstName), text(profile.lastName)),
  };
}

/** The page's view; null for an office that shows nothing (a forgotten office reads its name ''). */
export function toOfficePageView(input: OfficePageInput): OfficePageView | null {
  const office = readStoredOffice(input.office);
  if (!office || !office.slug) return null;
  const name = text(office.name);
  if (!name) return null;
  const { details } = office;
  const company = text(details.company);
  const logo = safeMediaPath(office.logoUrl);
  return {
    slug: office.slug,
    canonicalUrl: `${input.publicBaseUrl}/o/${office.slug}`,
    name,
    company: company.toLocaleLowerCase('tr-TR') === name.toLocaleLowerCase('tr-TR') ? '' : company,
    logo,
    initials: initialsOf(...name.split(' ')),
    licenceNumber: text(details.licenceNumber),
    contacts: contactsOf(details),
    location: locationOf(details),
    team: input.team.map(memberOf).filter((member): member is TeamMemberView => member !== null),
    tint: brandTint(details.primaryColor),
    theme: themeClass(text(details.theme)),
    shareImage: logo ? `${input.publicBaseUrl}${logo}` : null,
  };
}
