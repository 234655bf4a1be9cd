import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { PROFILE_MESSAGES, PROFILE_VALIDATION_MESSAGES } from './messages.ts';
import { normaliseEmail } from '../text.ts';
import { readProfileTranslations } from './read.ts';
import { OWNER_LANGUAGES, isOwnerLanguage } from '../language/model.ts';
import type {
  ProfileAddress,
  ProfileBankAccount,
  ProfileCompanyInfo,
  ProfileData,
  ProfileInvoiceInfo,
  ProfileLocation,
  ProfilePaymentMethod,
  ProfileSocialLink,
  ProfileTranslations,
} from './events.ts';
import { isValidEmail, nameProblem } from '../auth/rules.ts';
import { latitudeProblem, longitudeProblem } from '../geocoding/rules.ts';
import { parseYetkiBelgesiNo } from '../product/listing-rules.ts';

// The screen checks this field with the profile's own rules, which it loads as one chunk (web/src/features/profile).
export { parseYetkiBelgesiNo };

/**
 * Profile rules the screen and the server share (SPEC §3, §5 and our own stricter ones): pure
 * checks that answer with the first Turkish message and the dotted field it is about. The option
 * lists and limits they check against are in model.ts. No TypeBox here: the screen imports this
 * file by sub-path.
 */

import {
  FOUNDED_YEAR_MIN,
  PROFILE_FLAG_FIELDS,
  PROFILE_GROUP_FIELDS,
  PROFILE_OBJECT_FIELDS,
  PROFILE_TRANSLATED_FIELDS,
  PROFILE_LIST_FIELDS,
  PROFILE_LIST_LIMITS,
  PROFILE_TEXT_FIELDS,
  PROFILE_TEXT_LIMITS,
  BANK_CURRENCIES,
  DEFAULT_BANK_CURRENCY,
  PAYMENT_METHOD_TYPES,
  PUBLIC_CARD_SOCIAL_PLATFORMS,
  type BankCurrency,
  type PaymentMethodType,
  type ProfileImageSlot,
  type ProfileList,
  type StoredSocialPlatform,
} from './model.ts';

/**
 * The profile without its images: what the form's fields (not its files) decide. `translations` absent: the form did
 * not send them (a client from before issue 31), and the stored ones are kept; `{}` clears them.
 */
export type ProfileFields = Omit<ProfileData, ProfileImageSlot | 'translations'> & {
  readonly translations?: ProfileTranslations;
};

export const EMPTY_PROFILE_DATA: ProfileData = {
  title: '',
  jobTitle: '',
  firstName: '',
  lastName: '',
  company: '',
  bio: '',
  phone: '',
  email: '',
  website: '',
  profilePicture: null,
  coverPhoto: null,
  companyLogo: null,
  theme: '',
  address: { street: '', city: '', state: '', zipCode: '', country: DEFAULT_COUNTRY },
  location: null,
  socialLinks: [],
  companyInfo: { taxOffice: '', taxNumber: '', mersisNo: '', registrationNumber: '', foundedYear: null },
  invoiceInfo: { recipientName: '', taxId: '', taxOffice: '', address: '' },
  bankAccounts: [],
  paymentMethods: [],
  searchable: false,
  translations: {},
  yetkiBelgesiNo: '',
};

/**
 * The profile of a stored event as today's readers expect it. A forgotten owner's events carry ''
 * instead of the sealed profile: an empty profile. Events are never rewritten, so fields added
 * later are filled in here: `searchable` (schema version 2) is false in version 1 events.
 */
export function readProfileData(profile: unknown): ProfileData {
  if (typeof profile !== 'object' || profile === null) return EMPTY_PROFILE_DATA;
  const stored = profile as Omit<ProfileData, 'searchable' | 'translations' | 'yetkiBelgesiNo'> & {
    readonly searchable?: unknown;
    readonly translations?: unknown;
    readonly yetkiBelgesiNo?: unknown;
  };
  return {
    ...stored,
    searchable: stored.searchable === true,
    translations: readProfileTranslations(stored.translations),
    yetkiBelgesiNo: typeof stored.yetkiBelgesiNo === 'string' ? stored.yetkiBelgesiNo : '',
  };
}


