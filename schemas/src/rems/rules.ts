import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants.ts';
import { LEAD_VALIDATION_MESSAGES } from '../lead/form-messages.ts';
import { type CUSTOMER_TYPE_LABELS, REMS_CUSTOMER_FORM_MESSAGES as M, REMS_KEY_MESSAGES } from './messages.ts';
import { isDistrictOf, provinceName } from '../places/turkey.ts';
import { normaliseEmail } from '../text.ts';
import { isValidEmail } from '../common/email.ts';
import { hasInvalidCharacters, LEAD_LIMITS, looksLikePhone } from '../lead/form-rules.ts';

/**
 * The REMS customer form's rules ('Görüşme Planlayın' on the public card, issue 14), shared by the
 * form (a message beside each field before sending) and the server (which sends the normalised
 * customer on to the owner's REMS). Free of TypeBox and of phone metadata, so the browser imports
 * this file by sub-path (`@kartvizit/schemas/rems/rules`).
 *
 * Field names are the REMS payload's (SPEC: customer registration payload). The province's and the
 * district's names are never taken from the visitor: the province id decides both.
 */

/** The visitor's interest, as REMS names it. */
export const CUSTOMER_TYPES = ['BUYER', 'SELLER', 'TENANT', 'LANDLORD'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Every interest has its Turkish label (messages/rems.ts) and every label is an interest's.
const _everyInterestLabelled: Same<keyof typeof CUSTOMER_TYPE_LABELS, CustomerType> = true;

export const CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'customerType',
  'email',
  'province',
  'district',
  'address',
  'notes',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/**
 * Names: at least 2 characters as the SPEC says (the lead form's minimum too) and at most the
 * account's 50 per name; phone: the lead form's 32 characters as typed; address and notes bounded
 * so a REMS record stays a record.
 */
export const CUSTOMER_LIMITS = {
  nameMin: LEAD_LIMITS.fullNameMin,
  name: NAME_MAX_LENGTH,
  phone: LEAD_LIMITS.phone,
  email: EMAIL_MAX_LENGTH,
  address: 500,
  notes: 1000,
} as const;

/** Turkish labels of the form's fields, as the form shows them. */
export const CUSTOMER_FIELD_LABELS: { readonly [F in CustomerField]: string } = {
  firstName: 'Ad',
  lastName: 'Soyad',
  phoneNumber: 'Telefon',
  customerType: 'İlgi Alanı',
  email: 'E-posta',
  province: 'İl',
  district: 'İlçe',
  address: 'Adres',
  notes: 'Notlar',
};

/** What the visitor sent; absent fields read as ''. provinceName and districtName are not read. */
export type CustomerInput = { readonly [F in CustomerField]?: string | null };

/** The first problem of each field in error. */
export type CustomerFormProblems = { readonly [F in CustomerField]?: string };

/**
 * The customer as REMS receives it: trimmed NFC names, the 10-digit national phone number, a
 * lower-cased e-mail; optional fields null when empty; the province's name from the list, the
 * district's name twice (SPEC: districtName is the same text as district); \n line breaks.
 */
export interface CustomerFields {
  readonly firstName: string;
  readonly lastName: string;
  readonly phoneNumber: string;
  readonly customerType: CustomerType;
  readonly email: string | null;
  readonly province: string | null;
  readonly provinceName: string | null;
  readonly district: string | null;
  readonly districtName: string | null;
  readonly address: string | null;
  readonly notes: string | null;
}

export type CustomerValidation =
  | { readonly ok: true; readonly customer: CustomerFields }
  | { readonly ok: false; readonly problems: CustomerFormProblems };

const MULTI_LINE: ReadonlySet<CustomerField> = new Set(['address', 'notes']);
const HAS_LETTER = /\p{L}/u;
/** A Turkish national significant number: 10 digits, never starting with the trunk 0 or a short code's 1. */
const NATIONAL_NUMBER = /^[2-9]\d{9}$/;

/**
 * A Turkish phone number as people write it → its 10 national digits ('5321234567'), or null.
 *
 * Taken: spaces, dashes, dots, slashes and parentheses anywhere; a leading trunk 0 ('0532 …'); the
 * country code as +90, 0090 or a bare 90 before the 10 digits; and +90 followed by the trunk 0
 * ('+90 (0532) …'), which people write too. Refused: any other country code, letters, and anything
 * that is not 10 digits once the prefixes are gone, or whose 10 digits start with 0 or 1 (no Turkish
 * number does; '0532 123 456' is a number with a digit missing, not a 10-digit number).
 */
export function normaliseCustomerPhone(raw: string): string | null {
  const value = looksLikePhone(raw.normalize('NFC'));
  if (value === null) return null;
  let digits = value.replace(/\D/g, '');
  if (value.startsWith('+')) {
    if (!digits.startsWith('90')) return null;
    digits = digits.slice(2);
  } else if (digits.startsWith('0090')) {
    digits = digits.slice(4);
  } else if (digits.length === 12 && digits.startsWith('90')) {
    digits = digits.slice(2);
  }
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return NATIONAL_NUMBER.test(digits) ? digits : null;
}

function isCustomerType(value: string): value is CustomerType {
  return (CUSTOMER_TYPES as readonly string[]).includes(value);
}

function length(value: string): number {
  return [...value].length;
}

/**
 * The form's rules, every field checked: the normalised customer, or the first problem of each
 * field in error (the form shows them all at once, the server answers with the first in field order).
 */
export function checkCustomerForm(input: CustomerInput): CustomerValidation {
  const problems: { [F in CustomerField]?: string } = {};
  const values = {} as { [F in CustomerField]: string };
  for (const field of CUSTOMER_FIELDS) {
    const multiLine = MULTI_LINE.has(field);
    const value = (input[field] ?? '').normalize('NFC').trim();
    if (hasInvalidCharacters(value, multiLine)) {
      problems[field] = LEAD_VALIDATION_MESSAGES.invalidCharacters(CUSTOMER_FIELD_LABELS[field]);
    }
    values[field] = multiLine ? value.replace(/\r\n?/g, '\n') : value;
  }
  const check = (field: CustomerField, problem: () => string | null) => {
    if (problems[field] !== undefined) return;
    const message = problem();
    if (message !== null) problems[field] = message;
  };

  const name = (value: string, messages: { required: string; short: string; long: string; invalid: string }) => {
    if (value === '') return messages.required;
    if (length(value) < CUSTOMER_LIMITS.nameMin) return messages.short;
    if (length(value) > CUSTOMER_LIMITS.name) return messages.long;
    return HAS_LETTER.test(value) ? null : messages.invalid;
  };
  check('firstName', () =>
    name(values.firstName, {
      required: M.remsFirstNameRequired,
      short: M.remsFirstNameTooShort,
      long: M.remsFirstNameTooLong,
      invalid: M.remsFirstNameInvalid,
    }),
  );
  check('lastName', () =>
    name(values.lastName, {
      required: M.remsLastNameRequired,
      short: M.remsLastNameTooShort,
      long: M.remsLastNameTooLong,
      invalid: M.remsLastNameInvalid,
    }),
  );

  const phoneNumber = normaliseCustomerPhone(values.phoneNumber);
  check('phoneNumber', () => {
    if (values.phoneNumber === '') return M.remsPhoneRequired;
    return phoneNumber === null ? M.remsPhoneInvalid : null;
  });

  check('customerType', () => {
    if (values.customerType === '') return M.remsCustomerTypeRequired;
    return isCustomerType(values.customerType) ? null : M.remsCustomerTypeInvalid;
  });

  const email = values.email === '' ? null : normaliseEmail(values.email);
  check('email', () => (email === null || isValidEmail(email) ? null : M.remsEmailInvalid));

  const province = values.province === '' ? null : values.province;
  const provinceLabel = province === null ? null : provinceName(province);
  check('province', () => (province !== null && provinceLabel === null ? M.remsProvinceInvalid : null));

  const district = values.district === '' ? null : values.district;
  check('district', () => {
    if (district === null) return null;
    if (province === null) return M.remsDistrictWithoutProvince;
    // An unknown province is the province's problem; its districts cannot be judged.
    if (provinceLabel === null) return null;
    return isDistrictOf(province, district) ? null : M.remsDistrictInvalid;
  });

  check('address', () => (length(values.address) > CUSTOMER_LIMITS.address ? M.remsAddressTooLong : null));
  check('notes', () => (length(values.notes) > CUSTOMER_LIMITS.notes ? M.remsNotesTooLong : null));

  if (Object.keys(problems).length > 0 || phoneNumber === null || !isCustomerType(values.customerType)) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    customer: {
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber,
      customerType: values.customerType,
      email,
      province,
      provinceName: provinceLabel,
      district,
      districtName: district,
      address: values.address === '' ? null : values.address,
      notes: values.notes === '' ? null : values.notes,
    },
  };
}

