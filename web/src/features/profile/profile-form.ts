import { DEFAULT_COUNTRY } from '@kartvizit/schemas/constants';
import { OWNER_LANGUAGES, type OwnerLanguage } from '@kartvizit/schemas/language/model';
import { PROFILE_TRANSLATED_FIELDS, type ProfileTranslatedField } from '@kartvizit/schemas/profile/model';
import { compactIban } from './iban.ts';
import { DEFAULT_CURRENCY } from './options.ts';

/**
 * The profile form's values and their two translations: from the profile the server answers with,
 * and into the multipart body the server takes (SPEC §7 "Profile"). Pure: no React, no requests.
 */

export const IMAGE_SLOTS = ['profilePicture', 'coverPhoto', 'companyLogo'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

/**
 * `url` is the stored image ('' = none); `file` a newly chosen one that replaces it on save;
 * `version` says which save the address belongs to (for addresses that do not change with content).
 */
export interface ImageValue {
  readonly url: string;
  readonly file: File | null;
  readonly version: string;
}
export type ImageValues = Readonly<Record<ImageSlot, ImageValue>>;

export interface Coordinates {
  readonly lat: number;
  readonly lng: number;
}

export interface AddressValues {
  readonly street: string;
  readonly city: string;
  readonly state: string;
  readonly zipCode: string;
  readonly country: string;
}

export interface CompanyInfoValues {
  readonly taxOffice: string;
  readonly taxNumber: string;
  readonly mersisNo: string;
  readonly registrationNumber: string;
  readonly foundedYear: string;
}

export interface InvoiceInfoValues {
  readonly recipientName: string;
  readonly taxId: string;
  readonly taxOffice: string;
  readonly address: string;
}

/** Rows carry a `key` of our own so React keeps each row's inputs when another row is removed. */
export interface SocialLinkRow {
  readonly key: string;
  readonly platform: string;
  readonly username: string;
  readonly url: string;
}

export interface BankAccountRow {
  readonly key: string;
  readonly bankName: string;
  readonly accountHolder: string;
  /** Without spaces, upper case; the input shows it in groups of four. */
  readonly iban: string;
  readonly accountNumber: string;
  readonly branchCode: string;
  readonly swiftCode: string;
  readonly currency: string;
}

export interface PaymentMethodRow {
  readonly key: string;
  readonly type: string;
  readonly accountName: string;
  readonly accountId: string;
  readonly qrCode: string;
}

export const SCALAR_FIELDS = [
  'title',
  'jobTitle',
  'firstName',
  'lastName',
  'company',
  'bio',
  'phone',
  'email',
  'website',
  'theme',
  'yetkiBelgesiNo',
] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];

export const ADDRESS_FIELDS = ['street', 'city', 'state', 'zipCode', 'country'] as const;
export const COMPANY_FIELDS = ['taxOffice', 'taxNumber', 'mersisNo', 'registrationNumber', 'foundedYear'] as const;
export const INVOICE_FIELDS = ['recipientName', 'taxId', 'taxOffice', 'address'] as const;

/**
 * 'Diğer Diller' (issue 31, decision 62): the owner's job title, company line and bio in one language. `on` is the
 * switch; the texts of a language switched off stay here until the form is saved, and are not sent.
 */
export interface LanguageValues extends Readonly<Record<ProfileTranslatedField, string>> {
  readonly on: boolean;
}
export type TranslationValues = { readonly [L in OwnerLanguage]: LanguageValues };

export interface ProfileFormValues extends Readonly<Record<ScalarField, string>> {
  /** 'Arama motorlarında görünsün': off unless the owner turns it on. */
  readonly searchable: boolean;
  readonly address: AddressValues;
  readonly location: Coordinates | null;
  readonly companyInfo: CompanyInfoValues;
  readonly invoiceInfo: InvoiceInfoValues;
  readonly socialLinks: readonly SocialLinkRow[];
  readonly bankAccounts: readonly BankAccountRow[];
  readonly paymentMethods: readonly PaymentMethodRow[];
  readonly translations: TranslationValues;
}