// ---------------------------------------------------------------------------------------------
// Single rules

/** Parsed with full metadata; default region Türkiye. Null when it is not a real number. */
export function parseProfilePhone(raw: string): { readonly e164: string; readonly formatted: string } | null {
  const value = raw.trim();
  if (!/^\+?[0-9 ().\-/]{3,32}$/.test(value)) return null;
  const phone = parsePhoneNumberFromString(value, 'TR');
  if (!phone?.isValid()) return null;
  return { e164: phone.number, formatted: formatProfilePhone(phone.number) };
}

/**
 * The digits wa.me takes ('905321234567') for a stored E.164 phone that can be on WhatsApp: a mobile number (or one
 * the numbering plan cannot tell from a landline); null for a landline, a free-phone number and anything unreadable.
 * The card's WhatsApp action is the profile's phone when this says so (docs/decisions/0047).
 */
export function whatsAppDigitsOf(e164: string): string | null {
  const phone = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!phone?.isValid()) return null;
  const type = phone.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? phone.number.slice(1) : null;
}

/** Turkish numbers in the national format ('0532 123 45 67'), others internationally. */
export function formatProfilePhone(e164: string): string {
  if (!e164) return '';
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return e164;
  return phone.country === 'TR' ? phone.formatNational() : phone.formatInternational();
}

/** IBAN lengths (ISO 13616 registry) of the countries Turkish owners bank with most. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  TR: 26, DE: 22, GB: 22, FR: 27, NL: 18, BE: 16, IT: 27, ES: 24, AT: 20, CH: 21, LI: 21, LU: 20,
  IE: 22, PT: 25, GR: 27, CY: 28, MT: 31, PL: 28, CZ: 24, SK: 24, HU: 28, RO: 24, BG: 22, HR: 21,
  SI: 19, RS: 22, BA: 20, ME: 22, MK: 19, AL: 28, XK: 20, SE: 24, NO: 15, DK: 18, FI: 18, IS: 26,
  EE: 20, LV: 21, LT: 20, UA: 29, MD: 24, GE: 22, AZ: 28, KZ: 20, RU: 33, BY: 28, SA: 24, AE: 23,
  QA: 29, KW: 30, BH: 22, JO: 30, LB: 28, IL: 23, EG: 29, IQ: 23, PK: 24, MC: 27, SM: 27, AD: 24,
  GI: 23, FO: 18, GL: 18,
};

/** Spaces and hyphens removed, upper-cased without locale ('i' never becomes 'İ'). */
export function compactIban(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

/** Groups of four for display: 'TR33 0006 1005 …'. */
export function formatIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    // Letters count as two digits (A = 10 … Z = 35).
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export function ibanProblem(raw: string): string | null {
  const iban = compactIban(raw);
  if (iban.startsWith('TR') && !/^TR\d{24}$/.test(iban)) return PROFILE_MESSAGES.profileInvalidTurkishIban;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return PROFILE_MESSAGES.profileInvalidIban;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return PROFILE_MESSAGES.profileIbanLength;
  if (ibanMod97(iban) !== 1) return PROFILE_MESSAGES.profileIbanChecksum;
  return null;
}

export function isValidIban(raw: string): boolean {
  return ibanProblem(raw) === null;
}

/** Vergi Kimlik Numarası: 10 digits, the last one a check digit (GİB algorithm). */
export function isValidVkn(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const shifted = (Number(value[i]) + 9 - i) % 10;
    if (shifted === 0) continue;
    const weighted = (shifted * 2 ** (9 - i)) % 9;
    sum += weighted === 0 ? 9 : weighted;
  }
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}