/** The first Turkish message of each field in error, or an empty object when the form may be sent. */
export function customerFormProblems(input: CustomerInput): CustomerFormProblems {
  const result = checkCustomerForm(input);
  return result.ok ? {} : result.problems;
}

/** The first problem in the form's field order, as the server answers it (a 400 naming the field). */
export function firstCustomerFormProblem(
  problems: CustomerFormProblems,
): { readonly field: CustomerField; readonly message: string } | null {
  for (const field of CUSTOMER_FIELDS) {
    const message = problems[field];
    if (message !== undefined) return { field, message };
  }
  return null;
}

/** Every REMS API key starts with this (SPEC §5, §9). */
export const REMS_API_KEY_PREFIX = 'rems_';
/** Longer is no key REMS hands out (and could not travel in a header as one). */
export const REMS_API_KEY_MAX_LENGTH = 512;
/** How many of the key's last characters the screen may show. */
export const REMS_KEY_HINT_LENGTH = 4;
/** SPEC §9: 'Son Kayıtlar' shows the 5 newest registrations. */
export const REMS_RECENT_REGISTRATIONS = 5;
/** Visible ASCII only: what an Authorization header can carry as it is. */
const API_KEY_CHARACTERS = /^[\x21-\x7e]+$/u;

/** The key as it is checked and saved: without the spaces and line breaks a copy and paste brings along. */
export function normaliseRemsApiKey(raw: string): string {
  return raw.trim();
}

/**
 * The owner's API key rules, shared by the settings screen (before 'Doğrulanıyor...') and the
 * server (before it asks REMS): the first Turkish message, or null. Takes the key as typed.
 */
export function remsApiKeyProblem(raw: string): string | null {
  const key = normaliseRemsApiKey(raw);
  if (key === '') return REMS_KEY_MESSAGES.remsApiKeyRequired;
  if (!key.startsWith(REMS_API_KEY_PREFIX)) return REMS_KEY_MESSAGES.remsApiKeyInvalidFormat;
  if (key.length > REMS_API_KEY_MAX_LENGTH) return REMS_KEY_MESSAGES.remsApiKeyTooLong;
  return API_KEY_CHARACTERS.test(key) ? null : REMS_KEY_MESSAGES.remsApiKeyInvalidCharacters;
}

/** The key's last 4 characters: all the screen ever shows of it. */
export function remsKeyHint(key: string): string {
  return normaliseRemsApiKey(key).slice(-REMS_KEY_HINT_LENGTH);
}