export type GroupKey = 'address' | 'companyInfo' | 'invoiceInfo';
export type ListKey = 'socialLinks' | 'bankAccounts' | 'paymentMethods';
export type RowOf<L extends ListKey> = ProfileFormValues[L][number];
export type RowField<L extends ListKey> = Exclude<keyof RowOf<L>, 'key'>;

/**
 * What the form reads from a stored profile. Deliberately loose (every part optional, nulls
 * allowed) so a profile saved by an older version of the product still opens.
 */
export interface StoredProfile {
  readonly title?: string | null;
  readonly jobTitle?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly company?: string | null;
  readonly bio?: string | null;
  readonly phone?: string | null;
  /** The phone as people write it ('0532 123 45 67'); the form shows this one when present. */
  readonly phoneFormatted?: string | null;
  readonly email?: string | null;
  readonly website?: string | null;
  readonly theme?: string | null;
  readonly yetkiBelgesiNo?: string | null;
  readonly profilePicture?: string | null;
  readonly coverPhoto?: string | null;
  readonly companyLogo?: string | null;
  readonly address?: Partial<Record<keyof AddressValues, string | null>> | null;
  readonly location?: { readonly lat?: number | null; readonly lng?: number | null } | null;
  readonly companyInfo?: Partial<Record<keyof CompanyInfoValues, string | number | null>> | null;
  readonly invoiceInfo?: Partial<Record<keyof InvoiceInfoValues, string | null>> | null;
  readonly socialLinks?: ReadonlyArray<Partial<Record<'platform' | 'username' | 'url', string | null>>> | null;
  readonly bankAccounts?: ReadonlyArray<Partial<Record<Exclude<keyof BankAccountRow, 'key'>, string | null>>> | null;
  readonly paymentMethods?: ReadonlyArray<
    Partial<Record<Exclude<keyof PaymentMethodRow, 'key'>, string | null>>
  > | null;
  readonly searchable?: boolean | null;
  readonly translations?:
    | {
        readonly [L in OwnerLanguage]?: Partial<Record<ProfileTranslatedField, string | null>> | null;
      }
    | null;
  readonly updatedAt?: string | null;
}

let rowCounter = 0;
function rowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