/** T.C. Kimlik Numarası: 11 digits, not starting with 0, two check digits. */
export function isValidTckn(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = [...value].map(Number) as [number, number, number, number, number, number, number, number, number, number, number];
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = (odd + even + d[9]) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

/** Spaces removed; a tax number is a VKN (companies) or a TCKN (sole traders). */
export function compactTaxNumber(raw: string): string {
  return raw.replace(/\s+/g, '');
}

export function taxNumberProblem(raw: string): string | null {
  const value = compactTaxNumber(raw);
  if (!/^\d{10,11}$/.test(value)) return PROFILE_MESSAGES.profileInvalidTaxNumber;
  if (value.length === 10) return isValidVkn(value) ? null : PROFILE_MESSAGES.profileInvalidVkn;
  return isValidTckn(value) ? null : PROFILE_MESSAGES.profileInvalidTckn;
}

export type WebUrlResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string };

/**
 * A link a visitor may open: http(s) only (a `javascript:` or `data:` address is refused), a
 * host with a dot, no credentials. 'ornek.com' becomes 'https://ornek.com'.
 */
export function normaliseWebUrl(raw: string): WebUrlResult {
  const value = raw.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  // 'ornek.com:8080' looks like a scheme; only a known scheme-looking prefix is one.
  const hasScheme = scheme !== undefined && !/^[a-z0-9-]+(\.[a-z0-9-]+)+:\d+/i.test(value);
  if (hasScheme && scheme !== 'http' && scheme !== 'https') return { ok: false, message: PROFILE_MESSAGES.profileUnsafeUrl };
  const candidate = hasScheme ? value : `https://${value.replace(/^\/\/+/, '')}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { ok: false, message: PROFILE_MESSAGES.profileInvalidUrl };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, message: PROFILE_MESSAGES.profileUnsafeUrl };
  const host = parsed.hostname;
  if (parsed.username || parsed.password || !/^[^.]+(\.[^.]+)+$/.test(host) || /\s/.test(candidate)) {
    return { ok: false, message: PROFILE_MESSAGES.profileInvalidUrl };
  }
  let url = parsed.href;
  // Keep 'https://ornek.com' as typed rather than the parser's 'https://ornek.com/'.
  if (parsed.pathname === '/' && !parsed.search && !parsed.hash && !candidate.endsWith('/')) url = url.slice(0, -1);
  return { ok: true, url };
}

const AUTO_URL: { readonly [P in StoredSocialPlatform]?: (username: string) => string } = {
  instagram: (username) => `https://www.instagram.com/${username}`,
  twitter: (username) => `https://x.com/${username}`,
  linkedin: (username) => `https://www.linkedin.com/in/${username}`,
  facebook: (username) => `https://www.facebook.com/${username}`,
  github: (username) => `https://github.com/${username}`,
};
const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** 'x' is Twitter's new name; platforms are compared without case. */
export function normaliseSocialPlatform(raw: string): string {
  const value = raw.trim().toLowerCase();
  return value === 'x' ? 'twitter' : value;
}

