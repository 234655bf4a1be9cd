import type { OfficeDetailsBody, OfficeDetailsView, OfficeTemplateView } from '@kartvizit/schemas/office/http';
import {
  OFFICE_ROLE_LABELS,
  OFFICE_TEMPLATE_FIELD_LABELS,
  OFFICE_TEMPLATE_FIELDS,
  type OfficeRole,
  type OfficeTemplateField,
} from '@kartvizit/schemas/office/model';
import {
  cleanOfficeText,
  normaliseSlug,
  officeNameProblem,
  officeSlugProblem,
  slugOf,
  validateOfficeDetails,
  type OfficeProblem,
} from '@kartvizit/schemas/office/rules';
import {
  bankAccountsPayload,
  emptyProfileForm,
  formFieldOf,
  paymentMethodsPayload,
  profileToForm,
  type BankAccountRow,
  type PaymentMethodRow,
  type RowField,
} from '../profile/profile-form.ts';

/**
 * The office screens' forms, pure: what a keystroke does to the form, what is checked before sending and what is sent.
 * The checks are the server's own (schemas/office/rules.ts), so the screen and the API answer with the same words.
 */

// 'Ofis Oluştur' ---------------------------------------------------------------------------------------------------

export interface CreateOfficeForm {
  readonly name: string;
  readonly slug: string;
  /** Once the person writes the address themselves, the name no longer suggests it. */
  readonly slugEdited: boolean;
}

export const EMPTY_CREATE_OFFICE: CreateOfficeForm = { name: '', slug: '', slugEdited: false };

export function withOfficeName(form: CreateOfficeForm, name: string): CreateOfficeForm {
  return { ...form, name, slug: form.slugEdited ? form.slug : slugOf(name) };
}

export function withOfficeSlug(form: CreateOfficeForm, slug: string): CreateOfficeForm {
  // Emptying the field hands the suggestion back to the name.
  const typed = slug.toLowerCase();
  return typed === ''
    ? { ...form, slug: slugOf(form.name), slugEdited: false }
    : { ...form, slug: typed, slugEdited: true };
}

/** The first problem (and its field), or the body to send. */
export function createOfficeRequest(
  form: CreateOfficeForm,
):
  | { readonly ok: true; readonly body: { readonly name: string; readonly slug: string } }
  | ({ readonly ok: false } & OfficeProblem) {
  const name = cleanOfficeText(form.name);
  const slug = normaliseSlug(form.slug);
  const problem = officeNameProblem(name) ?? officeSlugProblem(slug);
  return problem ? { ok: false, ...problem } : { ok: true, body: { name, slug } };
}

