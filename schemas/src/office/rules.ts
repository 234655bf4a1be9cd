import { OFFICE_MESSAGES } from './messages.ts';
import {
  OFFICE_COLOR_PATTERN,
  OFFICE_DETAIL_LIMITS,
  OFFICE_NAME_MAX_LENGTH,
  OFFICE_ROLES,
  OFFICE_SLUG_MAX_LENGTH,
  OFFICE_SLUG_MIN_LENGTH,
  OFFICE_SLUG_PATTERN,
  OFFICE_TEMPLATE_FIELDS,
  type OfficeRole,
  type OfficeTemplateField,
} from './model.ts';
import type { OfficeDetails } from './events.ts';
import { isValidEmail } from '../common/email.ts';
import { isValidVkn, validateProfileParts } from '../profile/rules.ts';
import { slugOf as textSlugOf } from '../text.ts';

/**
 * The office's checks the screen and the server share: pure, each returning the first Turkish message (and the field
 * it is about) or null.
 */
export interface OfficeProblem {
  readonly message: string;
  readonly field: string;
}

const problem = (message: string, field: string): OfficeProblem => ({ message, field });

/** Spaces squeezed, ends trimmed: how every office text is stored. */
export function cleanOfficeText(raw: string): string {
  return raw.replace(/\s+/gu, ' ').trim();
}

export function officeNameProblem(name: string): OfficeProblem | null {
  if (name === '') return problem(OFFICE_MESSAGES.officeNameRequired, 'name');
  if (name.length > OFFICE_NAME_MAX_LENGTH) return problem(OFFICE_MESSAGES.officeNameTooLong, 'name');
  return null;
}

/** The address a name suggests: 'Çınar Emlak Kadıköy' → 'cinar-emlak-kadikoy'. The owner may write another. */
export function slugOf(name: string): string {
  return textSlugOf(name, OFFICE_SLUG_MAX_LENGTH);
}

/** Slugs are compared and stored lower-case, trimmed. */
export function normaliseSlug(raw: string): string {
  return raw.trim().toLowerCase();
}

export function officeSlugProblem(slug: string): OfficeProblem | null {
  if (slug === '') return problem(OFFICE_MESSAGES.officeSlugRequired, 'slug');
  if (slug.length < OFFICE_SLUG_MIN_LENGTH || slug.length > OFFICE_SLUG_MAX_LENGTH || !OFFICE_SLUG_PATTERN.test(slug))
    return problem(OFFICE_MESSAGES.officeSlugInvalid, 'slug');
  return null;
}

export function isOfficeRole(value: unknown): value is OfficeRole {
  return typeof value === 'string' && (OFFICE_ROLES as readonly string[]).includes(value);
}

export function isOfficeTemplateField(value: unknown): value is OfficeTemplateField {
  return typeof value === 'string' && (OFFICE_TEMPLATE_FIELDS as readonly string[]).includes(value);
}

/** The template as sent: known fields only, locked ⊆ fields; answered in the list's own order, without repeats. */
export function checkOfficeTemplate(
  fields: readonly unknown[],
  locked: readonly unknown[],
):
  | { readonly ok: true; readonly fields: OfficeTemplateField[]; readonly locked: OfficeTemplateField[] }
  | ({ readonly ok: false } & OfficeProblem) {
  if (!fields.every(isOfficeTemplateField))
    return { ok: false, ...problem(OFFICE_MESSAGES.officeTemplateFieldInvalid, 'fields') };
  if (!locked.every(isOfficeTemplateField))
    return { ok: false, ...problem(OFFICE_MESSAGES.officeTemplateFieldInvalid, 'locked') };
  if (!locked.every((field) => fields.includes(field)))
    return { ok: false, ...problem(OFFICE_MESSAGES.officeTemplateLockedNotInFields, 'locked') };
  const inOrder = (chosen: readonly unknown[]) => OFFICE_TEMPLATE_FIELDS.filter((field) => chosen.includes(field));
  return { ok: true, fields: inOrder(fields), locked: inOrder(locked) };
}

/** The details as typed, before cleaning. */
export type OfficeDetailsInput = { readonly [K in keyof OfficeDetails]?: unknown };

const TEXT_FIELDS = [
  'company',
  'address',
  'phone',
  'email',
  'website',
  'taxOffice',
  'taxNumber',
  'licenceNumber',
] as const;

function text(value: unknown): string {
  return typeof value === 'string' ? cleanOfficeText(value) : '';
}

/** Cleans and checks the office's details; the first problem in the screen's order, or the details to store. */
export function validateOfficeDetails(
  input: OfficeDetailsInput,
): { readonly ok: true; readonly details: OfficeDetails } | ({ readonly ok: false } & OfficeProblem) {
  const name = text(input.name);
  const nameProblem = officeNameProblem(name);
  if (nameProblem) return { ok: false, ...nameProblem };
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, text(input[field])])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  for (const field of TEXT_FIELDS) {
    if (texts[field].length > OFFICE_DETAIL_LIMITS[field])
      return { ok: false, ...problem(OFFICE_MESSAGES.officeFieldTooLong, field) };
  }
  texts.email = texts.email.toLowerCase();
  if (texts.email !== '' && !isValidEmail(texts.email))
    return { ok: false, ...problem(OFFICE_MESSAGES.officeEmailInvalid, 'email') };
  texts.taxNumber = texts.taxNumber.replace(/\s/gu, '');
  if (texts.taxNumber !== '' && !isValidVkn(texts.taxNumber))
    return { ok: false, ...problem(OFFICE_MESSAGES.officeTaxNumberInvalid, 'taxNumber') };
  const colors = {
    primaryColor: text(input.primaryColor).toLowerCase(),
    secondaryColor: text(input.secondaryColor).toLowerCase(),
  };
  for (const [field, color] of Object.entries(colors)) {
    if (color !== '' && !OFFICE_COLOR_PATTERN.test(color))
      return { ok: false, ...problem(OFFICE_MESSAGES.officeColorInvalid, field) };
  }
  const location = input.location ?? null;
  let place: OfficeDetails['location'] = null;
  if (location !== null) {
    const { lat, lng } = location as { lat?: unknown; lng?: unknown };
    if (typeof lat !== 'number' || typeof lng !== 'number' || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180))
      return { ok: false, ...problem(OFFICE_MESSAGES.officeLocationInvalid, 'location') };
    place = { lat, lng };
  }
  // Theme, bank accounts and payment methods: the profile's own rules and messages.
  const parts = validateProfileParts({
    theme: input.theme ?? '',
    bankAccounts: input.bankAccounts ?? [],
    paymentMethods: input.paymentMethods ?? [],
  });
  if (!parts.ok) return { ok: false, ...problem(parts.problem.message, parts.problem.field) };
  return { ok: true, details: { name, ...texts, ...colors, location: place, ...parts.parts } };
}

/** Details of a new office: its name, everything else empty. */
export function newOfficeDetails(name: string): OfficeDetails {
  return {
    name,
    company: '',
    address: '',
    location: null,
    phone: '',
    email: '',
    website: '',
    taxOffice: '',
    taxNumber: '',
    licenceNumber: '',
    primaryColor: '',
    secondaryColor: '',
    theme: '',
    bankAccounts: [],
    paymentMethods: [],
  };
}