export function isStoredSocialPlatform(value: string): value is StoredSocialPlatform {
  return (PUBLIC_CARD_SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** The profile address for instagram, twitter/x, linkedin, facebook and github; null for others. */
export function socialProfileUrl(platform: string, username: string): string | null {
  const name = username.trim().replace(/^@+/, '');
  const build = AUTO_URL[normaliseSocialPlatform(platform) as StoredSocialPlatform];
  if (!build || !name || !USERNAME_PATTERN.test(name)) return null;
  return build(name);
}

export function foundedYearProblem(year: number, currentYear: number): string | null {
  if (!Number.isInteger(year) || year < FOUNDED_YEAR_MIN || year > currentYear) {
    return PROFILE_VALIDATION_MESSAGES.foundedYearRange(FOUNDED_YEAR_MIN, currentYear);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The whole form

export interface ProfileProblem {
  readonly message: string;
  /** Dotted path of the field: 'phone', 'address.city', 'bankAccounts.0.iban'. */
  readonly field: string;
}

export type ProfileValidation =
  | { readonly ok: true; readonly profile: ProfileFields }
  | { readonly ok: false; readonly problem: ProfileProblem };

export interface ProfileValidationOptions {
  /** Upper bound of the founded year; passed in so the rules stay free of the clock. */
  readonly currentYear: number;
}

class Refusal {
  constructor(readonly problem: ProfileProblem) {}
}

function refuse(message: string, field: string): never {
  throw new Refusal({ message, field });
}

type Input = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * C0 controls and DEL (tab and line breaks only where a field may span lines). Besides being
 * invisible tricks, PostgreSQL's jsonb refuses "\u0000" and unpaired surrogates outright.
 */
function hasControlCharacter(value: string, multiLine: boolean): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MULTI_LINE_FIELDS = new Set(['bio', 'invoiceInfo.address', 'address.street']);

/** `translations.en.bio` is written and limited as `bio` is. */
function untranslated(path: string): string {
  return path.replace(/^translations\.[^.]+\./, '');
}

function limitOf(path: string): number {
  const generic = untranslated(path).replace(/\.\d+(?=\.)/g, '');
  return (PROFILE_TEXT_LIMITS as Readonly<Record<string, number>>)[generic] ?? 200;
}

/** A text field: absent or null reads as ''; trimmed, NFC; length and characters checked. */
function text(source: Input, key: string, path: string): string {
  const value = source[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') refuse(PROFILE_VALIDATION_MESSAGES.mustBeText(path), path);
  const trimmed = value.normalize('NFC').trim();
  const multiLine = MULTI_LINE_FIELDS.has(untranslated(path));
  if (hasControlCharacter(trimmed, multiLine) || LONE_SURROGATE.test(trimmed)) {
    refuse(PROFILE_VALIDATION_MESSAGES.invalidCharacters(path), path);
  }
  const max = limitOf(path);
  if (trimmed.length > max) refuse(PROFILE_VALIDATION_MESSAGES.tooLong(path, max), path);
  return multiLine ? trimmed.replace(/\r\n?/g, '\n') : trimmed;
}

/** A nested object; absent or null reads as empty. Unknown keys are refused, not dropped. */
function group(source: Input, key: string, allowed: readonly string[]): Input {
  const value = source[key];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) refuse(PROFILE_VALIDATION_MESSAGES.notAnObject(key), key);
  onlyKnownKeys(value, allowed, `${key}.`);
  return value;
}

function onlyKnownKeys(value: Input, allowed: readonly string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) refuse(PROFILE_VALIDATION_MESSAGES.unknownField(`${prefix}${key}`), `${prefix}${key}`);
  }
}

function webUrl(source: Input, key: string, path: string): string {
  const value = text(source, key, path);
  if (!value) return '';
  const result = normaliseWebUrl(value);
  if (!result.ok) refuse(result.message, path);
  if (result.url.length > limitOf(path)) refuse(PROFILE_VALIDATION_MESSAGES.tooLong(path, limitOf(path)), path);
  return result.url;
}

function taxNumber(source: Input, key: string, path: string): string {
  const value = text(source, key, path);
  if (!value) return '';
  const problem = taxNumberProblem(value);
  if (problem) refuse(problem, path);
  return compactTaxNumber(value);
}

function personName(source: Input, key: 'firstName' | 'lastName'): string {
  const value = text(source, key, key);
  const problem = value ? nameProblem(value) : null;
  if (problem) refuse(problem, key);
  return value;
}

function phone(source: Input): string {
  const value = text(source, 'phone', 'phone');
  if (!value) return '';
  const parsed = parseProfilePhone(value);
  if (!parsed) refuse(PROFILE_MESSAGES.profileInvalidPhone, 'phone');
  return parsed.e164;
}

function email(source: Input): string {
  const value = text(source, 'email', 'email');
  if (!value) return '';
  const normalised = normaliseEmail(value);
  if (!isValidEmail(normalised)) refuse(MESSAGES.invalidEmail, 'email');
  return normalised;
}

/** Absent or null: no. A multipart form sends the text 'true' or 'false'. */
function flag(source: Input, key: (typeof PROFILE_FLAG_FIELDS)[number]): boolean {
  const value = source[key];
  if (value === undefined || value === null || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  return refuse(PROFILE_VALIDATION_MESSAGES.mustBeYesNo(key), key);
}

function theme(source: Input): string {
  const value = text(source, 'theme', 'theme');
  // The public card turns it into a CSS class.
  if (value && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) refuse(PROFILE_MESSAGES.profileInvalidTheme, 'theme');
  return value;
}

function address(source: Input): ProfileAddress {
  const input = group(source, 'address', PROFILE_GROUP_FIELDS.address);
  const zipCode = text(input, 'zipCode', 'address.zipCode');
  if (zipCode && !/^[A-Za-z0-9 -]+$/.test(zipCode)) refuse(PROFILE_MESSAGES.profileInvalidZipCode, 'address.zipCode');
  return {
    street: text(input, 'street', 'address.street'),
    city: text(input, 'city', 'address.city'),
    state: text(input, 'state', 'address.state'),
    zipCode,
    country: text(input, 'country', 'address.country') || DEFAULT_COUNTRY,
  };
}

/** '' or absent → null; a number or decimal text (a comma is read as the decimal point). */
function coordinate(input: Input, key: 'lat' | 'lng'): number | null {
  const path = `location.${key}`;
  const value = input[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) refuse(PROFILE_MESSAGES.profileInvalidCoordinate, path);
    return value;
  }
  if (typeof value !== 'string') refuse(PROFILE_MESSAGES.profileInvalidCoordinate, path);
  const trimmed = value.trim().replace(',', '.');
  if (!trimmed) return null;
  if (!/^[+-]?\d{1,3}(\.\d{1,15})?$/.test(trimmed)) refuse(PROFILE_MESSAGES.profileInvalidCoordinate, path);
  return Number(trimmed);
}

function location(source: Input): ProfileLocation | null {
  const input = group(source, 'location', PROFILE_GROUP_FIELDS.location);
  const lat = coordinate(input, 'lat');
  const lng = coordinate(input, 'lng');
  if (lat === null && lng === null) return null;
  if (lat === null) refuse(PROFILE_MESSAGES.profileLocationIncomplete, 'location.lat');
  if (lng === null) refuse(PROFILE_MESSAGES.profileLocationIncomplete, 'location.lng');
  const latIssue = latitudeProblem(lat);
  if (latIssue) refuse(latIssue, 'location.lat');
  const lngIssue = longitudeProblem(lng);
  if (lngIssue) refuse(lngIssue, 'location.lng');
  return { lat, lng };
}

/** The Taşınmaz Ticareti Yetki Belgesi number (issue 33): digits, spaces and hyphens dropped; '' when blank. */
function yetkiBelgesiNo(input: Input): string {
  const parsed = parseYetkiBelgesiNo(text(input, 'yetkiBelgesiNo', 'yetkiBelgesiNo'));
  if (!parsed.ok) refuse(parsed.message, 'yetkiBelgesiNo');
  return parsed.value;
}

function foundedYear(input: Input, currentYear: number): number | null {
  const path = 'companyInfo.foundedYear';
  const value = input.foundedYear;
  if (value === undefined || value === null) return null;
  let year: number;
  if (typeof value === 'number') year = value;
  else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed) return null;
    if (!/^\d{1,4}$/.test(trimmed)) refuse(PROFILE_MESSAGES.profileInvalidFoundedYear, path);
    year = Number(trimmed);
  } else refuse(PROFILE_MESSAGES.profileInvalidFoundedYear, path);
  const problem = foundedYearProblem(year, currentYear);
  if (problem) refuse(problem, path);
  return year;
}

