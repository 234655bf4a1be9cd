import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { EMAIL_MAX_LENGTH } from '../constants.ts';
import { LEGAL_TEXTS_VERSION } from '../legal.ts';
import { LEAD_MESSAGES, LEAD_VALIDATION_MESSAGES } from '../messages/lead.ts';
import { normaliseEmail } from '../text.ts';
import { isValidEmail } from './auth.ts';

/**
 * Rules of the public card's lead form ('Bilgilerini Paylaş'), shared by the dialog and the server:
 * pure functions answering with the first Turkish message and the field it is about. No TypeBox
 * here, so the public page can import this file by sub-path.
 */

export const LEAD_LIMITS = {
  fullNameMin: 2,
  fullName: 100,
  phone: 32,
  email: EMAIL_MAX_LENGTH,
  message: 1000,
} as const;

/**
 * Version of the disclosure the form shows (LEAD_MESSAGES.leadNotice and the 'Aydınlatma Metni' it
 * links to); stored with each lead. '2025-11' was the short notice alone, before the full text existed.
 */
export const LEAD_NOTICE_VERSION = LEGAL_TEXTS_VERSION;

export const LEAD_FIELDS = ['fullName', 'phone', 'email', 'message'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** Turkish labels of the form's fields, as the dialog shows them. */
export const LEAD_FIELD_LABELS: { readonly [F in LeadField]: string } = {
  fullName: 'Ad Soyad',
  phone: 'Telefon',
  email: 'E-posta',
  message: 'Mesaj',
};

/** What the visitor typed; absent fields read as ''. */
export type LeadInput = { readonly [F in LeadField]?: string | null };

/** Normalised: trimmed NFC text, E.164 phone or '', lower-cased e-mail or '', message with \n line breaks. */
export interface LeadFields {
  readonly fullName: string;
  readonly phone: string;
  readonly email: string;
  readonly message: string;
}

export type LeadValidation =
  | { readonly ok: true; readonly lead: LeadFields }
  | { readonly ok: false; readonly message: string; readonly field: LeadField };

class Refusal {
  constructor(
    readonly message: string,
    readonly field: LeadField,
  ) {}
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const HAS_LETTER = /\p{L}/u;
const PHONE_CHARACTERS = /^\+?[0-9 ().\-/]{3,32}$/;

/**
 * C0 controls, DEL and the C1 range; tab and line breaks only in the message. PostgreSQL's jsonb
 * refuses "\u0000" and lone surrogates outright, and invisible characters are a trick, not text.
 */
function hasControlCharacter(value: string, multiLine: boolean): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0x20 && code !== 0x7f && (code < 0x80 || code > 0x9f)) continue;
    if (multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

function text(input: LeadInput, field: LeadField): string {
  const value = (input[field] ?? '').normalize('NFC').trim();
  const multiLine = field === 'message';
  if (hasControlCharacter(value, multiLine) || LONE_SURROGATE.test(value)) {
    throw new Refusal(LEAD_VALIDATION_MESSAGES.invalidCharacters(LEAD_FIELD_LABELS[field]), field);
  }
  return multiLine ? value.replace(/\r\n?/g, '\n') : value;
}

/** Parsed with full metadata, Türkiye by default ('0532 123 45 67' → '+905321234567'); null if not a real number. */
export function parseLeadPhone(raw: string): string | null {
  const value = raw.trim();
  if (!PHONE_CHARACTERS.test(value)) return null;
  const phone = parsePhoneNumberFromString(value, 'TR');
  return phone?.isValid() ? phone.number : null;
}

/** Turkish numbers in the national format ('0532 123 45 67'), others internationally. */
export function formatLeadPhone(e164: string): string {
  if (!e164) return '';
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return e164;
  return phone.country === 'TR' ? phone.formatNational() : phone.formatInternational();
}

/** The form's rules in the order of its fields; the first problem wins. */
export function validateLead(input: LeadInput): LeadValidation {
  try {
    const fullName = text(input, 'fullName');
    if (fullName === '') throw new Refusal(LEAD_MESSAGES.leadFullNameRequired, 'fullName');
    const length = [...fullName].length;
    if (length < LEAD_LIMITS.fullNameMin) throw new Refusal(LEAD_MESSAGES.leadFullNameTooShort, 'fullName');
    if (length > LEAD_LIMITS.fullName) throw new Refusal(LEAD_MESSAGES.leadFullNameTooLong, 'fullName');
    if (!HAS_LETTER.test(fullName)) throw new Refusal(LEAD_MESSAGES.leadFullNameInvalid, 'fullName');

    const rawPhone = text(input, 'phone');
    const rawEmail = text(input, 'email');
    if (rawPhone === '' && rawEmail === '') throw new Refusal(LEAD_MESSAGES.leadContactRequired, 'phone');
    let phone = '';
    if (rawPhone !== '') {
      const parsed = rawPhone.length <= LEAD_LIMITS.phone ? parseLeadPhone(rawPhone) : null;
      if (!parsed) throw new Refusal(LEAD_MESSAGES.leadPhoneInvalid, 'phone');
      phone = parsed;
    }
    let email = '';
    if (rawEmail !== '') {
      email = normaliseEmail(rawEmail);
      if (!isValidEmail(email)) throw new Refusal(LEAD_MESSAGES.leadEmailInvalid, 'email');
    }

    const message = text(input, 'message');
    if ([...message].length > LEAD_LIMITS.message) throw new Refusal(LEAD_MESSAGES.leadMessageTooLong, 'message');
    return { ok: true, lead: { fullName, phone, email, message } };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Search: the owner types 'sahin', 'ŞAHİN' or 'Şahin' and finds 'Şahin'

/**
 * Case and accent folding for search, the same on both sides: Turkish lower-casing ('I' → 'ı',
 * 'İ' → 'i'), then marks removed ('ş' → 's', 'ğ' → 'g', 'ö' → 'o') and dotless ı folded to i,
 * so a search typed on any keyboard finds the name.
 */
export function searchFold(value: string): string {
  return value
    .normalize('NFC')
    .toLocaleLowerCase('tr-TR')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/gu, 'i')
    .replace(/\s+/gu, ' ')
    .trim();
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** What a lead is found by: name, e-mail, message, and its phone as typed in any common form. */
export function leadSearchText(lead: LeadFields): string {
  const national = formatLeadPhone(lead.phone);
  const phoneForms = lead.phone ? [lead.phone, national, digitsOf(lead.phone), digitsOf(national)] : [];
  return searchFold([lead.fullName, lead.email, lead.message, ...phoneForms].join('\n'));
}

/**
 * The search as the read model compares it. A query that looks like a phone number ('0532 123',
 * '+90 (532)') is reduced to its digits, so spaces and brackets do not matter.
 */
export function leadSearchNeedle(query: string): string {
  const trimmed = query.trim();
  if (/^[+\d\s().\-/]+$/.test(trimmed) && digitsOf(trimmed).length >= 2) return digitsOf(trimmed);
  return searchFold(trimmed);
}