function text(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** A stored image address, or '' (the old product wrote the literal 'undefined' for none, SPEC §3). */
function imageUrl(value: string | null | undefined): string {
  const url = text(value).trim();
  return url === 'undefined' || url === 'null' ? '' : url;
}

export function newSocialLink(): SocialLinkRow {
  return { key: rowKey(), platform: 'instagram', username: '', url: '' };
}

export function newBankAccount(accountHolder = ''): BankAccountRow {
  return {
    key: rowKey(),
    bankName: '',
    accountHolder,
    iban: '',
    accountNumber: '',
    branchCode: '',
    swiftCode: '',
    currency: DEFAULT_CURRENCY,
  };
}

export function newPaymentMethod(): PaymentMethodRow {
  return { key: rowKey(), type: 'bankTransfer', accountName: '', accountId: '', qrCode: '' };
}

export const EMPTY_ADDRESS: AddressValues = { street: '', city: '', state: '', zipCode: '', country: DEFAULT_COUNTRY };
const EMPTY_COMPANY: CompanyInfoValues = {
  taxOffice: '',
  taxNumber: '',
  mersisNo: '',
  registrationNumber: '',
  foundedYear: '',
};
const EMPTY_INVOICE: InvoiceInfoValues = { recipientName: '', taxId: '', taxOffice: '', address: '' };

const OFF: LanguageValues = { on: false, jobTitle: '', company: '', bio: '' };
export const NO_TRANSLATIONS: TranslationValues = { en: OFF, ru: OFF, ar: OFF, de: OFF };

/** Whether the owner has written anything in these texts (blanks do not count). */
export function hasTranslatedText(texts: Readonly<Record<ProfileTranslatedField, string>>): boolean {
  return PROFILE_TRANSLATED_FIELDS.some((field) => texts[field].trim() !== '');
}

/** The stored translations in the form: a language with any text is on (decision 62). */
export function translationsToForm(stored: StoredProfile['translations']): TranslationValues {
  const result: Partial<Record<OwnerLanguage, LanguageValues>> = {};
  for (const language of OWNER_LANGUAGES) {
    const own = stored?.[language] ?? {};
    const texts = { jobTitle: text(own.jobTitle), company: text(own.company), bio: text(own.bio) };
    result[language] = { ...texts, on: hasTranslatedText(texts) };
  }
  return result as TranslationValues;
}

export type TranslationsPayload = { [L in OwnerLanguage]?: Partial<Record<ProfileTranslatedField, string>> };

/**
 * What the profile's `translations` says on a save: only the languages switched on, trimmed, blank fields dropped,
 * a language left with nothing dropped. Always sent: `{}` clears what the server holds (decision 62).
 */
export function translationsPayload(values: TranslationValues): TranslationsPayload {
  const result: TranslationsPayload = {};
  for (const language of OWNER_LANGUAGES) {
    const own = values[language];
    if (!own.on) continue;
    const entry: Partial<Record<ProfileTranslatedField, string>> = {};
    for (const field of PROFILE_TRANSLATED_FIELDS) {
      const written = own[field].trim();
      if (written !== '') entry[field] = written;
    }
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  return result;
}

/**
 * The fields of a language switched on that the card shows in Turkish: those left blank whose Turkish value is
 * written (a field blank in Turkish too shows nothing either way).
 */
export function untranslatedFields(values: ProfileFormValues, language: OwnerLanguage): ProfileTranslatedField[] {
  const own = values.translations[language];
  return PROFILE_TRANSLATED_FIELDS.filter((field) => own[field].trim() === '' && values[field].trim() !== '');
}

export const NO_IMAGES: ImageValues = {
  profilePicture: { url: '', file: null, version: '' },
  coverPhoto: { url: '', file: null, version: '' },
  companyLogo: { url: '', file: null, version: '' },
};

/** A new profile: blank, with the account's e-mail and name to start from (SPEC: null profile). */
export function emptyProfileForm(
  user: { readonly email?: string; readonly firstName?: string; readonly lastName?: string } | null,
  defaultTheme = '',
): ProfileFormValues {
  return {
    title: '',
    jobTitle: '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    company: '',
    bio: '',
    phone: '',
    email: user?.email ?? '',
    website: '',
    theme: defaultTheme,
    yetkiBelgesiNo: '',
    searchable: false,
    address: EMPTY_ADDRESS,
    location: null,
    companyInfo: EMPTY_COMPANY,
    invoiceInfo: EMPTY_INVOICE,
    socialLinks: [],
    bankAccounts: [],
    paymentMethods: [],
    translations: NO_TRANSLATIONS,
  };
}

function coordinates(location: StoredProfile['location']): Coordinates | null {
  const lat = location?.lat;
  const lng = location?.lng;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    return null;
  }
  return { lat, lng };
}

export function profileToForm(profile: StoredProfile, defaultTheme = ''): ProfileFormValues {
  const address = profile.address ?? {};
  const company = profile.companyInfo ?? {};
  const invoice = profile.invoiceInfo ?? {};
  return {
    title: text(profile.title),
    jobTitle: text(profile.jobTitle),
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    company: text(profile.company),
    bio: text(profile.bio),
    phone: text(profile.phoneFormatted) || text(profile.phone),
    email: text(profile.email),
    website: text(profile.website),
    theme: text(profile.theme) || defaultTheme,
    yetkiBelgesiNo: text(profile.yetkiBelgesiNo),
    searchable: profile.searchable === true,
    address: {
      street: text(address.street),
      city: text(address.city),
      state: text(address.state),
      zipCode: text(address.zipCode),
      country: text(address.country) || DEFAULT_COUNTRY,
    },
    location: coordinates(profile.location),
    companyInfo: {
      taxOffice: text(company.taxOffice),
      taxNumber: text(company.taxNumber),
      mersisNo: text(company.mersisNo),
      registrationNumber: text(company.registrationNumber),
      foundedYear: text(company.foundedYear),
    },
    invoiceInfo: {
      recipientName: text(invoice.recipientName),
      taxId: text(invoice.taxId),
      taxOffice: text(invoice.taxOffice),
      address: text(invoice.address),
    },
    socialLinks: (profile.socialLinks ?? []).map((link) => ({
      key: rowKey(),
      platform: text(link.platform) || 'other',
      username: text(link.username),
      url: text(link.url),
    })),
    bankAccounts: (profile.bankAccounts ?? []).map((account) => ({
      key: rowKey(),
      bankName: text(account.bankName),
      accountHolder: text(account.accountHolder),
      iban: compactIban(text(account.iban)),
      accountNumber: text(account.accountNumber),
      branchCode: text(account.branchCode),
      swiftCode: text(account.swiftCode),
      currency: text(account.currency) || DEFAULT_CURRENCY,
    })),
    paymentMethods: (profile.paymentMethods ?? []).map((method) => ({
      key: rowKey(),
      type: text(method.type) || 'other',
      accountName: text(method.accountName),
      accountId: text(method.accountId),
      qrCode: text(method.qrCode),
    })),
    translations: translationsToForm(profile.translations),
  };
}

export function profileImages(profile: StoredProfile | null): ImageValues {
  if (!profile) return NO_IMAGES;
  const version = text(profile.updatedAt);
  return {
    profilePicture: { url: imageUrl(profile.profilePicture), file: null, version },
    coverPhoto: { url: imageUrl(profile.coverPhoto), file: null, version },
    companyLogo: { url: imageUrl(profile.companyLogo), file: null, version },
  };
}

function isBlankRow(row: Readonly<Record<string, string>>, ignore: readonly string[]): boolean {
  return Object.entries(row).every(
    ([field, value]) => field === 'key' || ignore.includes(field) || value.trim() === '',
  );
}

/** A row nobody filled in (a select keeps its default) is left out of what is saved. */
export function isBlankSocialLink(row: SocialLinkRow): boolean {
  return isBlankRow({ ...row }, ['platform']);
}

export function isBlankBankAccount(row: BankAccountRow): boolean {
  return isBlankRow({ ...row }, ['currency']);
}

export function isBlankPaymentMethod(row: PaymentMethodRow): boolean {
  return isBlankRow({ ...row }, ['type']);
}

/** The rows worth saving, trimmed and without our React keys; untouched new rows are dropped. */
export function socialLinksPayload(rows: readonly SocialLinkRow[]) {
  return rows
    .filter((row) => !isBlankSocialLink(row))
    .map((row) => ({ platform: row.platform, username: row.username.trim(), url: row.url.trim() }));
}

export function bankAccountsPayload(rows: readonly BankAccountRow[]) {
  return rows
    .filter((row) => !isBlankBankAccount(row))
    .map((row) => ({
      bankName: row.bankName.trim(),
      accountHolder: row.accountHolder.trim(),
      iban: compactIban(row.iban),
      accountNumber: row.accountNumber.trim(),
      branchCode: row.branchCode.trim(),
      swiftCode: row.swiftCode.trim().toUpperCase(),
      currency: row.currency,
    }));
}

export function paymentMethodsPayload(rows: readonly PaymentMethodRow[]) {
  return rows
    .filter((row) => !isBlankPaymentMethod(row))
    .map((row) => ({
      type: row.type,
      accountName: row.accountName.trim(),
      accountId: row.accountId.trim(),
      qrCode: row.qrCode.trim(),
    }));
}

function trimmedGroup<F extends string>(
  fields: readonly F[],
  group: Readonly<Record<F, string>>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const field of fields) result[field] = group[field].trim();
  return result;
}

