import { DEFAULT_COUNTRY } from '@kartvizit/schemas/constants';
import {
  DEFAULT_LANGUAGE,
  languagesOf,
  translated,
  type PublicLanguage,
} from '@kartvizit/schemas/language/model';
import { isDemoOwner } from '@kartvizit/schemas/demo/model';
import { compactIban, formatIban, whatsAppDigitsOf } from '@kartvizit/schemas/profile/rules';
import { isValidEmail } from '@kartvizit/schemas/common/email';
import type { StoredSocialPlatform } from '@kartvizit/schemas/profile/model';
import { readStoredProfile, type StoredProfile, type StoredProfileAddress } from '@kartvizit/schemas/profile/read';
import { officeLicenceNumber, readStoredOffice, withOfficeTemplate } from '@kartvizit/schemas/office/read';
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
import { themeClass } from '../html/document.ts';
import { personStructuredData, type JsonLd } from './structured-data.ts';
import { languageUrl } from '../language/negotiate.ts';
import type { LanguageAlternate } from '../html/languages.ts';
import { messagesFor, type MessageKey, type Translate } from '../language/messages.ts';
import { toCatalogue, type CatalogueItem } from './catalogue.ts';
import type { CatalogueRow } from './load.ts';

/**
 * What the card page shows, derived from the profile read model's `data` (the Profile of
 * GET /api/profile/me) as `readStoredProfile` reads it: a field of the wrong type counts as empty,
 * so an old or damaged row renders a smaller card rather than an error.
 */

export type ContactKind = 'phone' | 'whatsapp' | 'email' | 'website' | 'address';

export interface ContactItem {
  readonly kind: ContactKind;
  readonly label: string;
  readonly display: string;
  readonly href: string | null;
  readonly external: boolean;
  /** What the copy button puts on the clipboard. */
  readonly copy: string;
}

export type SocialPlatform = StoredSocialPlatform;

export interface SocialItem {
  readonly platform: SocialPlatform;
  readonly label: string;
  readonly username: string;
  readonly url: string;
}

export interface InfoRow {
  readonly label: string;
  readonly value: string;
  /** Null: not worth a copy button (e.g. a year). */
  readonly copy: string | null;
  /**
   * The value in groups that are never broken inside (an IBAN's blocks of four), so a narrow
   * screen wraps it only between groups. Absent: plain text.
   */
  readonly groups?: readonly string[];
}

export interface BankAccountView {
  readonly bankName: string;
  readonly rows: readonly InfoRow[];
}

export const PAYMENT_BRANDS = ['paypal', 'stripe', 'papara', 'revolut', 'btc', 'eth'] as const;
export type PaymentBrand = (typeof PAYMENT_BRANDS)[number] | 'default';

export interface PaymentView {
  readonly brand: PaymentBrand;
  readonly typeLabel: string;
  readonly label: string;
  readonly accountId: string;
  /** What the copy button says it copied: the account id's kind, never the account's name. */
  readonly copyLabel: string;
  readonly qrUrl: string | null;
}

export type CompanyTab =
  | { readonly id: 'sirket'; readonly label: string; readonly rows: readonly InfoRow[] }
  | { readonly id: 'efatura'; readonly label: string; readonly rows: readonly InfoRow[]; readonly copyAll: string }
  | { readonly id: 'banka'; readonly label: string; readonly accounts: readonly BankAccountView[] }
  | { readonly id: 'odeme'; readonly label: string; readonly methods: readonly PaymentView[] };

export interface LocationView {
  /** The owner pinned the place: 'Kesin Konum'; otherwise only the address: 'Adres Tahmini'. */
  readonly coordinates: LatLng | null;
  readonly address: string;
  readonly directions: readonly { readonly target: DirectionsTarget; readonly label: string; readonly url: string }[];
}

