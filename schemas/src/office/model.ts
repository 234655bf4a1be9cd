/**
 * What offices are made of, apart from their events (issue 30, decision 61). No imports: every side reads it by
 * sub-path.
 */

/** An office member's role: 'admin' is the Yönetici, 'agent' the Danışman. */
export const OFFICE_ROLES = ['admin', 'agent'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];

export const OFFICE_ROLE_LABELS: Readonly<Record<OfficeRole, string>> = { admin: 'Yönetici', agent: 'Danışman' };

/**
 * The card fields an office may give its members' office cards (the template), in the order the screen lists them.
 * A field in the template shows the office's value on every office card; a locked one cannot be changed by a member.
 */
export const OFFICE_TEMPLATE_FIELDS = [
  'company',
  'companyLogo',
  'address',
  'companyInfo',
  'bankAccounts',
  'paymentMethods',
  'theme',
  'licenceNumber',
] as const;
export type OfficeTemplateField = (typeof OFFICE_TEMPLATE_FIELDS)[number];

export const OFFICE_TEMPLATE_FIELD_LABELS: Readonly<Record<OfficeTemplateField, string>> = {
  company: 'Şirket adı',
  companyLogo: 'Logo',
  address: 'Adres',
  companyInfo: 'Fatura bilgileri (VKN)',
  bankAccounts: 'Banka hesapları',
  paymentMethods: 'Ödeme yöntemleri',
  theme: 'Tema',
  licenceNumber: 'Yetki belgesi numarası',
};

/**
 * The profile fields each template field stands for on a card (the office's address is its text and its place on the
 * map). The licence number has no profile field: only office cards show it.
 */
export const OFFICE_TEMPLATE_PROFILE_FIELDS = {
  company: ['company'],
  companyLogo: ['companyLogo'],
  address: ['address', 'location'],
  companyInfo: ['companyInfo'],
  bankAccounts: ['bankAccounts'],
  paymentMethods: ['paymentMethods'],
  theme: ['theme'],
  licenceNumber: [],
} as const satisfies Readonly<Record<OfficeTemplateField, readonly string[]>>;

/** Invitation links live this long (issue 30: seven days). */
export const OFFICE_INVITATION_DAYS = 7;
export const OFFICE_INVITATION_LIFETIME_MS = OFFICE_INVITATION_DAYS * 24 * 60 * 60 * 1000;

export const OFFICE_NAME_MAX_LENGTH = 120;
export const OFFICE_SLUG_MIN_LENGTH = 3;
export const OFFICE_SLUG_MAX_LENGTH = 40;
/** Lower-case ASCII letters, digits and single hyphens inside: what a Turkish name turns into (`slugOf`). */
export const OFFICE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Limits of the office's details (bound the work and the page; the screen shows the same). */
export const OFFICE_DETAIL_LIMITS = {
  company: 150,
  address: 300,
  phone: 30,
  email: 254,
  website: 200,
  taxOffice: 100,
  taxNumber: 20,
  licenceNumber: 30,
} as const;

/** Colours are `#rrggbb`. */
export const OFFICE_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