/**
 * The form's fields as the shared rules take them (nested, lists as arrays): what the screen
 * checks before sending, equal to what the multipart body says.
 */
export function toProfileInput(values: ProfileFormValues) {
  const scalars: Record<string, string> = {};
  for (const field of SCALAR_FIELDS) scalars[field] = values[field].trim();
  return {
    ...scalars,
    searchable: values.searchable,
    address: trimmedGroup(ADDRESS_FIELDS, values.address),
    ...(values.location ? { location: { lat: values.location.lat, lng: values.location.lng } } : {}),
    companyInfo: trimmedGroup(COMPANY_FIELDS, values.companyInfo),
    invoiceInfo: trimmedGroup(INVOICE_FIELDS, values.invoiceInfo),
    socialLinks: socialLinksPayload(values.socialLinks),
    bankAccounts: bankAccountsPayload(values.bankAccounts),
    paymentMethods: paymentMethodsPayload(values.paymentMethods),
    translations: translationsPayload(values.translations),
  };
}

function sentRowIndexes<R>(rows: readonly R[], isBlank: (row: R) => boolean): number[] {
  const indexes: number[] = [];
  rows.forEach((row, index) => {
    if (!isBlank(row)) indexes.push(index);
  });
  return indexes;
}

const IMAGE_FIELD_OF_EXISTING: Readonly<Record<string, ImageSlot>> = {
  existingProfilePicture: 'profilePicture',
  existingCoverPhoto: 'coverPhoto',
  existingCompanyLogo: 'companyLogo',
};