export interface CardPageView {
  readonly cardId: string;
  readonly profileId: string;
  readonly canonicalUrl: string;
  /** First and last name ('Ayşe Yılmaz'); og:title. */
  readonly fullName: string;
  /** With the title ('Dr. Ayşe Yılmaz'): the heading. */
  readonly displayName: string;
  readonly initials: string;
  readonly jobTitle: string;
  readonly company: string;
  readonly bio: string;
  readonly theme: string;
  readonly photo: string | null;
  /** The full-size photo as an absolute URL, for link previews. */
  readonly shareImage: string | null;
  readonly cover: string | null;
  readonly logo: string | null;
  readonly contacts: readonly ContactItem[];
  readonly social: readonly SocialItem[];
  readonly location: LocationView | null;
  /** The bottom bar's 'Yol Tarifi': only when the address has a city (SPEC §5). */
  readonly directionsUrl: string | null;
  readonly companyTabs: readonly CompanyTab[];
  /** og:description: 'job title · company'. */
  readonly summary: string;
  /** The contact file, in the page's language. */
  readonly vcardUrl: string;
  /** The language the page is shown in, and its messages. */
  readonly language: PublicLanguage;
  readonly t: Translate;
  /** Turkish and the languages the owner writes in (issue 31): the switcher, hreflang, the sitemap. */
  readonly languages: readonly PublicLanguage[];
  /**
   * The card's own address, whatever the language (`/p/{id}`, absolute): the QR code and the share button, so whoever
   * opens it gets their own language. `canonicalUrl` is this page's language's address.
   */
  readonly cardUrl: string;
  /** Each language's address, for hreflang and the switcher (only when the owner writes in more than Turkish). */
  readonly alternates: readonly LanguageAlternate[];
  /**
   * The owner lets search engines list the page (docs/decisions/0019): no `noindex`. Never the
   * sample card. Off for profiles saved before the switch existed.
   */
  readonly searchable: boolean;
  /** schema.org `Person` for the page's JSON-LD: only when searchable (and the profile has a name). */
  readonly structuredData: JsonLd | null;
  /** 'Ürün Kataloğu': the owner's shown products, featured first, then the owner's order. */
  readonly catalogue: readonly CatalogueItem[];
  /** The agent's Taşınmaz Ticareti Yetki Belgesi number, else the office's (issue 33): shown with a portfolio. */
  readonly yetkiBelgesiNo: string;
  /** An office card's office (decision 61): its name, its page and the yetki belgesi number its template shows. */
  readonly office: { readonly name: string; readonly href: string | null; readonly licenceNumber: string } | null;
  /**
   * 'Emlak Danışmanlığı' with 'Görüşme Planla': while the owner has a REMS key in force, and always on the sample
   * card, whose form sends nothing. `ownerId` is the `cardOwnerId` the form sends (POST /api/rems/create-customer).
   */
  readonly rems: { readonly ownerId: string } | null;
  /**
   * The lead form's disclosure (aydınlatma): an office's card names the office as the data controller of what the
   * visitor sends (issue 30, KVKK); a personal card the card's owner.
   */
  readonly leadNotice: string;
}

const SOCIAL_LABELS: { readonly [P in SocialPlatform]: string } = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  github: 'GitHub',
  medium: 'Medium',
  other: 'Bağlantı',
};

const PAYMENT_TYPE_KEYS: Readonly<Record<string, MessageKey>> = {
  bankTransfer: 'paymentBankTransfer',
  creditCard: 'paymentCreditCard',
  other: 'paymentOther',
};
const PAYMENT_TYPE_NAMES: Readonly<Record<string, string>> = { paypal: 'PayPal' };

const DIRECTIONS_KEYS: { readonly [T in DirectionsTarget]: MessageKey } = {
  google: 'directionsGoogle',
  apple: 'directionsApple',
  waze: 'directionsWaze',
};

const BRAND_LABELS: { readonly [B in Exclude<PaymentBrand, 'default'>]: string } = {
  paypal: 'PayPal',
  stripe: 'Stripe',
  papara: 'Papara',
  revolut: 'Revolut',
  btc: 'Bitcoin (BTC)',
  eth: 'Ethereum (ETH)',
};

/** The tile colour: the stored type for PayPal, otherwise a brand named in the account name. */
export function paymentBrand(type: string, accountName: string): PaymentBrand {
  const haystack = `${type} ${accountName}`.toLowerCase();
  if (/paypal/.test(haystack)) return 'paypal';
  if (/stripe/.test(haystack)) return 'stripe';
  if (/papara/.test(haystack)) return 'papara';
  if (/revolut/.test(haystack)) return 'revolut';
  if (/\bbtc\b|bitcoin/.test(haystack)) return 'btc';
  if (/\beth\b|ethereum|ether\b/.test(haystack)) return 'eth';
  return 'default';
}

