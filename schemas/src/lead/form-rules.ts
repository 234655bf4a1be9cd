import { EMAIL_MAX_LENGTH } from '../constants.ts';
import { LEAD_FORM_MESSAGES, LEAD_VALIDATION_MESSAGES } from './form-messages.ts';
import { normaliseEmail } from '../text.ts';
import { isValidEmail } from '../common/email.ts';

/**
 * The rules of the public card's lead form ('Bilgilerini Paylaş') in their one order, shared by the
 * dialog's script (before sending) and the server. Free of TypeBox and of the phone-number
 * metadata, so the public card's small script imports this file by sub-path; how deeply a phone
 * number is checked is handed in (`validateLead` in lead.ts gives the full check).
 */

export const LEAD_LIMITS = {
  fullNameMin: 2,
  fullName: 100,
  phone: 32,
  email: EMAIL_MAX_LENGTH,
  message: 1000,
} as const;

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

/** A phone number as typed → its normalised form, or null when it is not a phone number. */
export type LeadPhoneParser = (raw: string) => string | null;

class Refusal {
  constructor(
    readonly message: string,
    readonly field: LeadField,
  ) {}
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const HAS_LETTER = /\p{L}/u;
const PHONE_CHARACTERS = /^\+?[0-9 ().\-/]{3,32}$/;

/** Only the characters a phone number is written with; what the browser can check without metadata. */
export function looksLikePhone(raw: string): string | null {
  const value = raw.trim();
  return PHONE_CHARACTERS.test(value) ? value : null;
}

/**
 * The browser's phone check: the characters, and between 7 digits (the shortest numbers in use,
 * e.g. Niue's +683 1234) and 17 (15 of E.164 plus a '00' prefix). Never stricter than the server's
 * full check, which still decides.
 */
export function plausiblePhone(raw: string): string | null {
  const value = looksLikePhone(raw);
  if (value === null) return null;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 17 ? value : null;
}

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

/** Characters no form takes (control characters, lone surrogates); line breaks and tabs only in multi-line fields. */
export function hasInvalidCharacters(value: string, multiLine: boolean): boolean {
  return hasControlCharacter(value, multiLine) || LONE_SURROGATE.test(value);
}

function text(input: LeadInput, field: LeadField): string {
  const value = (input[field] ?? '').normalize('NFC').trim();
  const multiLine = field === 'message';
  if (hasInvalidCharacters(value, multiLine)) {
    throw new Refusal(LEAD_VALIDATION_MESSAGES.invalidCharacters(LEAD_FIELD_LABELS[field]), field);
  }
  return multiLine ? value.replace(/\r\n?/g, '\n') : value;
}

/**
 * The form's rules in the order of its fields; the first problem wins. A lead must carry a way to
 * answer it: a phone number or an e-mail address (the message names the phone field, the first
 * of the two).
 */
export function checkLeadForm(input: LeadInput, parsePhone: LeadPhoneParser): LeadValidation {
  try {
    const fullName = text(input, 'fullName');
    if (fullName === '') throw new Refusal(LEAD_FORM_MESSAGES.leadFullNameRequired, 'fullName');
    const length = [...fullName].length;
    if (length < LEAD_LIMITS.fullNameMin) throw new Refusal(LEAD_FORM_MESSAGES.leadFullNameTooShort, 'fullName');
    if (length > LEAD_LIMITS.fullName) throw new Refusal(LEAD_FORM_MESSAGES.leadFullNameTooLong, 'fullName');
    if (!HAS_LETTER.test(fullName)) throw new Refusal(LEAD_FORM_MESSAGES.leadFullNameInvalid, 'fullName');

    const rawPhone = text(input, 'phone');
    const rawEmail = text(input, 'email');
    if (rawPhone === '' && rawEmail === '') throw new Refusal(LEAD_FORM_MESSAGES.leadContactRequired, 'phone');
    let phone = '';
    if (rawPhone !== '') {
      const parsed = rawPhone.length <= LEAD_LIMITS.phone && looksLikePhone(rawPhone) ? parsePhone(rawPhone) : null;
      if (!parsed) throw new Refusal(LEAD_FORM_MESSAGES.leadPhoneInvalid, 'phone');
      phone = parsed;
    }
    let email = '';
    if (rawEmail !== '') {
      email = normaliseEmail(rawEmail);
      if (!isValidEmail(email)) throw new Refusal(LEAD_FORM_MESSAGES.leadEmailInvalid, 'email');
    }

    const message = text(input, 'message');
    if ([...message].length > LEAD_LIMITS.message) throw new Refusal(LEAD_FORM_MESSAGES.leadMessageTooLong, 'message');
    return { ok: true, lead: { fullName, phone, email, message } };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}