/**
 * The form field a server message is about. The server counts list rows among those sent, and
 * blank rows are not sent: `bankAccounts.0.iban` may be the form's second row.
 */
export function formFieldOf(field: string, values: ProfileFormValues): string {
  const image = IMAGE_FIELD_OF_EXISTING[field];
  if (image) return image;
  const match = /^(socialLinks|bankAccounts|paymentMethods)\.(\d+)((?:\..*)?)$/u.exec(field);
  if (!match) return field;
  const [, list, position, rest] = match;
  let indexes: number[];
  if (list === 'socialLinks') indexes = sentRowIndexes(values.socialLinks, isBlankSocialLink);
  else if (list === 'bankAccounts') indexes = sentRowIndexes(values.bankAccounts, isBlankBankAccount);
  else indexes = sentRowIndexes(values.paymentMethods, isBlankPaymentMethod);
  const formIndex = indexes[Number(position)];
  return formIndex === undefined ? field : `${list}.${formIndex}${rest ?? ''}`;
}

const EXISTING_FIELD: Readonly<Record<ImageSlot, string>> = {
  profilePicture: 'existingProfilePicture',
  coverPhoto: 'existingCoverPhoto',
  companyLogo: 'existingCompanyLogo',
};

/**
 * The multipart body of POST/PUT /api/profile (SPEC §7): scalar fields, dotted names for the
 * nested objects, JSON text for the lists and the translations, and per image either the new file or the address it
 * keeps ('' = removed).
 */
export function toProfileFormData(values: ProfileFormValues, images: ImageValues): FormData {
  const body = new FormData();
  for (const field of SCALAR_FIELDS) {
    body.append(field, field === 'bio' ? values.bio.trim() : values[field].trim());
  }
  body.append('searchable', values.searchable ? 'true' : 'false');
  for (const field of ADDRESS_FIELDS) body.append(`address.${field}`, values.address[field].trim());
  if (values.location) {
    body.append('location.lat', String(values.location.lat));
    body.append('location.lng', String(values.location.lng));
  }
  for (const field of COMPANY_FIELDS) body.append(`companyInfo.${field}`, values.companyInfo[field].trim());
  for (const field of INVOICE_FIELDS) body.append(`invoiceInfo.${field}`, values.invoiceInfo[field].trim());
  body.append('socialLinks', JSON.stringify(socialLinksPayload(values.socialLinks)));
  body.append('bankAccounts', JSON.stringify(bankAccountsPayload(values.bankAccounts)));
  body.append('paymentMethods', JSON.stringify(paymentMethodsPayload(values.paymentMethods)));
  body.append('translations', JSON.stringify(translationsPayload(values.translations)));
  for (const slot of IMAGE_SLOTS) {
    const image = images[slot];
    if (image.file) body.append(slot, image.file, image.file.name);
    else body.append(EXISTING_FIELD[slot], image.url);
  }
  return body;
}

/** Street, city, state and country joined by commas, as the map picker searches for it (SPEC). */
export function addressText(address: AddressValues): string {
  return [address.street, address.city, address.state, address.country]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}