function initialsOf(firstName: string, lastName: string, fallback: string): string {
  const letters = [firstName, lastName]
    .map((part) => [...part][0] ?? '')
    .join('')
    .toLocaleUpperCase('tr-TR');
  return letters || ([...fallback][0] ?? 'K').toLocaleUpperCase('tr-TR');
}

/** Turkish order: street, then 'zip district/city', then the country. */
function addressDisplay(address: StoredProfileAddress): string {
  const { street, country } = address;
  const place = [address.state, address.city].filter(Boolean).join('/');
  const line2 = [address.zipCode, place].filter(Boolean).join(' ');
  const hasMore = street !== '' || line2 !== '';
  return [street, line2, hasMore ? country : ''].filter(Boolean).join(', ');
}

/** SPEC §5: street, city, state, zipCode, country joined, skipping empties (for map searches). */
function addressQuery(address: StoredProfileAddress): string {
  const parts = [address.street, address.city, address.state, address.zipCode].filter(Boolean);
  if (parts.length === 0) return '';
  return [...parts, address.country || DEFAULT_COUNTRY].join(', ');
}

/**
 * An IBAN in its blocks of four, the short last block kept with the one before
 * ('… 6457', '8413 26'): on a phone the number wraps between blocks and never leaves '26' alone.
 */
export function ibanGroups(iban: string): string[] {
  const groups = formatIban(iban).split(' ');
  const last = groups.at(-1);
  if (groups.length > 1 && last !== undefined && last.length < 4) {
    groups.splice(-2, 2, `${groups.at(-2) ?? ''} ${last}`);
  }
  return groups;
}

function rowsOf(entries: readonly (readonly [string, string, boolean])[]): InfoRow[] {
  return entries
    .filter(([, value]) => value !== '')
    .map(([label, value, copy]) => ({ label, value, copy: copy ? value : null }));
}

/** The fields an owner writes again per language. */
function ownWords(data: StoredProfile): { jobTitle: string; company: string; bio: string } {
  return { jobTitle: data.jobTitle, company: data.company, bio: data.bio };
}

function paymentTypeLabel(type: string, accountName: string, t: Translate): string {
  const key = PAYMENT_TYPE_KEYS[type];
  return key ? t(key) : (PAYMENT_TYPE_NAMES[type] ?? (accountName || t('payment')));
}

function companyTabs(data: StoredProfile, t: Translate): CompanyTab[] {
  const tabs: CompanyTab[] = [];
  const info = data.companyInfo;
  const company = rowsOf([
    [t('taxOffice'), info.taxOffice, true],
    [t('taxNumber'), info.taxNumber, true],
    [t('mersisNo'), info.mersisNo, true],
    [t('registrationNumber'), info.registrationNumber, true],
    [t('foundedYear'), info.foundedYear, false],
  ]);
  if (company.length > 0) {
    const name = data.company;
    tabs.push({
      id: 'sirket',
      label: t('tabCompany'),
      rows: name ? [{ label: t('companyName'), value: name, copy: name }, ...company] : company,
    });
  }

  const invoice = data.invoiceInfo;
  const invoiceRows = rowsOf([
    [t('recipientName'), invoice.recipientName, true],
    [t('taxId'), invoice.taxId, true],
    [t('taxOffice'), invoice.taxOffice, true],
    [t('invoiceAddress'), invoice.address, true],
  ]);
  if (invoiceRows.length > 0) {
    tabs.push({
      id: 'efatura',
      label: t('tabInvoice'),
      rows: invoiceRows,
      copyAll: invoiceRows.map((row) => `${row.label}: ${row.value}`).join('\n'),
    });
  }

  const accounts = data.bankAccounts
    .map((account): BankAccountView | null => {
      const iban = compactIban(account.iban);
      const rows = rowsOf([
        [t('accountHolder'), account.accountHolder, true],
        [t('iban'), iban ? formatIban(iban) : '', true],
        [t('accountNumber'), account.accountNumber, true],
        [t('branchCode'), account.branchCode, true],
        [t('swiftCode'), account.swiftCode.toUpperCase(), true],
        // A row that states no currency shows none (the reader does not assume TRY).
        [t('currency'), account.currency, false],
      ]).map((row) => (row.label === t('iban') ? { ...row, copy: iban, groups: ibanGroups(iban) } : row));
      const { bankName } = account;
      return rows.length > 0 || bankName ? { bankName: bankName || t('bankAccount'), rows } : null;
    })
    .filter((account): account is BankAccountView => account !== null);
  if (accounts.length > 0) tabs.push({ id: 'banka', label: t('tabBank'), accounts });

  const methods = data.paymentMethods
    .map((method): PaymentView | null => {
      const { type, accountName, accountId } = method;
      const qrUrl = safeWebUrl(method.qrCode) ?? safeMediaPath(method.qrCode);
      if (!accountId && !qrUrl) return null;
      const brand = paymentBrand(type, accountName);
      const typeLabel =
        brand === 'default' ? paymentTypeLabel(type, accountName, t) : BRAND_LABELS[brand];
      const label =
        accountName && accountName.toLowerCase() !== typeLabel.toLowerCase() ? accountName : t('accountIdLabel');
      const copyLabel = isValidEmail(accountId) ? t('paymentEmailLabel') : t('accountIdLabel');
      return { brand, typeLabel, label, accountId, copyLabel, qrUrl };
    })
    .filter((method): method is PaymentView => method !== null);
  if (methods.length > 0) tabs.push({ id: 'odeme', label: t('tabPayment'), methods });
  return tabs;
}