/** The office's public page as the form shows it: `https://kartvizit.example/o/cinar-emlak`. */
export function officePageAddress(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/u, '')}/o/${slug}`;
}

// 'Ofisim' ---------------------------------------------------------------------------------------------------------

export const DETAIL_TEXT_FIELDS = [
  'name',
  'company',
  'address',
  'phone',
  'email',
  'website',
  'taxOffice',
  'taxNumber',
  'licenceNumber',
  'primaryColor',
  'secondaryColor',
] as const;
export type DetailTextField = (typeof DETAIL_TEXT_FIELDS)[number];

/**
 * The text fields, and the card values the template can give (decision 61): the theme and the two lists, held as the
 * profile form holds them (rows with React keys, IBAN without spaces), so both screens edit them with one component.
 */
export interface OfficeDetailsForm extends Readonly<Record<DetailTextField, string>> {
  readonly theme: string;
  readonly bankAccounts: readonly BankAccountRow[];
  readonly paymentMethods: readonly PaymentMethodRow[];
}

export const DETAIL_LABELS: Readonly<Record<DetailTextField, string>> = {
  name: 'Ofis adı',
  company: 'Şirket unvanı',
  address: 'Adres',
  phone: 'Telefon',
  email: 'E-posta',
  website: 'Web sitesi',
  taxOffice: 'Vergi dairesi',
  taxNumber: 'Vergi kimlik numarası (VKN)',
  licenceNumber: 'Taşınmaz Ticareti Yetki Belgesi No',
  primaryColor: 'Ana renk',
  secondaryColor: 'İkincil renk',
};

export function detailsToForm(details: OfficeDetailsView): OfficeDetailsForm {
  const texts = Object.fromEntries(DETAIL_TEXT_FIELDS.map((field) => [field, details[field]])) as Record<
    DetailTextField,
    string
  >;
  // The profile form's own reading of stored lists (rows, keys, defaults).
  const lists = profileToForm({ bankAccounts: details.bankAccounts, paymentMethods: details.paymentMethods });
  return { ...texts, theme: details.theme, bankAccounts: lists.bankAccounts, paymentMethods: lists.paymentMethods };
}

/** A row of one of the lists changed, as the profile form's row edit does. */
export function withBankAccountChange(
  form: OfficeDetailsForm,
  index: number,
  field: RowField<'bankAccounts'>,
  value: string,
): OfficeDetailsForm {
  return {
    ...form,
    bankAccounts: form.bankAccounts.map((row, at) => (at === index ? { ...row, [field]: value } : row)),
  };
}

export function withPaymentMethodChange(
  form: OfficeDetailsForm,
  index: number,
  field: RowField<'paymentMethods'>,
  value: string,
): OfficeDetailsForm {
  return {
    ...form,
    paymentMethods: form.paymentMethods.map((row, at) => (at === index ? { ...row, [field]: value } : row)),
  };
}

/** What the form would send, without the rows' keys and the rows nobody filled in (as the profile sends them). */
function sentDetails(form: OfficeDetailsForm) {
  const texts = Object.fromEntries(DETAIL_TEXT_FIELDS.map((field) => [field, form[field]])) as Record<
    DetailTextField,
    string
  >;
  return {
    ...texts,
    theme: form.theme,
    bankAccounts: bankAccountsPayload(form.bankAccounts),
    paymentMethods: paymentMethodsPayload(form.paymentMethods),
  };
}

/**
 * The form field a problem is about. The rules count list rows among those sent, and blank rows are not sent:
 * `bankAccounts.0.iban` may be the form's second row (the profile's mapping).
 */
export function detailsFieldOf(field: string, form: OfficeDetailsForm): string {
  return formFieldOf(field, {
    ...emptyProfileForm(null),
    bankAccounts: form.bankAccounts,
    paymentMethods: form.paymentMethods,
  });
}

/** Checked as the server checks it; the office's map location is kept as it was (this form does not edit it). */
export function officeDetailsRequest(
  form: OfficeDetailsForm,
  location: OfficeDetailsView['location'],
): { readonly ok: true; readonly body: OfficeDetailsBody } | ({ readonly ok: false } & OfficeProblem) {
  const checked = validateOfficeDetails({ ...sentDetails(form), location });
  if (!checked.ok) return { ok: false, message: checked.message, field: detailsFieldOf(checked.field, form) };
  const { details } = checked;
  return {
    ok: true,
    body: {
      ...details,
      location: details.location ? { ...details.location } : null,
      bankAccounts: details.bankAccounts.map((account) => ({ ...account })),
      paymentMethods: details.paymentMethods.map((method) => ({ ...method })),
    },
  };
}

export function detailsChanged(form: OfficeDetailsForm, saved: OfficeDetailsView): boolean {
  return JSON.stringify(sentDetails(form)) !== JSON.stringify(sentDetails(detailsToForm(saved)));
}

// 'Kart Şablonu' ---------------------------------------------------------------------------------------------------

export interface TemplateRow {
  readonly field: OfficeTemplateField;
  readonly label: string;
  readonly fromOffice: boolean;
  readonly locked: boolean;
}

export function templateRows(template: OfficeTemplateView): TemplateRow[] {
  return OFFICE_TEMPLATE_FIELDS.map((field) => ({
    field,
    label: OFFICE_TEMPLATE_FIELD_LABELS[field],
    fromOffice: template.fields.includes(field),
    locked: template.locked.includes(field),
  }));
}

/** Only a field that comes from the office can be locked: unticking 'Ofisten gelsin' unlocks it too. */
export function withFromOffice(rows: readonly TemplateRow[], field: OfficeTemplateField, on: boolean): TemplateRow[] {
  return rows.map((row) => (row.field === field ? { ...row, fromOffice: on, locked: on && row.locked } : row));
}

/** Locking a field makes it come from the office. */
export function withLocked(rows: readonly TemplateRow[], field: OfficeTemplateField, on: boolean): TemplateRow[] {
  return rows.map((row) => (row.field === field ? { ...row, locked: on, fromOffice: on || row.fromOffice } : row));
}

export function templateBody(rows: readonly TemplateRow[]): {
  fields: OfficeTemplateField[];
  locked: OfficeTemplateField[];
} {
  return {
    fields: rows.filter((row) => row.fromOffice).map((row) => row.field),
    locked: rows.filter((row) => row.locked).map((row) => row.field),
  };
}

export function templateChanged(rows: readonly TemplateRow[], saved: OfficeTemplateView): boolean {
  const body = templateBody(rows);
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((item) => b.includes(item));
  return !same(body.fields, saved.fields) || !same(body.locked, saved.locked);
}

// 'Ekip' -----------------------------------------------------------------------------------------------------------

export function roleLabel(role: OfficeRole): string {
  return OFFICE_ROLE_LABELS[role];
}

export const INVITATION_STATUS_LABELS = {
  pending: 'Bekliyor',
  accepted: 'Kabul edildi',
  revoked: 'Geri alındı',
  expired: 'Süresi doldu',
} as const;

/** The person's name as lists show it; the address when they wrote none. */
export function memberName(member: {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/**
 * An address shown to someone not yet signed in (the invitation page): enough to recognise one's own, not enough to
 * learn someone else's: 'a***@ornek.com'. The server may already mask it; masking twice changes nothing.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  if (/^.\*+$/u.test(local)) return email;
  return `${local.charAt(0)}***${email.slice(at)}`;
}

// 'Ofis Geçmişi' ---------------------------------------------------------------------------------------------------

export interface HistoryLineInput {
  readonly type:
    | 'created'
    | 'details-changed'
    | 'logo-changed'
    | 'template-changed'
    | 'second-step-required'
    | 'second-step-optional'
    | 'invited'
    | 'invitation-revoked'
    | 'joined'
    | 'role-changed'
    | 'left'
    | 'removed'
    | 'rems-linked'
    | 'rems-unlinked';
  readonly actorName: string;
  readonly subjectName: string;
  readonly role: OfficeRole | null;
}

/** One change as a Turkish sentence: who did what, to whom. */
export function historyLine({ type, actorName, subjectName, role }: HistoryLineInput): string {
  const actor = actorName.trim() || 'Bir üye';
  const subject = subjectName.trim() || 'bir kişi';
  const as = role ? ` (${OFFICE_ROLE_LABELS[role]})` : '';
  switch (type) {
    case 'created':
      return `${actor} ofisi oluşturdu`;
    case 'details-changed':
      return `${actor} ofis bilgilerini değiştirdi`;
    case 'logo-changed':
      return `${actor} ofisin logosunu değiştirdi`;
    case 'template-changed':
      return `${actor} kart şablonunu değiştirdi`;
    case 'second-step-required':
      return `${actor} tüm üyeler için iki adımlı doğrulamayı zorunlu yaptı`;
    case 'second-step-optional':
      return `${actor} iki adımlı doğrulama zorunluluğunu kaldırdı`;
    case 'invited':
      return `${actor}, ${subject} adresini davet etti${as}`;
    case 'invitation-revoked':
      return `${actor}, ${subject} davetini geri aldı`;
    case 'joined':
      return `${subject} ofise katıldı${as}`;
    case 'role-changed':
      return role
        ? `${actor}, ${subject} kişisini ${OFFICE_ROLE_LABELS[role]} yaptı`
        : `${actor}, ${subject} kişisinin rolünü değiştirdi`;
    case 'left':
      return `${subject} ofisten ayrıldı`;
    case 'removed':
      return `${actor}, ${subject} kişisini ofisten çıkardı`;
    case 'rems-linked':
      return `${actor} ofisin REMS hesabını bağladı`;
    case 'rems-unlinked':
      return `${actor} ofisin REMS bağlantısını kaldırdı`;
  }
}
