import type { OfficeDetailsView, OfficeView } from '@kartvizit/schemas/office/http';
import { PAYMENT_TYPE_LABELS, PROFILE_THEMES } from '@kartvizit/schemas/profile/model';
import { formatIban } from '../profile/iban.ts';
import { OFFICE_TEMPLATE_FIELD_LABELS, type OfficeTemplateField } from '@kartvizit/schemas/office/model';
import type { ImageValues, ProfileFormValues } from '../profile/profile-form.ts';

/**
 * What the person's office locks on their card (issue 30, 'Kart Şablonu'): the profile form shows those fields
 * read-only with the office's value, and never sends them as changed (the API would refuse with a 403). Pure.
 */
export interface ProfileLock {
  readonly field: OfficeTemplateField;
  readonly label: string;
  /** The office's value as the card shows it ('' when the office has not written one). */
  readonly officeValue: string;
}

export type ProfileLocks = ReadonlyMap<OfficeTemplateField, ProfileLock>;

export const NO_LOCKS: ProfileLocks = new Map();

const joined = (...parts: readonly string[]) =>
  parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' · ');

/** A theme's Turkish name ('Okyanus'); an unknown one as stored; '' for none. */
export function themeLabel(theme: string): string {
  return PROFILE_THEMES.find((known) => known.value === theme)?.label ?? theme;
}

/** One bank account as a line: 'Ziraat Bankası · TR00 0001 … · TRY'. */
export function bankAccountLine(account: OfficeDetailsView['bankAccounts'][number]): string {
  return joined(
    account.bankName,
    account.accountHolder,
    account.iban ? formatIban(account.iban) : account.accountNumber,
    account.currency,
  );
}

/** One payment method as a line: 'PayPal · Çınar Emlak · odeme@cinar.example'. */
export function paymentMethodLine(method: OfficeDetailsView['paymentMethods'][number]): string {
  return joined(PAYMENT_TYPE_LABELS[method.type], method.accountName, method.accountId || method.qrCode);
}

function officeValueOf(field: OfficeTemplateField, office: OfficeView): string {
  const { details } = office;
  switch (field) {
    case 'company':
      return details.company || details.name;
    case 'companyLogo':
      return office.logoUrl;
    case 'address':
      return details.address;
    case 'companyInfo':
      return joined(details.taxOffice, details.taxNumber);
    case 'theme':
      return themeLabel(details.theme);
    case 'licenceNumber':
      return details.licenceNumber;
    case 'bankAccounts':
      return details.bankAccounts.map(bankAccountLine).join('\n');
    case 'paymentMethods':
      return details.paymentMethods.map(paymentMethodLine).join('\n');
  }
}

/** The locks of `GET /api/offices/current`'s answer; none outside an office. */
export function profileLocksOf(current: { readonly office: OfficeView } | null | undefined): ProfileLocks {
  if (!current) return NO_LOCKS;
  const { office } = current;
  return new Map(
    office.template.locked.map((field) => [
      field,
      { field, label: OFFICE_TEMPLATE_FIELD_LABELS[field], officeValue: officeValueOf(field, office) },
    ]),
  );
}

/**
 * The values to send: every locked part as the server holds it, whatever the form says, so a save never changes
 * a locked field (the server compares against what it holds).
 */
export function withLockedAsSaved(
  values: ProfileFormValues,
  saved: ProfileFormValues,
  locks: ProfileLocks,
): ProfileFormValues {
  if (locks.size === 0) return values;
  return {
    ...values,
    ...(locks.has('company') ? { company: saved.company } : {}),
    ...(locks.has('theme') ? { theme: saved.theme } : {}),
    ...(locks.has('address') ? { address: saved.address, location: saved.location } : {}),
    ...(locks.has('companyInfo') ? { companyInfo: saved.companyInfo } : {}),
    ...(locks.has('bankAccounts') ? { bankAccounts: saved.bankAccounts } : {}),
    ...(locks.has('paymentMethods') ? { paymentMethods: saved.paymentMethods } : {}),
  };
}

/** A locked logo keeps the stored address; a file chosen meanwhile is not sent. */
export function imagesWithLockedAsSaved(images: ImageValues, saved: ImageValues, locks: ProfileLocks): ImageValues {
  if (!locks.has('companyLogo')) return images;
  return { ...images, companyLogo: { ...saved.companyLogo, file: null } };
}