function socialItems(data: StoredProfile, t: Translate): SocialItem[] {
  return data.socialLinks
    .map((link): SocialItem | null => {
      const url = safeWebUrl(link.url);
      if (!url) return null;
      return { platform: link.platform, label: link.platform === 'other' ? t('socialOther') : SOCIAL_LABELS[link.platform], username: link.username, url };
    })
    .filter((item): item is SocialItem => item !== null);
}

export interface CardPageInput {
  readonly cardId: string;
  /** The language to show; one the owner does not write in shows the owner's words in Turkish. Default Turkish. */
  readonly language?: PublicLanguage;
  readonly ownerId: string;
  readonly data: unknown;
  readonly publicBaseUrl: string;
  readonly vcardUrl: string;
  /** The owner's shown products as the read model lists them (`{ id, featured, data }`). */
  readonly products?: readonly CatalogueRow[];
  /** Blob keys of the products' WebP small variants that exist. */
  readonly webp?: ReadonlySet<string>;
  /** The owner has a REMS key in force (rm_rems_keys). */
  readonly remsActive?: boolean;
  /**
   * An office card's office as the read model has it (decision 61): its template shapes the profile shown, and its
   * lead form names the office as the data controller. Null or absent: a personal card.
   */
  readonly office?: unknown;
}

/** The languages a card is shown in: Turkish and those the owner writes in (the sample card: Turkish only). */
export function cardLanguages(data: unknown): PublicLanguage[] {
  return languagesOf(readStoredProfile(data).translations);
}

