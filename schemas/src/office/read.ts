import { OFFICE_TEMPLATE_FIELDS, type OfficeTemplateField } from './model.ts';

/**
 * Reading an office as the read model stores it (`rm_offices`), for the public pages, and what its template makes of
 * a member's profile on an office card (decision 61). Read defensively like `readStoredProfile`: a field of the wrong
 * type reads as empty, so a page shows less rather than fails.
 */
export interface StoredOffice {
  readonly officeId: string;
  readonly slug: string;
  readonly name: string;
  readonly details: Readonly<Record<string, unknown>>;
  readonly logoUrl: string;
  /** Fields the office gives its cards, and which of them members cannot change. */
  readonly fields: readonly OfficeTemplateField[];
  readonly locked: readonly OfficeTemplateField[];
}

type Json = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function templateList(value: unknown): OfficeTemplateField[] {
  if (!Array.isArray(value)) return [];
  return OFFICE_TEMPLATE_FIELDS.filter((field) => value.includes(field));
}

/** An office row as the card page selects it (`json_build_object` of rm_offices' columns), or null. */
export function readStoredOffice(row: unknown): StoredOffice | null {
  if (!isRecord(row)) return null;
  const details = isRecord(row.details) ? row.details : {};
  const template = isRecord(row.template) ? row.template : {};
  const fields = templateList(template.fields);
  return {
    officeId: text(row.officeId),
    slug: text(row.slug),
    name: text(details.name),
    details,
    logoUrl: text(row.logoUrl),
    fields,
    locked: templateList(template.locked).filter((field) => fields.includes(field)),
  };
}

/** What the office gives for each template field, in the stored profile's shape ('' / null / []: nothing). */
function officeValues(office: StoredOffice): { readonly [F in OfficeTemplateField]: Json } {
  const { details } = office;
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  const location = isRecord(details.location) ? details.location : null;
  return {
    company: { company: text(details.company) || office.name },
    companyLogo: { companyLogo: office.logoUrl || null },
    address: {
      address: { street: text(details.address), city: '', state: '', zipCode: '', country: '' },
      location,
    },
    companyInfo: {
      companyInfo: {
        taxOffice: text(details.taxOffice),
        taxNumber: text(details.taxNumber),
        mersisNo: '',
        registrationNumber: '',
        foundedYear: null,
      },
    },
    bankAccounts: { bankAccounts: list(details.bankAccounts) },
    paymentMethods: { paymentMethods: list(details.paymentMethods) },
    theme: { theme: text(details.theme) },
    licenceNumber: {},
  };
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(isEmpty);
  return false;
}

/**
 * The profile an office card shows: for each field the template gives, the office's value, where the field is locked
 * or the member left it empty (an unlocked field is the office's default, the member's own value wins). The office
 * giving nothing for a field (no logo yet) leaves the member's.
 */
export function withOfficeTemplate(profile: unknown, office: StoredOffice): Json {
  const own: Json = isRecord(profile) ? profile : {};
  const values = officeValues(office);
  const merged: Record<string, unknown> = { ...own };
  for (const field of office.fields) {
    const locked = office.locked.includes(field);
    for (const [key, value] of Object.entries(values[field])) {
      if (isEmpty(value)) continue;
      if (locked || isEmpty(own[key])) merged[key] = value;
    }
  }
  return merged;
}

/** The yetki belgesi number an office card shows, when the template gives it. */
export function officeLicenceNumber(office: StoredOffice): string {
  return office.fields.includes('licenceNumber') ? text(office.details.licenceNumber) : '';
}