function companyInfo(source: Input, currentYear: number): ProfileCompanyInfo {
  const input = group(source, 'companyInfo', PROFILE_GROUP_FIELDS.companyInfo);
  const taxOffice = text(input, 'taxOffice', 'companyInfo.taxOffice');
  const number = taxNumber(input, 'taxNumber', 'companyInfo.taxNumber');
  const mersisRaw = text(input, 'mersisNo', 'companyInfo.mersisNo');
  const mersisNo = mersisRaw.replace(/[\s-]+/g, '');
  if (mersisNo && !/^\d{16}$/.test(mersisNo)) refuse(PROFILE_MESSAGES.profileInvalidMersis, 'companyInfo.mersisNo');
  return {
    taxOffice,
    taxNumber: number,
    mersisNo,
    registrationNumber: text(input, 'registrationNumber', 'companyInfo.registrationNumber'),
    foundedYear: foundedYear(input, currentYear),
  };
}

function invoiceInfo(source: Input): ProfileInvoiceInfo {
  const input = group(source, 'invoiceInfo', PROFILE_GROUP_FIELDS.invoiceInfo);
  return {
    recipientName: text(input, 'recipientName', 'invoiceInfo.recipientName'),
    taxId: taxNumber(input, 'taxId', 'invoiceInfo.taxId'),
    taxOffice: text(input, 'taxOffice', 'invoiceInfo.taxOffice'),
    address: text(input, 'address', 'invoiceInfo.address'),
  };
}