export function toCardPageView(input: CardPageInput): CardPageView {
  const office = readStoredOffice(input.office ?? null);
  const stored = readStoredProfile(office ? withOfficeTemplate(input.data, office) : input.data);
  const languages = languagesOf(stored.translations);
  const language = input.language && languages.includes(input.language) ? input.language : DEFAULT_LANGUAGE;
  const t = messagesFor(language);
  // The owner's words in the page's language, field by field; every other value as written.
  const data: StoredProfile = { ...stored, ...translated(ownWords(stored), stored.translations, language) };
  const { firstName, lastName, title, jobTitle, company, thumbnails } = data;
  const fullName = [firstName, lastName].filter(Boolean).join(' ') || t('brand');
  const photoMain = safeMediaPath(data.profilePicture);

  const contacts: ContactItem[] = [];
  const { phone } = data;
  const tel = telUrl(phone);
  if (tel) {
    const display = data.phoneFormatted || phone;
    contacts.push({ kind: 'phone', label: t('phone'), display, href: tel, external: false, copy: display });
    // Beside the call: a chat on WhatsApp, when the phone is a mobile number (decision 47).
    const whatsApp = whatsAppDigitsOf(phone);
    if (whatsApp)
      contacts.push({
        kind: 'whatsapp',
        label: t('whatsapp'),
        display,
        href: `https://wa.me/${whatsApp}`,
        external: true,
        copy: display,
      });
  }
  const { email } = data;
  const mailto = mailtoUrl(email);
  if (mailto)
    contacts.push({ kind: 'email', label: t('email'), display: email, href: mailto, external: false, copy: email });
  const website = safeWebUrl(data.website);
  if (website)
    contacts.push({
      kind: 'website',
      label: t('website'),
      display: displayWebUrl(website),
      href: website,
      external: true,
      copy: website,
    });

  const { address, location: coordinates } = data;
  const shownAddress = addressDisplay(address);
  const query = addressQuery(address);
  if (shownAddress) {
    contacts.push({
      kind: 'address',
      label: t('address'),
      display: shownAddress,
      href: mapSearchUrl(coordinates, query),
      external: true,
      copy: shownAddress,
    });
  }
  const directions = directionsUrls(coordinates, query).map((link) => ({
    ...link,
    label: t(DIRECTIONS_KEYS[link.target]),
  }));
  const location: LocationView | null =
    shownAddress || coordinates ? { coordinates, address: shownAddress, directions } : null;
  const hasCity = address.city.length > 0;
  const cardUrl = `${input.publicBaseUrl}/p/${input.cardId}`;
  const canonicalUrl = languageUrl(cardUrl, language, languages);
  const alternates =
    languages.length > 1
      ? languages.map((each) => ({
          language: each,
          url: languageUrl(cardUrl, each, languages),
          href: `/p/${input.cardId}?lang=${each}`,
        }))
      : [];
  const shareImage = photoMain ? `${input.publicBaseUrl}${photoMain}` : null;
  const social = socialItems(data, t);
  // Crawlers get the phone number and e-mail in a machine-readable form only when the owner chose it.
  const searchable = data.searchable === true && !isDemoOwner(input.ownerId);
  const logoMain = safeMediaPath(data.companyLogo);
  const structuredData = searchable
    ? personStructuredData({
        name: [firstName, lastName].filter(Boolean).join(' '),
        title,
        jobTitle,
        bio: data.bio,
        url: canonicalUrl,
        image: shareImage,
        telephone: tel ? tel.slice('tel:'.length) : '',
        email: mailto ? email : '',
        address,
        company,
        logo: logoMain ? `${input.publicBaseUrl}${logoMain}` : null,
        sameAs: social.map((item) => item.url),
      })
    : null;

  return {
    cardId: input.cardId,
    profileId: data._id || input.ownerId,
    canonicalUrl,
    cardUrl,
    alternates,
    language,
    languages,
    t,
    fullName,
    displayName: [title, fullName].filter(Boolean).join(' '),
    initials: initialsOf(firstName, lastName, fullName),
    jobTitle,
    company,
    bio: data.bio,
    theme: themeClass(data.theme),
    photo: safeMediaPath(thumbnails.profilePicture) ?? photoMain,
    shareImage,
    cover: safeMediaPath(thumbnails.coverPhoto) ?? safeMediaPath(data.coverPhoto),
    logo: safeMediaPath(thumbnails.companyLogo) ?? safeMediaPath(data.companyLogo),
    contacts,
    social,
    location,
    directionsUrl: hasCity ? (directions.find((link) => link.target === 'google')?.url ?? null) : null,
    companyTabs: companyTabs(data, t),
    summary: [jobTitle, company].filter(Boolean).join(' · '),
    vcardUrl: languageUrl(input.vcardUrl, language, languages),
    searchable,
    structuredData,
    catalogue: toCatalogue(input.products ?? [], input.webp, language),
    yetkiBelgesiNo: data.yetkiBelgesiNo || (office ? officeLicenceNumber(office) : ''),
    // The sample card shows the block (its owner holds no key): its form answers in sample mode, sending nothing
    // (docs/decisions/0048-a-sample-card-that-sells.md).
    rems: input.remsActive === true || isDemoOwner(input.ownerId) ? { ownerId: input.ownerId } : null,
    office: office
      ? { name: office.name, href: office.slug ? `/o/${office.slug}` : null, licenceNumber: officeLicenceNumber(office) }
      : null,
    leadNotice: office ? t('leadNoticeOffice') : t('leadNotice'),
  };
}
