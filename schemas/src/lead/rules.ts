import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { LEGAL_TEXTS_VERSION } from '../legal.ts';
import { checkLeadForm, looksLikePhone, type LeadFields, type LeadInput, type LeadValidation } from './form-rules.ts';

export * from './form-rules.ts';
export * from './follow-up-rules.ts';

/**
 * Rules of the public card's lead form ('Bilgilerini Paylaş') on the server: the shared rules of
 * lead-form.ts with the full phone-number check, plus the owner's search. No TypeBox here, so the
 * public page can import this file by sub-path.
 */

/**
 * Version of the disclosure the form shows (LEAD_MESSAGES.leadNotice and the 'Aydınlatma Metni' it
 * links to); stored with each lead. '2025-11' was the short notice alone, before the full text existed.
 */
export const LEAD_NOTICE_VERSION = LEGAL_TEXTS_VERSION;

/** Parsed with full metadata, Türkiye by default ('0532 123 45 67' → '+905321234567'); null if not a real number. */
export function parseLeadPhone(raw: string): string | null {
  const value = looksLikePhone(raw);
  if (value === null) return null;
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

/** The form's rules in the order of its fields, the phone number checked in full; the first problem wins. */
export function validateLead(input: LeadInput): LeadValidation {
  return checkLeadForm(input, parseLeadPhone);
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