function parseJson(textValue: string, path: string, message: (path: string) => string): unknown {
  try {
    return JSON.parse(textValue) as unknown;
  } catch {
    return refuse(message(path), path);
  }
}

/**
 * A list arrives as an array, as JSON text of an array, or as several JSON texts (a repeated
 * multipart field); an entry may itself be JSON text of an object (SPEC §3). Absent, null or ''
 * is an empty list.
 */
function listEntries(source: Input, key: ProfileList): Input[] {
  const value = source[key];
  if (value === undefined || value === null) return [];
  const pieces: unknown[] = Array.isArray(value) ? value : [value];
  const entries: unknown[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      if (piece.trim() === '') continue;
      const parsed = parseJson(piece, key, PROFILE_VALIDATION_MESSAGES.invalidList);
      if (Array.isArray(parsed)) entries.push(...(parsed as unknown[]));
      else if (isRecord(parsed)) entries.push(parsed);
      else refuse(PROFILE_VALIDATION_MESSAGES.invalidList(key), key);
    } else if (isRecord(piece)) {
      entries.push(piece);
    } else if (Array.isArray(value)) {
      refuse(PROFILE_VALIDATION_MESSAGES.invalidEntry(`${key}.${entries.length}`), `${key}.${entries.length}`);
    } else {
      refuse(PROFILE_VALIDATION_MESSAGES.invalidList(key), key);
    }
  }
  const max = PROFILE_LIST_LIMITS[key];
  if (entries.length > max) refuse(PROFILE_VALIDATION_MESSAGES.listTooLong(key, max), key);
  return entries.map((entry, index) => {
    const path = `${key}.${index}`;
    const parsed = typeof entry === 'string' ? parseJson(entry, path, PROFILE_VALIDATION_MESSAGES.invalidEntry) : entry;
    if (!isRecord(parsed)) refuse(PROFILE_VALIDATION_MESSAGES.invalidEntry(path), path);
    return parsed;
  });
}

const SOCIAL_FIELDS = ['platform', 'username', 'url'] as const;
const BANK_FIELDS = ['bankName', 'accountHolder', 'iban', 'accountNumber', 'branchCode', 'swiftCode', 'currency'] as const;
const PAYMENT_FIELDS = ['type', 'accountName', 'accountId', 'qrCode'] as const;

function socialLinks(source: Input): ProfileSocialLink[] {
  return listEntries(source, 'socialLinks').map((entry, index) => {
    const path = `socialLinks.${index}`;
    onlyKnownKeys(entry, SOCIAL_FIELDS, `${path}.`);
    const platform = normaliseSocialPlatform(text(entry, 'platform', `${path}.platform`));
    if (!isStoredSocialPlatform(platform)) refuse(PROFILE_MESSAGES.profileInvalidSocialPlatform, `${path}.platform`);
    const username = text(entry, 'username', `${path}.username`).replace(/^@+/, '');
    if (username && AUTO_URL[platform] && !USERNAME_PATTERN.test(username)) {
      refuse(PROFILE_MESSAGES.profileInvalidUsername, `${path}.username`);
    }
    const url = webUrl(entry, 'url', `${path}.url`) || socialProfileUrl(platform, username) || '';
    if (!url) refuse(PROFILE_MESSAGES.profileSocialLinkIncomplete, `${path}.url`);
    return { platform, username, url };
  });
}

function bankAccounts(source: Input): ProfileBankAccount[] {
  return listEntries(source, 'bankAccounts').map((entry, index) => {
    const path = `bankAccounts.${index}`;
    onlyKnownKeys(entry, BANK_FIELDS, `${path}.`);
    const bankName = text(entry, 'bankName', `${path}.bankName`);
    const accountHolder = text(entry, 'accountHolder', `${path}.accountHolder`);
    const ibanText = text(entry, 'iban', `${path}.iban`);
    const ibanIssue = ibanText ? ibanProblem(ibanText) : null;
    if (ibanIssue) refuse(ibanIssue, `${path}.iban`);
    const accountNumber = text(entry, 'accountNumber', `${path}.accountNumber`);
    if (accountNumber && !/^[A-Za-z0-9 -]+$/.test(accountNumber)) {
      refuse(PROFILE_MESSAGES.profileInvalidAccountNumber, `${path}.accountNumber`);
    }
    const branchCode = text(entry, 'branchCode', `${path}.branchCode`);
    if (branchCode && !/^\d+$/.test(branchCode)) refuse(PROFILE_MESSAGES.profileInvalidBranchCode, `${path}.branchCode`);
    const swiftCode = text(entry, 'swiftCode', `${path}.swiftCode`).toUpperCase();
    if (swiftCode && !/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swiftCode)) {
      refuse(PROFILE_MESSAGES.profileInvalidSwift, `${path}.swiftCode`);
    }
    const currency = text(entry, 'currency', `${path}.currency`).toUpperCase() || DEFAULT_BANK_CURRENCY;
    if (!(BANK_CURRENCIES as readonly string[]).includes(currency)) refuse(PROFILE_MESSAGES.profileInvalidCurrency, `${path}.currency`);
    if (!ibanText && !accountNumber) refuse(PROFILE_MESSAGES.profileBankAccountIncomplete, `${path}.iban`);
    return {
      bankName,
      accountHolder,
      iban: ibanText ? compactIban(ibanText) : '',
      accountNumber,
      branchCode,
      swiftCode,
      currency: currency as BankCurrency,
    };
  });
}

function paymentMethods(source: Input): ProfilePaymentMethod[] {
  return listEntries(source, 'paymentMethods').map((entry, index) => {
    const path = `paymentMethods.${index}`;
    onlyKnownKeys(entry, PAYMENT_FIELDS, `${path}.`);
    const type = text(entry, 'type', `${path}.type`);
    if (!(PAYMENT_METHOD_TYPES as readonly string[]).includes(type)) refuse(PROFILE_MESSAGES.profileInvalidPaymentType, `${path}.type`);
    const accountName = text(entry, 'accountName', `${path}.accountName`);
    const accountId = text(entry, 'accountId', `${path}.accountId`);
    const qrCode = webUrl(entry, 'qrCode', `${path}.qrCode`);
    if (!accountId && !qrCode) refuse(PROFILE_MESSAGES.profilePaymentMethodIncomplete, `${path}.accountId`);
    return { type: type as PaymentMethodType, accountName, accountId, qrCode };
  });
}

/**
 * 'Diğer Diller' (issue 31): `{ en: { jobTitle, company, bio }, … }`, or its JSON text in a multipart form. Each text is
 * checked as its Turkish field is; blanks are dropped, and a language left with nothing is off. Absent: undefined (the
 * stored ones stay); null or '': none.
 */
function translations(source: Input): ProfileTranslations | undefined {
  const value = source.translations;
  if (value === undefined) return undefined;
  if (value === null || value === '') return {};
  const parsed = typeof value === 'string' ? parseJson(value, 'translations', PROFILE_VALIDATION_MESSAGES.notAnObject) : value;
  if (!isRecord(parsed)) refuse(PROFILE_VALIDATION_MESSAGES.notAnObject('translations'), 'translations');
  const result: Record<string, Record<string, string>> = {};
  for (const [language, fields] of Object.entries(parsed)) {
    const path = `translations.${language}`;
    if (!isOwnerLanguage(language)) refuse(PROFILE_VALIDATION_MESSAGES.unknownLanguage(language), path);
    if (fields === null || fields === undefined) continue;
    if (!isRecord(fields)) refuse(PROFILE_VALIDATION_MESSAGES.notAnObject(path), path);
    onlyKnownKeys(fields, PROFILE_TRANSLATED_FIELDS, `${path}.`);
    const entry: Record<string, string> = {};
    for (const field of PROFILE_TRANSLATED_FIELDS) {
      const written = text(fields, field, `${path}.${field}`);
      if (written) entry[field] = written;
    }
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  // In the one order the screens list them, whatever order the form sent.
  return Object.fromEntries(OWNER_LANGUAGES.filter((language) => result[language]).map((language) => [language, result[language]]));
}

const TOP_LEVEL_FIELDS: readonly string[] = [
  ...PROFILE_TEXT_FIELDS,
  ...PROFILE_FLAG_FIELDS,
  ...PROFILE_OBJECT_FIELDS,
  ...Object.keys(PROFILE_GROUP_FIELDS),
  ...PROFILE_LIST_FIELDS,
];

/** The parts of a profile another owner of card values (an office, decision 61) writes with the same rules. */
export interface ProfileParts {
  readonly theme: string;
  readonly bankAccounts: readonly ProfileBankAccount[];
  readonly paymentMethods: readonly ProfilePaymentMethod[];
}

/**
 * Checks those parts of `input` (the office's form) as the profile form's own are checked; absent parts are empty.
 * The same Turkish messages and fields as the profile's.
 */
export function validateProfileParts(
  input: Input,
): { readonly ok: true; readonly parts: ProfileParts } | { readonly ok: false; readonly problem: ProfileProblem } {
  try {
    return {
      ok: true,
      parts: { theme: theme(input), bankAccounts: bankAccounts(input), paymentMethods: paymentMethods(input) },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}

/**
 * The form's fields (not its files) as the screen holds them or the server received them, nested
 * (`{ address: { city } }`), checked in the form's order. Answers with the normalised profile or
 * the first problem.
 */
export function validateProfileInput(input: unknown, options: ProfileValidationOptions): ProfileValidation {
  try {
    if (!isRecord(input)) refuse(MESSAGES.invalidRequest, '');
    onlyKnownKeys(input, TOP_LEVEL_FIELDS, '');
    const profile: ProfileFields = {
      title: text(input, 'title', 'title'),
      jobTitle: text(input, 'jobTitle', 'jobTitle'),
      firstName: personName(input, 'firstName'),
      lastName: personName(input, 'lastName'),
      company: text(input, 'company', 'company'),
      bio: text(input, 'bio', 'bio'),
      phone: phone(input),
      email: email(input),
      website: webUrl(input, 'website', 'website'),
      theme: theme(input),
      address: address(input),
      location: location(input),
      socialLinks: socialLinks(input),
      companyInfo: companyInfo(input, options.currentYear),
      // The company section's last field on the screen (issue 33).
      yetkiBelgesiNo: yetkiBelgesiNo(input),
      invoiceInfo: invoiceInfo(input),
      bankAccounts: bankAccounts(input),
      paymentMethods: paymentMethods(input),
      searchable: flag(input, 'searchable'),
      translations: translations(input),
    };
    return { ok: true, profile };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}
